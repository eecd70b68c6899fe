import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentFormat } from '@keyfob/shared/documents';
import { parseDocuments } from '@keyfob/shared/documents';
import type { Span } from './helpers.ts';
import { span, textSpan } from './helpers.ts';

interface ProblemCase {
  readonly name: string;
  readonly format: DocumentFormat;
  readonly text: string;
  /** The first problem of the given document: code, path, range, and a loose message match. */
  readonly code: string;
  readonly path: string;
  readonly range: Span;
  readonly document?: number;
  readonly message?: RegExp;
  /** The document's value, when it matters which duplicate won. */
  readonly value?: unknown;
}

const cases: ProblemCase[] = [
  // YAML syntax errors keep the library's own span, never the whole document.
  {
    name: 'nested mapping in a compact one',
    format: 'yaml',
    text: 'a: b: c\n',
    code: 'DOC_YAML_SYNTAX',
    path: '/a/b',
    range: [1, 4, 1, 5],
    message: /compact/,
  },
  {
    name: 'quote never closed: on the last visible character',
    format: 'yaml',
    text: 'a: "open\nb: 1\n',
    code: 'DOC_YAML_SYNTAX',
    path: '/a',
    range: [2, 4, 2, 5],
    message: /quote/,
  },
  // The library recovers with an empty key after `a: b`, hence the pointer "/".
  {
    name: 'zero-width error widened to one character',
    format: 'yaml',
    text: 'a: b\n- c',
    code: 'DOC_YAML_SYNTAX',
    path: '/',
    range: [2, 1, 2, 2],
  },
  {
    name: 'mapping items not aligned',
    format: 'yaml',
    text: 'a:\n  b: 1\n c: 2\n',
    code: 'DOC_YAML_SYNTAX',
    path: '',
    range: [3, 1, 3, 2],
    message: /same column/,
  },
  {
    name: 'flow sequence not closed',
    format: 'yaml',
    text: 'a: [1, 2\nb: 1\n',
    code: 'DOC_YAML_SYNTAX',
    path: '/b',
    range: [2, 1, 2, 2],
  },
  {
    name: 'error in the second document',
    format: 'yaml',
    text: 'ok: 1\n---\nbad: [\n',
    document: 1,
    code: 'DOC_YAML_SYNTAX',
    path: '/bad',
    range: [3, 6, 3, 7],
  },
  {
    name: 'unknown tag is a warning',
    format: 'yaml',
    text: 'a: !foo x\n',
    code: 'DOC_YAML_WARNING',
    path: '/a',
    range: [1, 4, 1, 8],
    message: /!foo/,
  },
  // Duplicate keys: the later key gets the problem and its value is the one kept.
  {
    name: 'duplicate key in YAML',
    format: 'yaml',
    text: 'a: 1\na: 2\n',
    code: 'DOC_DUPLICATE_KEY',
    path: '/a',
    range: [2, 1, 2, 2],
    message: /line 1/,
    value: { a: 2 },
  },
  {
    name: 'duplicate nested map',
    format: 'yaml',
    text: 'm:\n  x: 1\nm:\n  y: 2\n',
    code: 'DOC_DUPLICATE_KEY',
    path: '/m',
    range: [3, 1, 3, 2],
    value: { m: { y: 2 } },
  },
  {
    name: 'duplicate in a flow map',
    format: 'yaml',
    text: 'f: {k: 1, k: 2}\n',
    code: 'DOC_DUPLICATE_KEY',
    path: '/f/k',
    range: [1, 11, 1, 12],
    value: { f: { k: 2 } },
  },
  {
    name: 'a number key and its string spelling collide',
    format: 'yaml',
    text: '1: a\n"1": b\n',
    code: 'DOC_DUPLICATE_KEY',
    path: '/1',
    range: [2, 1, 2, 4],
    value: { 1: 'b' },
  },
  {
    name: 'list as key',
    format: 'yaml',
    text: '[a, b]: 1\nc: 2\n',
    code: 'DOC_KEY_NOT_STRING',
    path: '',
    range: [1, 1, 1, 7],
    value: { c: 2 },
  },
  {
    name: 'alias to no anchor',
    format: 'yaml',
    text: 'a: *nope\n',
    code: 'DOC_YAML_BAD_ALIAS',
    path: '/a',
    range: [1, 4, 1, 9],
    value: { a: null },
  },
  {
    name: 'alias inside its own anchor',
    format: 'yaml',
    text: 'a: &x [*x]\n',
    code: 'DOC_YAML_BAD_ALIAS',
    path: '/a/0',
    range: [1, 8, 1, 10],
  },
  // JSON(C): the parser's offset and length.
  {
    name: 'JSON missing comma',
    format: 'json',
    text: '{\n  "a": 1\n  "b": 2\n}\n',
    code: 'DOC_JSON_SYNTAX',
    path: '/b',
    range: [3, 3, 3, 6],
    message: /comma/,
  },
  {
    name: 'JSON bad literal',
    format: 'json',
    text: '{"a": tru}',
    code: 'DOC_JSON_SYNTAX',
    path: '',
    range: [1, 7, 1, 10],
  },
  {
    name: 'JSON object never closed',
    format: 'json',
    text: '{"a": 1',
    code: 'DOC_JSON_SYNTAX',
    path: '/a',
    range: [1, 7, 1, 8],
    message: /not closed/,
  },
  {
    name: 'JSON single quotes',
    format: 'json',
    text: "{'a': 1}",
    code: 'DOC_JSON_SYNTAX',
    path: '',
    range: [1, 2, 1, 5],
    message: /double quotes, not single quotes \(write "a"\)/,
  },
  {
    name: 'JSON unquoted name',
    format: 'json',
    text: '{\n  name: "x"\n}',
    code: 'DOC_JSON_SYNTAX',
    path: '',
    range: [2, 3, 2, 7],
    message: /name needs double quotes \("name"\)/,
  },
  {
    name: 'JSON Python literal',
    format: 'json',
    text: '{"a": True}',
    code: 'DOC_JSON_SYNTAX',
    path: '',
    range: [1, 7, 1, 11],
    message: /True as true/,
  },
  {
    name: 'JSON comment in strict JSON',
    format: 'json',
    text: '{\n  // why\n  "a": 1\n}',
    code: 'DOC_JSON_COMMENT',
    path: '',
    range: [2, 3, 2, 9],
    message: /\.jsonc/,
    value: { a: 1 },
  },
  {
    name: 'JSON trailing comma in an array',
    format: 'json',
    text: '{"a": [1, 2,]}',
    code: 'DOC_JSON_TRAILING_COMMA',
    path: '/a',
    range: [1, 12, 1, 13],
    value: { a: [1, 2] },
  },
  {
    name: 'JSON trailing comma in an object',
    format: 'json',
    text: '{\n  "a": 1,\n}\n',
    code: 'DOC_JSON_TRAILING_COMMA',
    path: '',
    range: [2, 9, 2, 10],
  },
  {
    name: 'YAML flow nested 2,500 deep',
    format: 'yaml',
    text: `a: ${'['.repeat(2500)}${']'.repeat(2500)}\n`,
    code: 'DOC_TOO_DEEP',
    path: '',
    range: [1, 103, 1, 104],
    value: null,
  },
  {
    name: 'YAML compact sequences 3,000 deep',
    format: 'yaml',
    text: `${'- '.repeat(3000)}x\n`,
    code: 'DOC_TOO_DEEP',
    path: '',
    range: [1, 201, 1, 202],
    value: null,
  },
  {
    name: 'YAML block maps 300 deep',
    format: 'yaml',
    text: Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n'),
    code: 'DOC_TOO_DEEP',
    path: '',
    range: [101, 101, 101, 102],
    value: null,
  },
  {
    name: 'JSON array nested 6,000 deep (12 KB)',
    format: 'json',
    text: `${'['.repeat(6000)}${']'.repeat(6000)}`,
    code: 'DOC_TOO_DEEP',
    path: '',
    range: [1, 101, 1, 102],
    value: null,
  },
  {
    name: 'JSON duplicate key',
    format: 'json',
    text: '{\n  "a": {"x": 1},\n  "a": {"y": 2}\n}',
    code: 'DOC_DUPLICATE_KEY',
    path: '/a',
    range: [3, 3, 3, 6],
    message: /line 2/,
    value: { a: { y: 2 } },
  },
];

describe('parseDocuments: problems', () => {
  for (const c of cases) {
    it(c.name, () => {
      const file = parseDocuments(c.text, c.format);
      const doc = file.documents[c.document ?? 0];
      const problem = doc?.problems[0];
      assert.ok(problem, 'a problem is reported');
      assert.equal(problem.code, c.code);
      assert.equal(problem.path, c.path);
      assert.deepEqual(textSpan(problem.range), c.range);
      assert.equal(problem.document, c.document ?? 0);
      assert.ok(problem.message.length > 0);
      if (c.message) assert.match(problem.message, c.message);
      if ('value' in c) assert.deepEqual(doc?.value, c.value);
    });
  }

  it('drops the locations of an overridden value', () => {
    const doc = parseDocuments('m:\n  x: 1\nm:\n  y: 2\n', 'yaml').documents[0];
    assert.equal(doc?.locations.has('/m/x'), false);
    const file = parseDocuments('m:\n  x: 1\nm:\n  y: 2\n', 'yaml');
    assert.deepEqual(span(file, doc?.locations.get('/m/y')?.value), [4, 6, 4, 7]);
  });

  it('drops the locations of an overridden JSON value', () => {
    const file = parseDocuments('{"a": {"x": 1}, "a": {"y": 2}}', 'json');
    const doc = file.documents[0];
    assert.equal(doc?.locations.has('/a/x'), false);
    assert.deepEqual(span(file, doc?.locations.get('/a')?.key), [1, 17, 1, 20]);
  });

  it('reports one syntax error, not the echoes the parser finds after it', () => {
    const text = "{\n  'name': 'x',\n  'credential_type': 'iam_user',\n  'ttl': '1h'\n}\n";
    const problems = parseDocuments(text, 'json').documents[0]?.problems ?? [];
    assert.deepEqual(
      problems.map((p) => [p.code, ...(textSpan(p.range) ?? [])]),
      [['DOC_JSON_SYNTAX', 2, 3, 2, 9]],
    );
  });

  it('allows comments and trailing commas in JSONC only', () => {
    const text = '{\n  // why\n  "a": [1, 2,],\n}';
    const strict = parseDocuments(text, 'json').documents[0];
    assert.deepEqual(
      strict?.problems.map((p) => p.code),
      ['DOC_JSON_COMMENT', 'DOC_JSON_TRAILING_COMMA', 'DOC_JSON_TRAILING_COMMA'],
    );
    assert.ok(strict?.problems.every((p) => p.severity === 'error'));
    const jsonc = parseDocuments(text, 'json', { jsonc: true }).documents[0];
    assert.deepEqual(jsonc?.problems, []);
    assert.deepEqual(jsonc?.value, { a: [1, 2] });
  });

  it('reads the other documents of a stream when one nests too deep', () => {
    const text = `a: 1\n---\nb: ${'['.repeat(500)}${']'.repeat(500)}\n---\nc: [[x]]\n`;
    const file = parseDocuments(text, 'yaml');
    assert.deepEqual(
      file.documents.map((d) => d.value),
      [{ a: 1 }, null, { c: [['x']] }],
    );
    assert.deepEqual(
      file.documents.map((d) => d.problems.map((p) => p.code)),
      [[], ['DOC_TOO_DEEP'], []],
    );
  });

  it('reads nesting up to the limit, and files whose brackets are not nesting', () => {
    const deepest = `${'['.repeat(99)}1${']'.repeat(99)}`;
    assert.deepEqual(parseDocuments(`a: ${deepest}\n`, 'yaml').documents[0]?.problems, []);
    assert.deepEqual(parseDocuments(deepest, 'json').documents[0]?.problems, []);
    const plain = `${Array.from({ length: 150 }, (_, i) => `k${i}: "[[[[ {{ ${i}" # [[[\nv${i}: it's a[0] {x} |\n`).join('')}`;
    const doc = parseDocuments(plain, 'yaml').documents[0];
    assert.deepEqual(doc?.problems, []);
    assert.equal(Object.keys(doc?.value as object).length, 300);
    const block = `doc: |\n${Array.from({ length: 300 }, (_, i) => `  ${'  '.repeat(i % 50)}[[[[[[[[\n`).join('')}after: 1\n`;
    assert.deepEqual(parseDocuments(block, 'yaml').documents[0]?.problems, []);
  });

  it('stops an alias bomb instead of expanding it', () => {
    const levels = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${'abcdefghij'[i]}: &${'abcdefghij'[i]} [${Array(10)
          .fill(`*${'abcdefghij'[i - 1]}`)
          .join(', ')}]`,
      );
    const doc = parseDocuments(`${levels.join('\n')}\n`, 'yaml').documents[0];
    assert.ok(doc?.problems.some((p) => p.code === 'DOC_YAML_BAD_ALIAS'));
    assert.ok(JSON.stringify(doc?.value).length < 50_000_000);
  });

  it('reports problems only inside the file, at least one character wide', () => {
    const texts = ['a: "x', "a: 'x", 'a: [1, 2', 'a: {b: 1', 'a: b\n- c', '- [a, b\n- c', '{"a": ', '[1,'];
    for (const text of texts) {
      for (const format of ['yaml', 'json'] as const) {
        for (const problem of parseDocuments(text, format).documents.flatMap((d) => d.problems)) {
          assert.ok(problem.range, `${format} ${JSON.stringify(text)} ${problem.code}`);
          assert.ok(
            problem.range.start >= 0 && problem.range.end <= text.length && problem.range.end > problem.range.start,
          );
        }
      }
    }
  });
});

describe('parseDocuments (JSONC): locations', () => {
  const text =
    '{\r\n  // a comment\r\n  "name": "deploy", /* inline */\r\n  "tags": {"k/~": [1, true, null]},\r\n  "é😀": 1.5e3\r\n}\r\n';
  const rows: { pointer: string; key: Span | null; value: Span }[] = [
    { pointer: '', key: null, value: [1, 1, 6, 2] },
    { pointer: '/name', key: [3, 3, 3, 9], value: [3, 11, 3, 19] },
    { pointer: '/tags', key: [4, 3, 4, 9], value: [4, 11, 4, 35] },
    { pointer: '/tags/k~1~0', key: [4, 12, 4, 17], value: [4, 19, 4, 34] },
    { pointer: '/tags/k~1~0/1', key: null, value: [4, 23, 4, 27] },
    { pointer: '/é😀', key: [5, 3, 5, 8], value: [5, 10, 5, 15] },
  ];
  for (const row of rows) {
    it(`locates ${JSON.stringify(row.pointer)}`, () => {
      const file = parseDocuments(text, 'json', { jsonc: true });
      const location = file.documents[0]?.locations.get(row.pointer);
      assert.ok(location);
      assert.deepEqual(span(file, location.key) ?? null, row.key);
      assert.deepEqual(span(file, location.value), row.value);
    });
  }

  it('reads comments without problems and keeps the data', () => {
    const doc = parseDocuments(text, 'json', { jsonc: true }).documents[0];
    assert.deepEqual(doc?.problems, []);
    assert.deepEqual(doc?.value, { name: 'deploy', tags: { 'k/~': [1, true, null] }, 'é😀': 1500 });
  });

  it('reads past a byte order mark without moving offsets', () => {
    const file = parseDocuments('\uFEFF{"a": 1}', 'json');
    assert.deepEqual(file.documents[0]?.problems, []);
    assert.deepEqual(span(file, file.documents[0]?.locations.get('/a')?.key), [1, 3, 1, 6]);
  });

  it('treats an empty file as null without problems', () => {
    const doc = parseDocuments('  // nothing\n', 'json', { jsonc: true }).documents[0];
    assert.equal(doc?.value, null);
    assert.deepEqual(doc?.problems, []);
  });
});

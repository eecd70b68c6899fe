import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocuments } from '@keyfob/shared/documents';
import type { Span } from './helpers.ts';
import { span } from './helpers.ts';

interface LocationCase {
  readonly name: string;
  readonly text: string;
  readonly document?: number;
  readonly pointer: string;
  /** Expected key range, or null when the node has none (array items, the root). */
  readonly key: Span | null;
  readonly value: Span;
  readonly data?: unknown;
  readonly alias?: boolean;
}

const ROLE = 'name: deploy\nttl: 1h\n';
const NESTED = 'role_arns:\n- arn:aws:iam::1:role/a\n- name: x\n  tags: [a, b]\n';
const FLOW = '{a: 1, b: [x, {c: d}]}';
const MULTI = '# first\na: 1\n---\na: 2\n--- # third\nb:\n  c: 3\n';
const ANCHORS = 'base: &b\n  x: 1\ncopy: *b\nlist: [&i item, *i]\n';
const BLOCKS = 'doc: |\n  line one\n  line two\nfolded: >-\n  a\n  b\nnext: 1\n';
const NUMBERS = "o: 0o17\ne: 1e3\nh: 0x1F\ny: yes\nn: ~\nf: -.5\ns: '0o17'\n";

const cases: LocationCase[] = [
  { name: 'block map key', text: ROLE, pointer: '/name', key: [1, 1, 1, 5], value: [1, 7, 1, 13], data: 'deploy' },
  { name: 'block map second member', text: ROLE, pointer: '/ttl', key: [2, 1, 2, 4], value: [2, 6, 2, 8], data: '1h' },
  { name: 'root spans the content', text: ROLE, pointer: '', key: null, value: [1, 1, 2, 8] },
  {
    name: 'sequence at the key indentation',
    text: NESTED,
    pointer: '/role_arns',
    key: [1, 1, 1, 10],
    value: [2, 1, 4, 15],
  },
  {
    name: 'sequence item',
    text: NESTED,
    pointer: '/role_arns/0',
    key: null,
    value: [2, 3, 2, 24],
    data: 'arn:aws:iam::1:role/a',
  },
  { name: 'compact map in a sequence', text: NESTED, pointer: '/role_arns/1', key: null, value: [3, 3, 4, 15] },
  { name: 'compact map member', text: NESTED, pointer: '/role_arns/1/name', key: [3, 3, 3, 7], value: [3, 9, 3, 10] },
  {
    name: 'flow sequence in block map',
    text: NESTED,
    pointer: '/role_arns/1/tags',
    key: [4, 3, 4, 7],
    value: [4, 9, 4, 15],
  },
  {
    name: 'flow sequence item',
    text: NESTED,
    pointer: '/role_arns/1/tags/1',
    key: null,
    value: [4, 13, 4, 14],
    data: 'b',
  },
  { name: 'flow map at the root', text: FLOW, pointer: '', key: null, value: [1, 1, 1, 23] },
  { name: 'flow sequence in flow map', text: FLOW, pointer: '/b', key: [1, 8, 1, 9], value: [1, 11, 1, 22] },
  {
    name: 'flow map in flow sequence',
    text: FLOW,
    pointer: '/b/1/c',
    key: [1, 16, 1, 17],
    value: [1, 19, 1, 20],
    data: 'd',
  },
  { name: 'first document', text: MULTI, document: 0, pointer: '/a', key: [2, 1, 2, 2], value: [2, 4, 2, 5], data: 1 },
  { name: 'second document', text: MULTI, document: 1, pointer: '/a', key: [4, 1, 4, 2], value: [4, 4, 4, 5], data: 2 },
  {
    name: 'third document, after a commented marker',
    text: MULTI,
    document: 2,
    pointer: '/b/c',
    key: [7, 3, 7, 4],
    value: [7, 6, 7, 7],
  },
  {
    name: 'CRLF line ends',
    text: 'a: 1\r\nb:\r\n  c: two\r\n',
    pointer: '/b/c',
    key: [3, 3, 3, 4],
    value: [3, 6, 3, 9],
    data: 'two',
  },
  {
    name: 'CRLF map ends before the carriage return',
    text: 'a: 1\r\nb:\r\n  c: two\r\n',
    pointer: '/b',
    key: [2, 1, 2, 2],
    value: [3, 3, 3, 9],
  },
  // The byte order mark is one UTF-16 unit of the text, so it takes column 1 of the first line.
  {
    name: 'byte order mark',
    text: '\uFEFFa: 1\nb: 2\n',
    pointer: '/a',
    key: [1, 2, 1, 3],
    value: [1, 5, 1, 6],
    data: 1,
  },
  {
    name: 'byte order mark before a sequence',
    text: '\uFEFF- x\n- y\n',
    pointer: '/1',
    key: null,
    value: [2, 3, 2, 4],
    data: 'y',
  },
  {
    name: 'astral characters count two columns',
    text: 'emoji: 😀😀\nafter: é\n',
    pointer: '/emoji',
    key: [1, 1, 1, 6],
    value: [1, 8, 1, 12],
  },
  {
    name: 'after a line of astral characters',
    text: 'emoji: 😀😀\nafter: é\n',
    pointer: '/after',
    key: [2, 1, 2, 6],
    value: [2, 8, 2, 9],
  },
  { name: 'astral key', text: '😀: a\n', pointer: '/😀', key: [1, 1, 1, 3], value: [1, 5, 1, 6] },
  { name: 'anchored map', text: ANCHORS, pointer: '/base', key: [1, 1, 1, 5], value: [2, 3, 2, 7], data: { x: 1 } },
  {
    name: 'alias location is the alias',
    text: ANCHORS,
    pointer: '/copy',
    key: [3, 1, 3, 5],
    value: [3, 7, 3, 9],
    data: { x: 1 },
    alias: true,
  },
  {
    name: 'anchored scalar starts at its value',
    text: ANCHORS,
    pointer: '/list/0',
    key: null,
    value: [4, 11, 4, 15],
    data: 'item',
  },
  {
    name: 'alias in flow',
    text: ANCHORS,
    pointer: '/list/1',
    key: null,
    value: [4, 17, 4, 19],
    data: 'item',
    alias: true,
  },
  {
    name: 'literal block scalar',
    text: BLOCKS,
    pointer: '/doc',
    key: [1, 1, 1, 4],
    value: [1, 6, 3, 11],
    data: 'line one\nline two\n',
  },
  {
    name: 'folded block scalar',
    text: BLOCKS,
    pointer: '/folded',
    key: [4, 1, 4, 7],
    value: [4, 9, 6, 4],
    data: 'a b',
  },
  { name: 'after block scalars', text: BLOCKS, pointer: '/next', key: [7, 1, 7, 5], value: [7, 7, 7, 8], data: 1 },
  { name: 'octal', text: NUMBERS, pointer: '/o', key: [1, 1, 1, 2], value: [1, 4, 1, 8], data: 15 },
  { name: 'exponent', text: NUMBERS, pointer: '/e', key: [2, 1, 2, 2], value: [2, 4, 2, 7], data: 1000 },
  { name: 'hexadecimal', text: NUMBERS, pointer: '/h', key: [3, 1, 3, 2], value: [3, 4, 3, 8], data: 31 },
  {
    name: 'yes stays a string (YAML 1.2)',
    text: NUMBERS,
    pointer: '/y',
    key: [4, 1, 4, 2],
    value: [4, 4, 4, 7],
    data: 'yes',
  },
  { name: 'tilde is null', text: NUMBERS, pointer: '/n', key: [5, 1, 5, 2], value: [5, 4, 5, 5], data: null },
  {
    name: 'float without leading digit',
    text: NUMBERS,
    pointer: '/f',
    key: [6, 1, 6, 2],
    value: [6, 4, 6, 7],
    data: -0.5,
  },
  {
    name: 'quoted number stays a string, quotes in range',
    text: NUMBERS,
    pointer: '/s',
    key: [7, 1, 7, 2],
    value: [7, 4, 7, 10],
    data: '0o17',
  },
  {
    name: 'multi-line plain scalar',
    text: 'desc: this is\n  continued\nother: x\n',
    pointer: '/desc',
    key: [1, 1, 1, 5],
    value: [1, 7, 2, 12],
    data: 'this is continued',
  },
  {
    name: 'key holding a slash',
    text: 'a/b: 1\nc~d: 2\n"~1": 3\n',
    pointer: '/a~1b',
    key: [1, 1, 1, 4],
    value: [1, 6, 1, 7],
    data: 1,
  },
  {
    name: 'key holding a tilde',
    text: 'a/b: 1\nc~d: 2\n"~1": 3\n',
    pointer: '/c~0d',
    key: [2, 1, 2, 4],
    value: [2, 6, 2, 7],
    data: 2,
  },
  {
    name: 'quoted key holding ~1',
    text: 'a/b: 1\nc~d: 2\n"~1": 3\n',
    pointer: '/~01',
    key: [3, 1, 3, 5],
    value: [3, 7, 3, 8],
    data: 3,
  },
  {
    name: 'quoted key with a space',
    text: '"my key": v\n',
    pointer: '/my key',
    key: [1, 1, 1, 9],
    value: [1, 11, 1, 12],
    data: 'v',
  },
  {
    name: 'empty value sits after the colon',
    text: 'a:\nb: 1\n',
    pointer: '/a',
    key: [1, 1, 1, 2],
    value: [1, 3, 1, 3],
    data: null,
  },
  {
    name: 'tab after the colon',
    text: 'a:\t1\nb: 2\n',
    pointer: '/a',
    key: [1, 1, 1, 2],
    value: [1, 4, 1, 5],
    data: 1,
  },
  {
    name: 'trailing comment is not part of the value',
    text: 'a: x   # note\n',
    pointer: '/a',
    key: [1, 1, 1, 2],
    value: [1, 4, 1, 5],
    data: 'x',
  },
  {
    name: 'hash inside a word is content',
    text: 'a: x#y\n',
    pointer: '/a',
    key: [1, 1, 1, 2],
    value: [1, 4, 1, 7],
    data: 'x#y',
  },
  {
    name: 'single quotes with an escaped quote',
    text: "a: 'it''s'\n",
    pointer: '/a',
    key: [1, 1, 1, 2],
    value: [1, 4, 1, 11],
    data: "it's",
  },
  {
    name: 'nested block map value ends at its last item',
    text: 'm:\n  x: 1\n  # trailing comment\nn: 2\n',
    pointer: '/m',
    key: [1, 1, 1, 2],
    value: [2, 3, 2, 7],
  },
];

describe('parseDocuments (YAML): locations', () => {
  for (const c of cases) {
    it(c.name, () => {
      const file = parseDocuments(c.text, 'yaml');
      const doc = file.documents[c.document ?? 0];
      assert.ok(doc, `document ${c.document ?? 0} exists`);
      assert.deepEqual(doc.problems, []);
      const location = doc.locations.get(c.pointer);
      assert.ok(location, `${c.pointer} is in the location map`);
      assert.deepEqual(span(file, location.key) ?? null, c.key, 'key range');
      assert.deepEqual(span(file, location.value), c.value, 'value range');
      assert.equal(location.alias ?? false, c.alias ?? false, 'alias flag');
      if ('data' in c) assert.deepEqual(valueAt(doc.value, c.pointer), c.data);
    });
  }

  it('gives no locations under an alias (its data comes from the anchor)', () => {
    const doc = parseDocuments(ANCHORS, 'yaml').documents[0];
    assert.equal(doc?.locations.has('/copy/x'), false);
    assert.equal(doc?.locations.has('/base/x'), true);
  });

  it('lists every node, parents before children', () => {
    const doc = parseDocuments(NESTED, 'yaml').documents[0];
    assert.deepEqual(
      [...(doc?.locations.keys() ?? [])],
      [
        '',
        '/role_arns',
        '/role_arns/0',
        '/role_arns/1',
        '/role_arns/1/name',
        '/role_arns/1/tags',
        '/role_arns/1/tags/0',
        '/role_arns/1/tags/1',
      ],
    );
  });
});

describe('parseDocuments (YAML): documents', () => {
  const docs: { name: string; text: string; values: unknown[] }[] = [
    { name: 'empty file', text: '', values: [null] },
    { name: 'only comments', text: '# nothing here\n# at all\n', values: [null] },
    { name: 'comments before the first marker belong to it', text: '# top\n---\na: 1\n', values: [{ a: 1 }] },
    { name: 'empty documents between markers', text: '---\n---\n# c\n---\nb: 2\n', values: [null, null, { b: 2 }] },
    { name: 'a scalar document', text: 'just text\n', values: ['just text'] },
    { name: 'a trailing marker opens an empty document', text: 'a: 1\n---\n', values: [{ a: 1 }, null] },
    { name: 'document end marker', text: 'a: 1\n...\n---\nb: 2\n', values: [{ a: 1 }, { b: 2 }] },
    { name: 'directive', text: '%YAML 1.2\n---\na: yes\n', values: [{ a: 'yes' }] },
    { name: '__proto__ is an ordinary key', text: '__proto__: x\n', values: [JSON.parse('{"__proto__": "x"}')] },
  ];
  for (const c of docs) {
    it(c.name, () => {
      const file = parseDocuments(c.text, 'yaml');
      assert.deepEqual(
        file.documents.map((d) => d.value),
        c.values,
      );
      assert.deepEqual(
        file.documents.flatMap((d) => d.problems),
        [],
      );
      assert.deepEqual(
        file.documents.map((d) => d.index),
        c.values.map((_, i) => i),
      );
    });
  }
});

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

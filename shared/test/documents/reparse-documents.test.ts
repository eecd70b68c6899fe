import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocuments, reparseDocuments } from '../../src/documents/index.ts';
import type { ParsedFile } from '../../src/documents/index.ts';
import { pick, seededRandom } from '../../../test/helpers/seeded-random.ts';
import type { Random } from '../../../test/helpers/seeded-random.ts';
import { randomYaml } from './yaml-generator.ts';

/** Everything a parse gives, as one comparable string (locations read through their map interface). */
function snapshot(file: ParsedFile): string {
  const documents = file.documents.map((d) => ({
    ...d,
    locations: [...d.locations.entries()],
    keys: [...d.locations.keys()],
    size: d.locations.size,
  }));
  return JSON.stringify(
    { text: file.text, format: file.format, lines: file.lines.lineCount, documents },
    (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v),
  );
}

/** A random edit of the kinds typing and pasting make: characters, a line, a document marker. */
function edit(random: Random, text: string): string {
  const at = Math.floor(random() * (text.length + 1));
  const removed = pick(random, [0, 0, 1, 1, 2, 5, 20]);
  const inserted = pick(random, [
    '',
    'x',
    'e',
    ' ',
    '\n',
    ':',
    '#',
    '---\n',
    '\n---\n',
    'name: dup\n',
    '"',
    '- a\n',
    '\t',
    '# keyfob-disable-next-line ROLE_X -- why\n',
  ]);
  return text.slice(0, at) + inserted + text.slice(Math.min(text.length, at + removed));
}

/** Lines role files are made of, for streams whose documents mostly parse (so the incremental path is taken). */
const LINES = [
  'name: role',
  'credential_type: iam_user',
  'ttl: 1h',
  'policy_arns:\n  - arn:aws:iam::aws:policy/ReadOnlyAccess',
  'tags:\n  team: x',
  '# a comment',
  '',
  'list: [a, b]',
  'text: |\n  block line',
  '"quoted": v',
  'name: role',
  'anchor: &a 1\nalias: *a',
];

function randomRoleStream(random: Random): string {
  const documents = Array.from({ length: 2 + Math.floor(random() * 6) }, () =>
    Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(random, LINES)).join('\n'),
  );
  return documents.join(pick(random, ['\n---\n', '\n--- # next\n', '\n---\n\n'])) + (random() < 0.8 ? '\n' : '');
}

const THREE = 'name: a\nttl: 1h\n---\nname: b\nttl: 2h\n---\nname: c\nttl: 3h\n';

describe('reparseDocuments', () => {
  it('reads only the document an edit touched and moves the ones after it', () => {
    const before = parseDocuments(THREE, 'yaml');
    const text = THREE.replace('ttl: 2h', 'ttl: 25h');
    const { file, parsed } = reparseDocuments(before, text);
    assert.equal(parsed, 1);
    assert.equal(snapshot(file), snapshot(parseDocuments(text, 'yaml')));
    assert.equal(file.documents[0], before.documents[0], 'the document before the edit is taken as it is');
    assert.equal(file.documents[2]?.value, before.documents[2]?.value, 'the document after it keeps its value');
    assert.deepEqual(file.documents[2]?.locations.get('/ttl'), {
      key: { start: 49, end: 52 },
      value: { start: 54, end: 56 },
    });
  });

  it('matches a full parse for a table of edits', () => {
    const cases: { name: string; from: string; to: string }[] = [
      { name: 'a new --- splits a document', from: THREE, to: THREE.replace('ttl: 2h', '---\nttl: 2h') },
      { name: 'a removed --- joins two', from: THREE, to: THREE.replace('---\nname: c', 'name: c') },
      { name: 'a syntax error', from: THREE, to: THREE.replace('ttl: 2h', 'ttl: [2h') },
      { name: 'the syntax error fixed again', from: THREE.replace('ttl: 2h', 'ttl: [2h'), to: THREE },
      { name: 'comments before the first ---', from: `# head\n---\n${THREE}`, to: `# head, longer\n---\n${THREE}` },
      {
        name: 'a suppression comment typed',
        from: THREE,
        to: THREE.replace('ttl: 2h', '# keyfob-disable-next-line ROLE_TTL -- ok\nttl: 2h'),
      },
      { name: 'an edit in the last document', from: THREE, to: `${THREE}extra: 1\n` },
      { name: 'a directive', from: THREE, to: `%YAML 1.2\n---\n${THREE}` },
      { name: 'everything deleted', from: THREE, to: '' },
      {
        name: 'CRLF line ends',
        from: THREE.replaceAll('\n', '\r\n'),
        to: THREE.replaceAll('\n', '\r\n').replace('2h', '4h'),
      },
    ];
    for (const c of cases) {
      const { file } = reparseDocuments(parseDocuments(c.from, 'yaml'), c.to);
      assert.equal(snapshot(file), snapshot(parseDocuments(c.to, 'yaml')), c.name);
    }
  });

  it('matches a full parse after chains of random edits of random streams', () => {
    let incremental = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const random = seededRandom(seed);
      // Role-file-like streams, and a third from the parser's differential generator (odd YAML, syntax errors).
      const base =
        seed % 3 === 0 ? [randomYaml(random, 0.2), randomYaml(random, 0.2)].join('\n---\n') : randomRoleStream(random);
      let text = base;
      let previous = parseDocuments(text, 'yaml');
      for (let step = 0; step < 5; step++) {
        // After an edit that broke the syntax, the next one goes back to the clean text (from the broken parse).
        const broken = previous.documents.some((d) => d.problems.some((p) => p.code === 'DOC_YAML_SYNTAX'));
        text = edit(random, broken ? base : text);
        const { file, parsed } = reparseDocuments(previous, text);
        assert.equal(
          snapshot(file),
          snapshot(parseDocuments(text, 'yaml')),
          `seed ${seed}, edit ${step}: ${JSON.stringify(text)}`,
        );
        if (parsed < file.documents.length) incremental++;
        previous = file;
      }
    }
    // The comparison means something only if many edits went the incremental way.
    assert.ok(incremental > 300, `only ${incremental} of 1500 edits were read incrementally`);
  });
});

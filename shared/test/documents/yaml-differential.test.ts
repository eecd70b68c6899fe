import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentSink } from '../../src/documents/document-sink.ts';
import { nearestPaths } from '../../src/documents/nearest-paths.ts';
import { FastYamlReader } from '../../src/documents/yaml/fast-yaml-reader.ts';
import { parseYamlStream } from '../../src/documents/yaml/parse-yaml-stream.ts';
import { LineIndex } from '../../src/text/line-index.ts';
import { seededRandom } from '../../../test/helpers/seeded-random.ts';
import { randomYaml } from './yaml-generator.ts';

/** Everything a reader produces for a stream, as one comparable string (NaN and Infinity spelled out). */
function snapshot(text: string, reader: 'fast' | 'library' | 'stream'): string {
  const lines = new LineIndex(text);
  const spans: number[] = [];
  const docs = parseYamlStream(text, lines, spans, reader);
  const shape = docs.map((d) => ({
    value: d.value,
    region: d.region,
    locations: [...d.sink.locations],
    problems: d.sink
      .problems((o) => nearestPaths(d.sink.locations, o))
      .map((p) => [p.code, p.path, p.range?.start, p.range?.end, p.message]),
  }));
  return JSON.stringify({ shape, spans }, (_key, v: unknown) =>
    typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
  );
}

/** Seeds whose stream reads differently through the fast reader than through the library alone. */
function mismatches(first: number, count: number, odd: number): number[] {
  const failed: number[] = [];
  for (let seed = first; seed < first + count; seed++) {
    const text = randomYaml(seededRandom(seed), odd);
    if (snapshot(text, 'fast') !== snapshot(text, 'library')) failed.push(seed);
  }
  return failed;
}

describe('fast YAML reader against the yaml package', () => {
  // Mostly role-file shapes (the fast reader answers) and mostly odd shapes (it must decline them).
  for (const [odd, first] of [
    [0.03, 1],
    [0.5, 100_000],
  ] as const) {
    it(`agrees on 500 random streams with ${odd * 100}% odd constructs`, () => {
      assert.deepEqual(mismatches(first, 500, odd), []);
    });
  }

  it('reading pieces agrees with reading the whole stream when the stream is valid', () => {
    const failed: number[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const text = randomYaml(seededRandom(seed), 0.1);
      const whole = snapshot(text, 'stream');
      if (!whole.includes('"problems":[[') && whole !== snapshot(text, 'fast')) failed.push(seed);
    }
    assert.deepEqual(failed, []);
  });

  // Shapes at the edge of the fast reader's subset, each compared on its own.
  const shapes = [
    'a:\n  |\n x\n',
    'a:\n  |\n   x\n',
    '- |\n x\n',
    'a: |\n x\n',
    'a:\n  - |\n   x\n',
    'a:  |\n   x\n  y: 1\n',
    'a: |\n  x\n\n  y\n',
    'a: |-\n  x\n\n\nb: 1\n',
    'a: |\n  x\n  \n  y\n',
    'a: |\n    x\n  y\n',
    'a: |\n  x',
    'k: v\n  # c\nz: 1',
    'k: [a,\n  b]',
    'k: "a\n  b"',
    'a: b #c\n#d\n  #e\nf: g',
    '- a\n -b',
    'a:\n- b\n- c\nd: e',
    '  a: 1\n  b:\n  - x\n',
    'a: 1 \nb: 2  ',
    'a: -\n',
    'a: - b\n',
    '[a]\n',
    '{a: b}\n',
    '"a"\n',
    'a\n',
    'a: {b: {c: [d, {e: f}]}}',
    'a: []\nb: {}\n',
    "a: 'x''y'''\n",
    'a: "x#y" # c',
    'x: 1\ny:   \nz: # c\n',
    'a:\n  - x\n  b: 1\n',
    '- - a\n  - b\n- c\n',
    '-   a: 1\n    b: 2\n',
    'a: b\n---\n---\nc: d\n',
    '---\na: 1\n...\n',
  ];
  for (const text of shapes) {
    it(`agrees on ${JSON.stringify(text)}`, () => assert.equal(snapshot(text, 'fast'), snapshot(text, 'library')));
  }

  const roleFiles: { name: string; text: string }[] = [
    {
      name: 'an assumed_role file',
      text: [
        '# deploy role',
        'name: deploy',
        'credential_type: assumed_role',
        'role_arns:',
        '  - arn:aws:iam::123456789012:role/deploy',
        '  - "arn:aws:iam::123456789012:role/other"',
        'policy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]',
        'default_sts_ttl: 1h   # one hour',
        "max_sts_ttl: '12h'",
        'session_tags:',
        '  team: platform',
        'policy_document: |',
        '  {',
        '    "Version": "2012-10-17",',
        '    "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]',
        '  }',
        'external_id:',
        '',
      ].join('\n'),
    },
    {
      name: 'a manifest with compact lists',
      text: 'roles:\n- name: a\n  credential_type: iam_user\n  policy_arns:\n  - arn:aws:iam::aws:policy/X\n- name: b\n  ttl: 3600\n',
    },
    { name: 'CRLF line ends', text: 'name: a\r\nrole_arns:\r\n  - x\r\npolicy_document: |-\r\n  {}\r\n' },
  ];
  for (const file of roleFiles) {
    // The speed of `keyfob lint` rests on role files never needing the library.
    it(`reads ${file.name} without the library`, () => {
      const sink = new DocumentSink(file.text, new LineIndex(file.text), 0, undefined);
      assert.doesNotThrow(() => new FastYamlReader(sink, file.text.length).read(0));
      assert.equal(snapshot(file.text, 'fast'), snapshot(file.text, 'library'));
    });
  }
});

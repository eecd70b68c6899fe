// Random YAML streams for the differential test: mostly the shapes role files use (which the fast
// reader handles), mixed with everything it must hand to the library (anchors, tags, folded and
// multi-line scalars, escapes, tabs, duplicates, broken syntax), so both sides of the split are hit.
import { pick, type Random } from '../../../test/helpers/seeded-random.ts';

/** Keys the fast reader reads. */
const KEYS = [
  'name',
  'credential_type',
  'role_arns',
  'policy_arns',
  'ttl',
  'a',
  'b',
  'x',
  'k/1',
  'k~0',
  'tilde~',
  'slash/',
  '"quoted key"',
  "'single key'",
  '"a"',
  '1',
  '0o17',
  'true',
  'null',
  '~',
  'yes',
  'a[0]',
  'a,b',
  'é',
  'ключ',
  '"k: v"',
  'x y',
  'on',
  '__proto__',
  'constructor',
  '"#hash"',
  'a#b',
  "'it''s'",
  '"sp ace"',
];

/** Keys the fast reader leaves to the library. */
const ODD_KEYS = ['-dash', '"esc\\"aped"', '? q', '&k key', '*k', '!t key', '[a]', '{a: 1}', 'a #b'];

/** Scalars the fast reader reads. */
const SCALARS = [
  'deploy',
  'assumed_role',
  'arn:aws:iam::123456789012:role/deploy',
  '1h',
  '30m',
  '3600',
  '-5',
  '+7',
  '0o17',
  '0x1F',
  '1e3',
  '1.5',
  '.5',
  '.inf',
  '-.Inf',
  '.nan',
  'true',
  'False',
  'yes',
  'no',
  'null',
  'Null',
  '~',
  '""',
  "''",
  '"double"',
  "'it''s'",
  '"with # hash"',
  "'with # hash'",
  'plain#nohash',
  'trail   ',
  'x # comment',
  '"unicode é ☃ 😀"',
  'ünïcödé',
  'a:b',
  'a, b',
  '[a, b]',
  '[a, b,]',
  '[]',
  '{}',
  '{a: 1, b: [x, y]}',
  '[1, [2, [3]]]',
  '["q", \'s\', {k: "v"}]',
  '{"k": "v"}',
  '[arn:aws:iam::1:role/x, b]',
  '-x',
  '1_000',
  '0b1',
  '12:30',
  'a]b',
  'a}',
];

/** Scalars the fast reader leaves to the library (or that are broken). */
const ODD_SCALARS = [
  'a: b',
  '- item',
  '&anchor value',
  '*anchor',
  '!tag value',
  '!!str 123',
  '"\\n escape"',
  '? q',
  '@at',
  '`tick',
  '%pct',
  '{"a": 1}x',
  '{a: 1, a: 2}',
  '[a: 1]',
  '{a}',
  '[a, , b]',
  '"unterminated',
  "'open",
  '[open',
  '{open: 1',
  '-',
  '- ',
  '--- x',
  'x:',
  ': x',
  '"k":v',
  '{"k":v}',
  '[a] b',
  '"a" b',
];

/** How often a key or scalar is drawn from the odd lists (set per stream). */
let oddness = 0.3;

function scalar(random: Random): string {
  return pick(random, random() < oddness ? ODD_SCALARS : SCALARS);
}

function blockScalar(random: Random, indent: number): string {
  const header = pick(random, ['|', '|-', '|+', '>', '>-', '|2', '| # comment', '|#x']);
  const pad = ' '.repeat(indent + pick(random, [2, 2, 2, 1, 4]));
  const lines: string[] = [];
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const r = random();
    if (r < 0.15) lines.push('');
    else if (r < 0.2) lines.push(`${pad}  indented more`);
    else if (r < 0.25) lines.push(`${pad}# not a comment`);
    else if (r < 0.28) lines.push(' '.repeat(pad.length + 3));
    else lines.push(`${pad}${pick(random, ['{"Version": "2012-10-17"}', 'line', 'a: b', 'text # hash', '- x'])}`);
  }
  if (random() < 0.2) lines.push('');
  return `${header}\n${lines.join('\n')}`;
}

function node(random: Random, indent: number, depth: number): string {
  const r = random();
  if (depth > 3 || r < 0.45) return ` ${scalar(random)}${random() < 0.1 ? ' # trailing' : ''}`;
  if (r < 0.55) return ` ${blockScalar(random, indent)}`;
  if (r < 0.58) return ''; // empty value
  const step = pick(random, [2, 2, 4, 1]);
  const child = indent + step;
  if (r < 0.75) return `\n${mapping(random, child, depth + 1)}`;
  // A sequence under a key may sit at the key's own indentation.
  const seqIndent = random() < 0.3 ? indent : child;
  return `\n${sequence(random, seqIndent, depth + 1)}`;
}

function mapping(random: Random, indent: number, depth: number): string {
  const pad = ' '.repeat(indent);
  const count = 1 + Math.floor(random() * 4);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (random() < 0.1) out.push(`${' '.repeat(Math.floor(random() * 6))}# comment ${i}`);
    if (random() < 0.05) out.push('');
    const key = pick(random, random() < oddness ? ODD_KEYS : KEYS);
    const colon = random() < 0.03 ? ' :' : ':';
    out.push(`${pad}${key}${colon}${node(random, indent, depth)}`);
  }
  return out.join('\n');
}

function sequence(random: Random, indent: number, depth: number): string {
  const pad = ' '.repeat(indent);
  const count = 1 + Math.floor(random() * 3);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = random();
    if (r < 0.5 || depth > 3) out.push(`${pad}-${node(random, indent, depth + 1)}`);
    else if (r < 0.8) {
      // Compact mapping: "- key: value" with the other keys aligned under the first.
      const inner = mapping(random, indent + 2, depth + 1).slice(indent + 2);
      out.push(`${pad}- ${inner}`);
    } else if (r < 0.9) out.push(`${pad}- - ${scalar(random)}`);
    else out.push(`${pad}-`);
  }
  return out.join('\n');
}

/**
 * One random stream of one to four documents; `odd` is the share of keys and scalars drawn from the
 * lists the fast reader declines, and of streams that get a stream-level twist.
 */
export function randomYaml(random: Random, odd = 0.3): string {
  oddness = odd;
  const docs: string[] = [];
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const r = random();
    let body: string;
    if (r < 0.7) body = mapping(random, random() < 0.1 ? 2 : 0, 0);
    else if (r < 0.8) body = sequence(random, 0, 0);
    else if (r < 0.88) body = scalar(random);
    else if (r < 0.94) body = '# only a comment';
    else body = '';
    const marker = i === 0 && random() < 0.6 ? '' : `${pick(random, ['---', '---', '--- # doc', '--- |', '---  '])}\n`;
    docs.push(marker + body);
  }
  let text = docs.join('\n');
  if (random() < 0.7) text += '\n';
  return random() < odd * 2 ? mutate(random, text) : text;
}

/** Occasional stream-level twists: CRLF, a BOM, a tab, a directive, an end marker, a random edit. */
function mutate(random: Random, input: string): string {
  let text = input;
  if (random() < 0.1) text = text.replaceAll('\n', '\r\n');
  if (random() < 0.05) text = `\uFEFF${text}`;
  if (random() < 0.04) text = text.replace(' ', '\t');
  if (random() < 0.02) text = `%YAML 1.2\n---\n${text}`;
  if (random() < 0.02) text = text.replace('\n', '\n...\n');
  if (random() < 0.15) {
    const at = Math.floor(random() * (text.length + 1));
    const edit = pick(random, ['', ':', ' ', '\n', '"', "'", '-', '[', '}', '#', '  ', '\n  ', '&x ', '*x']);
    text = text.slice(0, at) + edit + text.slice(at + (random() < 0.5 ? 1 : 0));
  }
  return text;
}

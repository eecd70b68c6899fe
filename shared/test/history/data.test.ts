import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { history, normalizeDate } from '../../src/index.ts';
import type { HistoryData } from '../../src/index.ts';

interface Validate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}
type AjvClass = new (options: Record<string, unknown>) => { compile(schema: object): Validate };
// ajv 8 is a dependency of shared/ (the root node_modules holds an older one for eslint).
const Ajv = (createRequire(new URL('../../package.json', import.meta.url))('ajv') as { default: AjvClass }).default;

const repo = new URL('../../../', import.meta.url);
const data = JSON.parse(readFileSync(new URL('schemas/platform-history.json', repo), 'utf8')) as HistoryData;
const schema = JSON.parse(readFileSync(new URL('schemas/platform-history.schema.json', repo), 'utf8')) as object;

/** The specifications live beside the repository, as `../shared`. */
const shared = new URL('../shared/', repo);

function seedTwo(): string {
  const seeds = new URL('seeds/', shared);
  if (!existsSync(seeds)) assert.fail(`seed 2 not found: expected the folder ${fileURLToPath(seeds)} (the shared specifications beside the repository)`);
  const name = readdirSync(seeds).find((f) => f.startsWith('001_'));
  if (name === undefined) assert.fail(`seed 2 (001_*.txt) not found in ${fileURLToPath(seeds)}`);
  return readFileSync(new URL(name, seeds), 'utf8');
}

/** The first cells of seed 2's "Versioning" table, in order (newest first). */
function versioningRows(seed: string): string[] {
  const section = seed.slice(seed.indexOf('## Versioning'));
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Date'));
  return rows.map((row) => row.split('|')[1]?.trim() ?? '');
}

describe('platform history data', () => {
  it('is valid against its JSON Schema', () => {
    const validate = new Ajv({ allErrors: true }).compile(schema);
    assert.equal(validate(data), true, JSON.stringify(validate.errors?.slice(0, 5), null, 1));
  });

  it('has 98 entries for the 97 rows of seed 2 (one row names two dates)', () => {
    assert.equal(versioningRows(seedTwo()).length, 97);
    assert.equal(data.entries.length, 98);
  });

  it('points every entry at its row with the exact date text, and covers every row', () => {
    const rows = versioningRows(seedTwo());
    for (const entry of data.entries) assert.equal(entry.seedDate, rows[entry.seedRow - 1], `entry ${entry.date} points at row ${entry.seedRow}`);
    assert.deepEqual([...new Set(data.entries.map((e) => e.seedRow))].sort((a, b) => a - b), rows.map((_, i) => i + 1));
  });

  it('dates every entry as the seed does (zero padding aside)', () => {
    const seedDates = versioningRows(seedTwo()).flatMap((cell) => cell.split(',').map((d) => normalizeDate(d.trim()) ?? `unreadable: ${d}`));
    assert.deepEqual(data.entries.map((e) => e.date).sort(), seedDates.sort());
  });

  it('lists entries newest first, ending at the newest date', () => {
    const dates = data.entries.map((e) => e.date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.equal(data.newest, dates[0]);
    assert.equal(data.newest, '2024-11-19');
  });

  it('words its summaries and notes itself (none copied from the research file)', () => {
    const research = new URL('platform-history/history.json', shared);
    if (!existsSync(research)) assert.fail(`research file not found: ${fileURLToPath(research)}`);
    const theirs = JSON.parse(readFileSync(research, 'utf8')) as { summary: string; subjects: { note?: string }[] }[];
    const copied = new Set([...theirs.map((e) => e.summary), ...theirs.flatMap((e) => e.subjects.map((s) => s.note ?? ''))]);
    const ours = [...data.entries.map((e) => e.summary), ...data.entries.flatMap((e) => e.subjects.flatMap((s) => (s.note === undefined ? [] : [s.note])))];
    assert.deepEqual(ours.filter((text) => copied.has(text)), []);
  });

  it('records the 18 deprecated subjects, each with its replacement, and the one breaking attribute', () => {
    const deprecated = history.subjects.filter((s) => s.deprecation);
    assert.equal(deprecated.length, 18);
    assert.deepEqual(deprecated.filter((s) => s.replacedBy === undefined).map((s) => s.id), []);
    const breaking = history.subjects.filter((s) => s.type === 'attribute' && s.changes.some((c) => c.change === 'breaking'));
    assert.deepEqual(breaking.map((s) => s.id), ['attribute configuration-versions upload-url']);
  });
});

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { highestLevel, history, levelOfChange, normalizeDate } from '@keyfob/shared/history';
import type { HistoryData } from '@keyfob/shared/history';
import { seedTwoDateCells } from './seed-two-rows.ts';

interface Validate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}
type AjvClass = new (options: Record<string, unknown>) => { compile(schema: object): Validate };
// ajv 8 is a devDependency of shared/ (the root node_modules holds an older one for eslint).
const Ajv = (createRequire(new URL('../../package.json', import.meta.url))('ajv') as { default: AjvClass }).default;

const repo = new URL('../../../', import.meta.url);
const data = JSON.parse(readFileSync(new URL('schemas/platform-history.json', repo), 'utf8')) as HistoryData;
const schema = JSON.parse(readFileSync(new URL('schemas/platform-history.schema.json', repo), 'utf8')) as object;

/** The specifications live beside the repository, as `../shared`; a fresh clone does not have them. */
const shared = new URL('../shared/', repo);

/** Seed 2 itself, or undefined where the specifications are not beside the repository. */
function seedTwo(): string | undefined {
  const seeds = new URL('seeds/', shared);
  if (!existsSync(seeds)) return undefined;
  const name = readdirSync(seeds).find((f) => f.startsWith('001_'));
  return name === undefined ? undefined : readFileSync(new URL(name, seeds), 'utf8');
}

/** The first cells of seed 2's "Versioning" table, in order (newest first). */
function versioningRows(seed: string): string[] {
  const section = seed.slice(seed.indexOf('## Versioning'));
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Date'));
  return rows.map((row) => row.split('|')[1]?.trim() ?? '');
}

const rows = seedTwoDateCells;

describe('platform history data', () => {
  it('is valid against its JSON Schema', () => {
    const validate = new Ajv({ allErrors: true }).compile(schema);
    assert.equal(validate(data), true, JSON.stringify(validate.errors?.slice(0, 5), null, 1));
  });

  it('keeps the same date cells as seed 2 itself, where the specifications sit beside the repository', (t) => {
    const seed = seedTwo();
    if (seed === undefined) {
      t.skip(
        `skipped: seed 2 not found in ${fileURLToPath(new URL('seeds/', shared))} (specifications not beside this clone); the in-repository table was checked instead`,
      );
      return;
    }
    assert.deepEqual(versioningRows(seed), rows);
  });

  it('has 98 entries for the 97 rows of seed 2 (one row names two dates)', () => {
    assert.equal(rows.length, 97);
    assert.equal(data.entries.length, 98);
  });

  it('points every entry at its row with the exact date text, and covers every row', () => {
    for (const entry of data.entries)
      assert.equal(entry.seedDate, rows[entry.seedRow - 1], `entry ${entry.date} points at row ${entry.seedRow}`);
    assert.deepEqual(
      [...new Set(data.entries.map((e) => e.seedRow))].sort((a, b) => a - b),
      rows.map((_, i) => i + 1),
    );
  });

  it('dates every entry as the seed does (zero padding aside)', () => {
    const seedDates = rows.flatMap((cell) => cell.split(',').map((d) => normalizeDate(d.trim()) ?? `unreadable: ${d}`));
    assert.deepEqual(data.entries.map((e) => e.date).sort(), seedDates.sort());
  });

  it('lists entries newest first, ending at the newest date', () => {
    const dates = data.entries.map((e) => e.date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.equal(data.newest, dates[0]);
    assert.equal(data.newest, '2024-11-19');
  });

  it('words its summaries and notes itself (none copied from the research file)', (t) => {
    const research = new URL('platform-history/history.json', shared);
    if (!existsSync(research)) {
      t.skip(`skipped: research file not found at ${fileURLToPath(research)} (specifications not beside this clone)`);
      return;
    }
    const theirs = JSON.parse(readFileSync(research, 'utf8')) as { summary: string; subjects: { note?: string }[] }[];
    const copied = new Set([
      ...theirs.map((e) => e.summary),
      ...theirs.flatMap((e) => e.subjects.map((s) => s.note ?? '')),
    ]);
    const ours = [
      ...data.entries.map((e) => e.summary),
      ...data.entries.flatMap((e) => e.subjects.flatMap((s) => (s.note === undefined ? [] : [s.note]))),
    ];
    assert.deepEqual(
      ours.filter((text) => copied.has(text)),
      [],
    );
  });

  it('gives every entry a stable id made of its date, unique across the history', () => {
    const ids = data.entries.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const entry of data.entries)
      assert.ok(entry.id.startsWith(`ph-${entry.date}`), `${entry.id} names ${entry.date}`);
  });

  it('grades every entry at the highest level of its changes: 1 breaking, 6 deprecation, the rest info', () => {
    for (const entry of data.entries) {
      const levels = entry.subjects.map((s) => levelOfChange(s.change, s.deprecated === true));
      assert.equal(entry.level, highestLevel(levels), `${entry.id}: ${entry.kind}`);
    }
    const count = (level: string) => data.entries.filter((e) => e.level === level).length;
    assert.deepEqual([count('breaking'), count('deprecation'), count('info')], [1, 6, 91]);
    assert.deepEqual(
      data.entries.filter((e) => e.level === 'breaking').map((e) => e.id),
      ['ph-2021-08-11'],
    );
  });

  it('dates the one announced removal (the Policy Checks API, August 2025) and carries it to the deprecated subjects', () => {
    assert.deepEqual(
      data.entries.filter((e) => e.sunset !== undefined).map((e) => [e.id, e.sunset]),
      [['ph-2024-09-02', '2025-08']],
    );
    const checks = history.byId.get('resource - policy-checks');
    assert.equal(checks?.deprecation?.sunset, '2025-08');
    assert.equal(checks?.deprecation?.id, 'ph-2024-09-02');
  });

  it('records the 18 deprecated subjects, each with its replacement, and the one breaking attribute', () => {
    const deprecated = history.subjects.filter((s) => s.deprecation);
    assert.equal(deprecated.length, 18);
    assert.deepEqual(
      deprecated.filter((s) => s.replacedBy === undefined).map((s) => s.id),
      [],
    );
    const breaking = history.subjects.filter(
      (s) => s.type === 'attribute' && s.changes.some((c) => c.change === 'breaking'),
    );
    assert.deepEqual(
      breaking.map((s) => s.id),
      ['attribute configuration-versions upload-url'],
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entryByKey, entryKey } from '../../../src/editor/history/entry-key.ts';
import { historyByDate, presentEntry } from '../../../src/editor/history/history-by-date.ts';
import { entryPage, subjectPage } from '../../../src/editor/history/history-page.ts';
import { historySearchItems } from '../../../src/editor/history/search-items.ts';
import { subjectKind, subjectLabel } from '../../../src/editor/history/subject-label.ts';
import { subjectsUsed } from '../../../src/editor/history/subjects-used.ts';
import { history } from '../../../src/history/history.ts';
import { scanText } from '../../../src/history/scan-text.ts';
import { parseTarget } from '../../../src/history/target.ts';
import type { Target } from '../../../src/history/target.ts';
import type { HistorySubject } from '../../../src/history/types.ts';

function target(text: string): Target {
  const parsed = parseTarget(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.target;
}

function subject(id: string): HistorySubject {
  const found = history.byId.get(id);
  if (!found) throw new Error(`no subject ${id}`);
  return found;
}

describe('historyByDate: the tree of the whole history', () => {
  it('without a filter: every entry once, grouped by year, newest first', () => {
    const years = historyByDate();
    assert.equal(
      years.reduce((n, y) => n + y.entries.length, 0),
      history.entries.length,
    );
    const order = years.map((y) => y.year);
    assert.deepEqual(order, [...new Set(order)].sort().reverse(), 'one group per year, newest first');
    for (const year of years) {
      assert.ok(
        year.entries.every((e) => e.date.startsWith(year.year)),
        year.year,
      );
      assert.deepEqual(
        year.entries.map((e) => e.date),
        [...year.entries.map((e) => e.date)].sort().reverse(),
      );
    }
  });

  const FILTERS: readonly { name: string; filter: string; includes: readonly string[]; excludes: readonly string[] }[] =
    [
      { name: 'a word of a summary', filter: 'enforcement', includes: ['2023-05-25'], excludes: ['2021-06-08'] },
      {
        name: 'a subject name finds the entry that changed it (varsets priority)',
        filter: 'varsets priority',
        includes: ['2023-10-30'],
        excludes: ['2023-05-25'],
      },
      { name: 'a path', filter: 'registry-modules', includes: ['2021-06-08'], excludes: ['2023-05-25'] },
      { name: 'a month', filter: '2024-03', includes: ['2024-03-27', '2024-03-14'], excludes: ['2024-08-01'] },
    ];
  for (const c of FILTERS) {
    it(`filtered by ${c.name}`, () => {
      const dates = historyByDate({ filter: c.filter }).flatMap((y) => y.entries.map((e) => e.date));
      for (const date of c.includes) assert.ok(dates.includes(date), `${c.filter} keeps ${date}`);
      for (const date of c.excludes) assert.ok(!dates.includes(date), `${c.filter} drops ${date}`);
    });
  }

  it('a filter that matches nothing gives no years; a blank one keeps all', () => {
    assert.deepEqual(historyByDate({ filter: 'zzzz-nothing' }), []);
    assert.equal(historyByDate({ filter: '   ' }).length, historyByDate().length);
  });
});

describe('presentEntry', () => {
  const entry = history.entries.find((e) => e.date === '2023-10-30');
  assert.ok(entry);

  const CASES: readonly { name: string; target?: string; newer: boolean; description: RegExp }[] = [
    { name: 'no target', newer: false, description: /^Variable sets: `priority`/ },
    {
      name: 'an older release',
      target: 'self-hosted@v202207-1',
      newer: true,
      description: /^newer than self-hosted v202207-1 · Variable sets/,
    },
    { name: 'a later date', target: '2024-01-01', newer: false, description: /^Variable sets/ },
    { name: 'hosted is always current', target: 'hosted', newer: false, description: /^Variable sets/ },
  ];
  for (const c of CASES) {
    it(c.name, () => {
      const shown = presentEntry(entry, c.target === undefined ? undefined : target(c.target));
      assert.equal(shown.label, '2023-10-30 · added');
      assert.equal(shown.newer, c.newer);
      assert.match(shown.description, c.description);
    });
  }

  it('an entry on one edition says so in its label', () => {
    const selfHosted = history.entries.find((e) => e.date === '2024-08-01');
    assert.ok(selfHosted);
    assert.match(presentEntry(selfHosted).label, /^2024-08-01 · deprecated · self-hosted only$/);
  });

  it('names the level where the kind does not imply it, and the announced removal', () => {
    const changed = history.entries.find((e) => e.date === '2024-02-29');
    assert.ok(changed);
    assert.deepEqual(
      [presentEntry(changed).label, presentEntry(changed).level, presentEntry(changed).id],
      ['2024-02-29 · changed · deprecation', 'deprecation', 'ph-2024-02-29'],
    );
    const checks = history.entries.find((e) => e.date === '2024-09-02');
    assert.ok(checks);
    assert.match(presentEntry(checks).description, /^removal 2025-08 · The Policy Checks API/);
    assert.equal(presentEntry(entry).level, 'info');
  });
});

describe('entryKey', () => {
  it('is unique per entry and leads back to it', () => {
    const keys = history.entries.map((e) => entryKey(e, history));
    assert.equal(new Set(keys).size, history.entries.length);
    for (const [i, key] of keys.entries()) assert.equal(entryByKey(key, history), history.entries[i]);
    assert.match(keys[0] ?? '', /^\d{4}-\d{2}-\d{2}-\d+$/);
    assert.equal(entryByKey('1999-01-01-1', history), undefined);
  });
});

describe('subjectsUsed: the subjects of a set of files', () => {
  const files = [
    {
      file: 'a.ts',
      matches: scanText(
        "fetch(`${base}/workspaces/${ws}/relationships/tags`, { method: 'DELETE' });\nconst s = { 'terraform-build-worker-plan-timeout': '2h' };\n",
        // A file of a project naming this API: its path on `${base}` is read (alone, it is any API's).
        { languageId: 'typescript', apiElsewhere: true },
      ),
    },
    {
      file: 'b.json',
      matches: scanText(
        '{ "data": { "type": "varsets", "attributes": { "priority": true } }, "x": { "terraform-build-worker-plan-timeout": "1h" } }',
        { languageId: 'json' },
      ),
    },
    { file: 'c.ts', matches: scanText("const ui = { name: 'button', enabled: true };", { languageId: 'typescript' }) },
  ];

  it('one row per subject with every occurrence, deprecated first, then by label', () => {
    const used = subjectsUsed(files);
    assert.deepEqual(
      used.map((u) => [u.label, u.annotation.severity, u.occurrences.map((o) => `${o.file}:${o.line}`)]),
      [
        ['platform-build-worker-plan-timeout (general-settings)', 'deprecated', ['a.ts:2', 'b.json:1']],
        ['DELETE /workspaces/:workspace_id/relationships/tags', 'info', ['a.ts:1']],
        ['priority (varsets)', 'info', ['b.json:1']],
        ['varsets', 'info', ['b.json:1']],
      ],
    );
  });

  it('a target moves newer subjects up', () => {
    const used = subjectsUsed(files, target('self-hosted@v202207-1'));
    assert.deepEqual(
      used.slice(0, 2).map((u) => [u.label, u.annotation.severity]),
      [
        ['platform-build-worker-plan-timeout (general-settings)', 'deprecated'],
        ['priority (varsets)', 'newer'],
      ],
    );
  });

  it('files without API use add nothing', () => {
    assert.deepEqual(subjectsUsed([files[2] ?? { file: '', matches: [] }]), []);
  });
});

describe('historySearchItems: the search picker rows', () => {
  it('subjects first with their verdict, then entries with date and kind', () => {
    const items = historySearchItems('build worker timeout');
    const first = items[0];
    assert.deepEqual(
      [first?.kind, first?.label, first?.detail],
      ['subject', 'platform-build-worker-plan-timeout (general-settings)', 'deprecated 2024-08-01 → use plan-timeout'],
    );
    const firstEntry = items.findIndex((i) => i.kind === 'entry');
    assert.ok(firstEntry > 0 && items.slice(firstEntry).every((i) => i.kind === 'entry'), 'entries after subjects');
    assert.match(items[firstEntry]?.label ?? '', /^2024-08-01 · deprecated/);
    assert.equal(entryByKey(items[firstEntry]?.id ?? '', history)?.date, '2024-08-01');
  });

  it('an empty query lists the newest entries; the limit bounds each kind', () => {
    const items = historySearchItems('', { limit: 5 });
    assert.equal(items.length, 5);
    assert.ok(items.every((i) => i.kind === 'entry'));
    assert.equal(items[0]?.label.slice(0, 10), history.newest);
  });

  it('a query that matches nothing gives no rows', () => {
    assert.deepEqual(historySearchItems('zzzz-nothing'), []);
  });
});

describe('subjectLabel, subjectKind and the history pages', () => {
  const LABELS: readonly { id: string; label: string; kind: string }[] = [
    { id: 'endpoint POST /registry-modules', label: 'POST /registry-modules', kind: 'endpoint' },
    { id: 'attribute policies enforce', label: 'enforce (policies)', kind: 'attribute of policies' },
    { id: 'resource - varsets', label: 'varsets', kind: 'resource' },
  ];
  for (const c of LABELS) {
    it(`${c.id} reads "${c.label}", a ${c.kind}`, () => {
      assert.equal(subjectLabel(subject(c.id)), c.label);
      assert.equal(subjectKind(subject(c.id)), c.kind);
    });
  }

  it('a subject page: title, timeline, target line and the places it is used', () => {
    const page = subjectPage(subject('attribute policies enforce'), {
      target: target('2023-01-01'),
      usedAt: ['src/policy.ts:4'],
    });
    assert.match(page, /^# enforce \(policies\)\n/);
    assert.match(
      page,
      /- \*\*2023-05-25\*\* deprecated · \*\*deprecation\*\* · both editions · newer than 2023-01-01 · ph-2023-05-25/,
    );
    assert.match(page, /Target: 2023-01-01/);
    assert.match(page, /## Used in this workspace\n\n- src\/policy\.ts:4\n$/);
  });

  it('an entry page: date, kind, summary, editions and what it did to each subject', () => {
    const entry = entryByKey('2023-05-25-1', history);
    assert.ok(entry);
    const page = entryPage(entry);
    assert.match(page, /^# 2023-05-25 — deprecated\n/);
    assert.match(page, /Editions: hosted, self-hosted/);
    assert.match(
      page,
      /- \*\*deprecated\*\* `enforce \(policies\)` — attribute of policies; deprecated; replaced by `enforcement-level`/,
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  annotationFor,
  findSubjects,
  history,
  isNewerThanTarget,
  judgeChange,
  newerThan,
  subjectVsTarget,
} from '@keyfob/shared/history';
import type { HistorySubject, Target } from '@keyfob/shared/history';

function subject(id: string): HistorySubject {
  const found = history.byId.get(id);
  assert.ok(found, `no subject ${id}`);
  return found;
}

const release = (r: string): Target => ({ kind: 'self-hosted', release: r });

describe('newerThan', () => {
  it('lists every entry after a date, newest first', () => {
    const dates = newerThan({ kind: 'date', date: '2024-08-14' }).map((n) => n.entry.date);
    assert.deepEqual(dates, ['2024-11-19', '2024-10-15', '2024-10-14', '2024-10-11', '2024-09-02', '2024-08-16']);
  });

  it('treats entries that state their release as known, others by the release month', () => {
    const newer = newerThan(release('v202207-1'));
    const byDate = new Map(newer.map((n) => [n.entry.date, n.confidence]));
    assert.equal(byDate.has('2022-06-21'), false, 'stated v202207-1: in the release');
    assert.equal(byDate.has('2022-06-23'), false, 'dated before July 2022: taken to be in it');
    assert.equal(byDate.get('2022-07-26'), 'inferred');
    assert.equal(newer.at(-1)?.entry.date, '2022-07-26');
  });

  it('leaves out entries of the other edition', () => {
    const dates = newerThan(release('v202401-1')).map((n) => n.entry.date);
    assert.ok(!dates.includes('2024-05-29'), 'audit trail tokens are hosted only');
    assert.ok(dates.includes('2024-08-01'), 'the timeout deprecation is self-hosted');
    assert.deepEqual(newerThan({ kind: 'hosted' }), []);
  });
});

describe('judging subjects against a target', () => {
  const cases: { name: string; id: string; target: Target; state: string }[] = [
    {
      name: 'added after the date',
      id: 'attribute workspaces auto-apply-run-trigger',
      target: { kind: 'date', date: '2023-06-30' },
      state: 'newer',
    },
    {
      name: 'added before the date',
      id: 'attribute workspaces auto-apply-run-trigger',
      target: { kind: 'date', date: '2024-01-01' },
      state: 'present',
    },
    {
      name: 'stated release equal to the target',
      id: 'parameter search[exclude_tags] /organizations/:organization_name/workspaces',
      target: release('v202207-1'),
      state: 'present',
    },
    {
      name: 'stated release after the target',
      id: 'parameter search[exclude_tags] /organizations/:organization_name/workspaces',
      target: release('v202206-1'),
      state: 'newer',
    },
    {
      name: 'hosted-only subject on self-hosted',
      id: 'endpoint GET /organization/audit-trail',
      target: release('v202411-1'),
      state: 'unavailable',
    },
    {
      name: 'self-hosted-only subject on hosted',
      id: 'attribute general-settings plan-timeout',
      target: { kind: 'hosted' },
      state: 'unavailable',
    },
    {
      name: 'a subject older than the history is never newer',
      id: 'endpoint GET /organizations',
      target: { kind: 'date', date: '2020-01-01' },
      state: 'present',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.equal(subjectVsTarget(subject(c.id), c.target).state, c.state);
      assert.equal(isNewerThanTarget({ subject: subject(c.id) }, c.target), c.state !== 'present');
    });
  }

  it('says how sure it is', () => {
    const [stated] = subject('attribute admin/organizations workspace-limit').changes;
    const [inferred] = subject('attribute workspaces auto-apply-run-trigger').changes;
    assert.ok(stated && inferred);
    assert.equal(judgeChange(stated, release('v202206-1')).confidence, 'stated');
    assert.equal(judgeChange(inferred, release('v202206-1')).confidence, 'inferred');
  });
});

describe('annotationFor', () => {
  const cases: { id: string; target?: Target; severity: string; text: string; kind: string; date: string }[] = [
    {
      id: 'endpoint POST /registry-modules',
      severity: 'deprecated',
      kind: 'deprecated',
      date: '2021-06-08',
      text: 'deprecated 2021-06-08 → use POST /organizations/:organization_name/registry-modules/vcs',
    },
    {
      id: 'attribute policies enforce',
      severity: 'deprecated',
      kind: 'deprecated',
      date: '2023-05-25',
      text: 'deprecated 2023-05-25 → use enforcement-level',
    },
    {
      id: 'attribute configuration-versions upload-url',
      severity: 'breaking',
      kind: 'breaking',
      date: '2021-08-11',
      text: 'breaking 2021-08-11: Reads and lists no longer return it; keep it from the create response.',
    },
    {
      id: 'attribute workspaces auto-apply-run-trigger',
      severity: 'info',
      kind: 'added',
      date: '2023-10-31',
      text: 'added 2023-10-31',
    },
    {
      id: 'endpoint GET /organization/audit-trail',
      severity: 'info',
      kind: 'documented',
      date: '2024-01-30',
      text: 'documented 2024-01-30 (hosted only)',
    },
    {
      id: 'attribute workspaces auto-apply-run-trigger',
      target: release('v202307-1'),
      severity: 'newer',
      kind: 'added',
      date: '2023-10-31',
      text: 'added 2023-10-31 — newer than self-hosted v202307-1 (by date; no release stated)',
    },
    {
      id: 'attribute admin/organizations workspace-limit',
      target: release('v202206-1'),
      severity: 'newer',
      kind: 'added',
      date: '2022-06-21',
      text: 'added 2022-06-21 — newer than self-hosted v202206-1',
    },
    {
      id: 'endpoint GET /organization/audit-trail',
      target: release('v202411-1'),
      severity: 'newer',
      kind: 'documented',
      date: '2024-01-30',
      text: 'hosted only — not on self-hosted v202411-1',
    },
    {
      id: 'endpoint GET /runs/:run_id/policy-checks',
      target: { kind: 'date', date: '2021-01-01' },
      severity: 'deprecated',
      kind: 'deprecated',
      date: '2024-09-02',
      text: 'deprecated 2024-09-02, removal 2025-08 → use GET /task-stages/:task_stage_id/policy-evaluations',
    },
    {
      id: 'endpoint GET /organizations',
      target: { kind: 'date', date: '2021-01-01' },
      severity: 'info',
      kind: 'changed',
      date: '2021-11-17',
      text: 'changed 2021-11-17 (after 2021-01-01)',
    },
  ];
  for (const c of cases) {
    it(`${c.id}${c.target ? ` against ${JSON.stringify(c.target)}` : ''}`, () => {
      const annotation = annotationFor({ subject: subject(c.id) }, c.target);
      assert.deepEqual(
        { text: annotation.text, severity: annotation.severity, kind: annotation.kind, date: annotation.date },
        { text: c.text, severity: c.severity, kind: c.kind, date: c.date },
      );
    });
  }

  it('carries the change id and level of the change it speaks about', () => {
    const deprecated = annotationFor({ subject: subject('attribute policies enforce') });
    assert.deepEqual([deprecated.changeId, deprecated.level], ['ph-2023-05-25', 'deprecation']);
    const breaking = annotationFor({ subject: subject('attribute configuration-versions upload-url') });
    assert.deepEqual([breaking.changeId, breaking.level, breaking.severity], ['ph-2021-08-11', 'breaking', 'breaking']);
    const info = annotationFor({ subject: subject('endpoint GET /organizations') });
    assert.deepEqual([info.changeId, info.level], ['ph-2021-11-17', 'info']);
  });

  it('keeps the replacement in the annotation', () => {
    assert.equal(
      annotationFor({ subject: subject('attribute admin/organizations platform-build-worker-apply-timeout') })
        .replacedBy,
      'apply-timeout',
    );
  });
});

describe('findSubjects', () => {
  const cases: [string, string[]][] = [
    ['enforce', ['attribute policies enforce']],
    ['ENFORCE', ['attribute policies enforce']],
    ['rsa-public-key', ['attribute oauth-clients rsa_public_key']],
    ['DELETE /workspaces/ws-1/relationships/tags', ['endpoint DELETE /workspaces/:workspace_id/relationships/tags']],
    [
      '/workspaces/:workspace_id/relationships/tags',
      [
        'endpoint POST /workspaces/:workspace_id/relationships/tags',
        'endpoint DELETE /workspaces/:workspace_id/relationships/tags',
      ],
    ],
    ['https://app.example.io/api/v2/registry-modules', ['endpoint POST /registry-modules']],
    ['GET /admin/sentinel-versions', ['endpoint GET /admin/sentinel-versions']],
    ['no-such-thing', []],
  ];
  for (const [query, ids] of cases) {
    it(`finds ${JSON.stringify(query)}`, () =>
      assert.deepEqual(
        findSubjects(query).map((s) => s.id),
        ids,
      ));
  }
});

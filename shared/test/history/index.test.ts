import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { history, loadHistory, subjectId } from '@keyfob/shared/history';
import type { HistoryData, PathSegment } from '@keyfob/shared/history';

function segments(path: string): PathSegment[] {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((text) => ({ text, placeholder: text.startsWith('{') }));
}

describe('loadHistory', () => {
  it('links entries and subjects, newest first', () => {
    assert.equal(history.entries.length, 98);
    assert.equal(history.entries[0]?.date, '2024-11-19');
    const enforce = history.byId.get('attribute policies enforce');
    assert.deepEqual(
      enforce?.changes.map((c) => `${c.date} ${c.change}`),
      ['2023-05-25 deprecated', '2022-11-18 fixed'],
    );
    assert.equal(enforce?.changes[0]?.entry.seedRow, 46);
    assert.equal(enforce?.replacedBy, 'enforcement-level');
  });

  it('merges one subject across entries even when only some give its path', () => {
    const subject = history.byId.get('attribute teams allow-member-token-management');
    assert.deepEqual(
      subject?.changes.map((c) => c.date),
      ['2024-07-15', '2024-06-25'],
    );
  });

  const names: [string, string[]][] = [
    [
      'terraform-build-worker-plan-timeout',
      [
        'attribute general-settings platform-build-worker-plan-timeout',
        'attribute admin/organizations platform-build-worker-plan-timeout',
      ],
    ],
    [
      'vcs-repo.github-app-installation-id',
      [
        'attribute workspaces vcs-repo.code-host-app-installation-id',
        'attribute registry-modules vcs-repo.code-host-app-installation-id',
        'attribute policy-sets vcs-repo.code-host-app-installation-id',
      ],
    ],
    ['search[exclude-tags]', ['parameter search[exclude_tags] /organizations/:organization_name/workspaces']],
    [
      'q',
      [
        'parameter q /organizations/:organization_name/team-tokens',
        'parameter q /organizations/:organization_name/varsets',
        'parameter q /organizations/:organization_name/teams',
        'parameter q /organizations/:organization_name/agent-pools',
        'parameter q /admin/organizations',
      ],
    ],
  ];
  for (const [name, ids] of names) {
    it(`finds ${name} by name or alias`, () => {
      assert.deepEqual(
        history.byName.get(name)?.map((s) => s.id),
        ids,
      );
    });
  }

  const paths: { path: string; first: string; literals: number }[] = [
    {
      path: 'organizations/acme/registry-modules/private/acme/vpc/aws/1.0.0',
      first:
        '/organizations/:organization_name/registry-modules/private/:organization_name/:module_name/:module_provider/:module_version',
      literals: 3,
    },
    {
      path: 'organizations/acme/registry-modules/vcs',
      first: '/organizations/:organization_name/registry-modules/vcs',
      literals: 3,
    },
    {
      path: 'organizations/acme/registry-modules/private/acme/vpc',
      first: '/organizations/:organization_name/registry-modules/:registry_name/:namespace/:name',
      literals: 2,
    },
    { path: 'workspaces/{id}/relationships/tags', first: '/workspaces/:workspace_id/relationships/tags', literals: 3 },
  ];
  for (const c of paths) {
    it(`matches ${c.path} to its most literal template first`, () => {
      const found = history.matchSegments(segments(c.path));
      assert.equal(found[0]?.template, c.first);
      assert.equal(found[0]?.literals, c.literals);
    });
  }

  it('lets a placeholder fill only a parameter', () => {
    assert.deepEqual(
      history.matchSegments(segments('organizations/acme/registry-modules/{x}')).map((c) => c.template),
      [],
    );
  });

  it('requires the query a template names (the audit trails token)', () => {
    const path = segments('organizations/acme/authentication-token');
    assert.deepEqual(
      history.matchSegments(path).map((c) => c.template),
      [],
    );
    assert.equal(history.matchSegments(path, new Map([['token', 'audit-trails']]))[0]?.endpoints.length, 2);
  });

  it('builds an index from any data of the same shape', () => {
    const data: HistoryData = {
      newest: '2020-01-02',
      entries: [
        {
          id: 'ph-2020-01-01',
          date: '2020-01-01',
          seedDate: '2020-1-1',
          seedRow: 2,
          editions: ['hosted'],
          kind: 'added',
          level: 'info',
          summary: 'a',
          subjects: [{ type: 'attribute', name: 'x-y', resource: 'things', change: 'added' }],
        },
        {
          id: 'ph-2020-01-02',
          date: '2020-01-02',
          seedDate: '2020-1-2',
          seedRow: 1,
          editions: ['hosted'],
          kind: 'deprecated',
          level: 'deprecation',
          sunset: '2021-03',
          summary: 'b',
          subjects: [
            {
              type: 'attribute',
              name: 'x-y',
              resource: 'things',
              change: 'deprecated',
              deprecated: true,
              replacedBy: 'z',
            },
          ],
        },
      ],
    };
    const index = loadHistory(data);
    assert.deepEqual(
      index.entries.map((e) => e.date),
      ['2020-01-02', '2020-01-01'],
    );
    const subject = index.byId.get(subjectId({ type: 'attribute', name: 'x-y', resource: 'things' }));
    assert.equal(subject?.deprecation?.date, '2020-01-02');
    assert.equal(subject?.replacedBy, 'z');
    assert.deepEqual(
      subject?.changes.map((c) => [c.id, c.level, c.sunset]),
      [
        ['ph-2020-01-02', 'deprecation', '2021-03'],
        ['ph-2020-01-01', 'info', undefined],
      ],
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeUrl } from '../../src/history/normalize-url.ts';

const cases: { name: string; input: string; segments?: string[]; query?: string[]; method?: string }[] = [
  {
    name: 'full URL: host and /api/v2 dropped',
    input: 'https://app.example.io/api/v2/workspaces/ws-1/relationships/tags',
    segments: ['workspaces', 'ws-1', 'relationships', 'tags'],
  },
  { name: 'template literal base', input: '${base}/api/v2/runs', segments: ['runs'] },
  {
    name: 'base placeholder without /api/v2',
    input: '{BASE}/organizations/{org}/projects',
    segments: ['organizations', '{org}*', 'projects'],
  },
  { name: 'printf verbs', input: '%s/api/v2/workspaces/%s/vars', segments: ['workspaces', '%s*', 'vars'] },
  {
    name: 'colon and angle placeholders',
    input: '/workspaces/:workspace_id/tasks/<task>',
    segments: ['workspaces', ':workspace_id*', 'tasks', '<task>*'],
  },
  {
    // TfCloudApi.psm1 (held3, seen): not POST /runs by its last segment.
    name: "a base glued to the path's first word (PowerShell subexpression, template literal)",
    input: '$($Global:DefaultTfCloudOrg.ServerUri)workspaces/${workspaceId}/runs',
    segments: ['workspaces', '${workspaceId}*', 'runs'],
  },
  { name: 'template base glued to a word', input: '${base}runs/${id}', segments: ['runs', '${id}*'] },
  { name: 'shell variables', input: '$TFE_ADDR/api/v2/agents/$AGENT', segments: ['agents', '$AGENT*'] },
  {
    name: 'relative go-tfe path with a placeholder',
    input: 'workspaces/%s/relationships/tags',
    segments: ['workspaces', '%s*', 'relationships', 'tags'],
  },
  {
    name: 'registry protocol keeps api/registry',
    input: 'https://r.example/api/registry/private/v2/gpg-keys',
    segments: ['api', 'registry', 'private', 'v2', 'gpg-keys'],
  },
  {
    name: 'query with encoded brackets',
    input: '/organizations/acme/workspaces?search%5Btags%5D=a&sort=name',
    segments: ['organizations', 'acme', 'workspaces'],
    query: ['search[tags]=a', 'sort=name'],
  },
  { name: 'method prefix', input: 'DELETE /agents/agent-1', segments: ['agents', 'agent-1'], method: 'DELETE' },
  { name: 'host without /api/v2 is not the platform', input: 'https://example.com/docs/workspaces' },
  { name: 'short relative path is a file path', input: 'projects/readme' },
  {
    // Tfe.NetClient's TeamWorkspace.cs (held3, seen): GetAsync<T>($"team-workspaces?filter[workspace][id]={id}").
    name: 'one segment with a query is a path',
    input: 'team-workspaces?filter[workspace][id]={workspaceId}',
    segments: ['team-workspaces'],
    query: ['filter[workspace][id]={workspaceId}'],
  },
  { name: 'one segment with a bare question mark is not', input: 'workspaces?' },
  { name: 'no path at all', input: 'https://example.com' },
];

describe('normalizeUrl', () => {
  for (const c of cases) {
    it(c.name, () => {
      const url = normalizeUrl(c.input);
      if (c.segments === undefined) {
        assert.equal(url, undefined);
        return;
      }
      assert.ok(url);
      assert.deepEqual(
        url.segments.map((s) => `${s.text}${s.placeholder ? '*' : ''}`),
        c.segments,
      );
      assert.deepEqual(
        url.query.map((p) => `${p.key}=${p.value}`),
        c.query ?? [],
      );
      assert.equal(url.method?.method, c.method);
    });
  }

  it('gives the span of the kept path, for rewriting it', () => {
    const input = 'https://h/api/v2/registry-modules/actions/delete/acme/vpc?x=1';
    const url = normalizeUrl(input);
    assert.ok(url);
    assert.equal(input.slice(url.pathStart, url.pathEnd), '/registry-modules/actions/delete/acme/vpc');
    assert.equal(input.slice(url.query[0]?.keyStart, url.query[0]?.keyEnd), 'x');
  });
});

// The language server's workspace side: the access report and the JWT trust context of a folder,
// from what the host read plus the open documents' text, rebuilt only when one of them changes, and
// bounded whatever the host sends.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WorkspaceAccess, type WorkspaceSnapshot } from '../../src/lsp/workspace-access.ts';

const FOLDER = 'file:///ws';
const POLICY = 'path "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\n';
const ROLE =
  'role_type: jwt\nuser_claim: repository\nbound_audiences: [keyfob]\nbound_subject: repo:octo/app:ref:refs/heads/main\ntoken_policies: [deploy]\n';
const WORKFLOW = 'on: [pull_request]\njobs:\n  d:\n    runs-on: ubuntu-latest\n    steps:\n      - run: true\n';

const snapshot: WorkspaceSnapshot = {
  files: [
    { path: 'auth/deploy.policy.hcl', text: POLICY },
    { path: 'auth/gh.jwt-role.yaml', text: ROLE },
  ],
  workflows: [{ path: '.github/workflows/pr.yml', text: WORKFLOW }],
};

function workspace(read: (folder: string) => Promise<WorkspaceSnapshot>): { access: WorkspaceAccess; logs: string[] } {
  const logs: string[] = [];
  return { access: new WorkspaceAccess(read, (m) => logs.push(m)), logs };
}

describe('WorkspaceAccess', () => {
  test('nothing before the first read; then the report and the trust context of the folder', async () => {
    const { access } = workspace(() => Promise.resolve(snapshot));
    assert.equal(access.factsOf(FOLDER, []), undefined);
    await access.load(FOLDER);
    const facts = access.factsOf(FOLDER, []);
    assert.ok(facts);
    const gh = facts.report.jwtRoles.find((r) => r.name === 'gh');
    assert.deepEqual(gh?.policies, ['default', 'deploy']);
    assert.ok(gh?.reach.some((r) => r.path === 'cloud/creds/deploy' && r.capabilities.includes('read')));
    const trust = access.trustOf(FOLDER, []);
    assert.ok(trust?.policies?.has('deploy'));
    assert.deepEqual(
      trust?.workflows?.map((w) => w.file),
      ['.github/workflows/pr.yml'],
    );
  });

  test("an open document's text replaces the saved one; the same inputs give the same object", async () => {
    const { access } = workspace(() => Promise.resolve(snapshot));
    await access.load(FOLDER);
    const saved = access.factsOf(FOLDER, []);
    assert.equal(access.factsOf(FOLDER, []), saved, 'built once');
    const open = {
      uri: `${FOLDER}/auth/deploy.policy.hcl`,
      path: 'auth/deploy.policy.hcl',
      version: 2,
      text: 'path "cloud/sts/deploy" {\n  capabilities = ["update"]\n}\n',
    };
    const edited = access.factsOf(FOLDER, [open]);
    assert.notEqual(edited, saved);
    const reach = edited?.report.jwtRoles.find((r) => r.name === 'gh')?.reach.map((r) => r.path);
    assert.ok(reach?.includes('cloud/sts/deploy') && !reach.includes('cloud/creds/deploy'), String(reach));
    assert.equal(access.factsOf(FOLDER, [open]), edited, 'same version: same object');
    const other = { uri: `${FOLDER}/src/app.ts`, path: 'src/app.ts', version: 7, text: 'x' };
    assert.equal(access.factsOf(FOLDER, [open, other]), edited, 'documents that are not keyfob files do not count');
    assert.notEqual(access.factsOf(FOLDER, [{ ...open, version: 3 }]), edited, 'a new version rebuilds');
  });

  test('bounded whatever the host sends: 1,000 files, and a note saying so', async () => {
    const many = Array.from({ length: 1005 }, (_, i) => ({ path: `p${i}.policy.hcl`, text: POLICY }));
    const { access, logs } = workspace(() => Promise.resolve({ files: many, workflows: [] }));
    await access.load(FOLDER);
    assert.equal(access.trustOf(FOLDER, [])?.policies?.size, 1000);
    assert.match(logs.join('\n'), /more than 1000 keyfob files/);
    assert.match(access.factsOf(FOLDER, [])?.incomplete ?? '', /more than 1000 keyfob files/);
  });

  test('a role file contributes its names; editing it keeps the trust context and re-reads no other file', async () => {
    const { access } = workspace(() =>
      Promise.resolve({
        ...snapshot,
        files: [
          ...snapshot.files,
          {
            path: 'roles/app.role.yaml',
            text: 'name: app\ncredential_type: iam_user\npolicy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]\n',
          },
        ],
      }),
    );
    await access.load(FOLDER);
    const trust = access.trustOf(FOLDER, []);
    const before = access.factsOf(FOLDER, []);
    assert.deepEqual(
      before?.report.targets.filter((t) => t.kind === 'credentials').map((t) => t.name),
      ['app', '*'],
    );
    const open = {
      uri: `${FOLDER}/roles/app.role.yaml`,
      path: 'roles/app.role.yaml',
      version: 2,
      text: 'name: app2\ncredential_type: iam_user\npolicy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]\n',
    };
    assert.equal(access.trustOf(FOLDER, [open]), trust, 'a role file does not feed the trust checks');
    const after = access.factsOf(FOLDER, [open]);
    assert.deepEqual(
      after?.report.targets.filter((t) => t.kind === 'credentials').map((t) => t.name),
      ['app2', '*'],
    );
    assert.equal(after?.incomplete, undefined);
  });

  test("a host that stopped early: its reason is the answer's note", async () => {
    const { access, logs } = workspace(() => Promise.resolve({ ...snapshot, incomplete: 'the walk stopped' }));
    await access.load(FOLDER);
    assert.equal(access.factsOf(FOLDER, [])?.incomplete, 'the walk stopped');
    assert.match(logs.join('\n'), /the walk stopped/);
  });

  test('a failed read is logged, and the folder stays unknown', async () => {
    const { access, logs } = workspace(() => Promise.reject(new Error('EACCES')));
    await access.load(FOLDER);
    assert.equal(access.factsOf(FOLDER, []), undefined);
    assert.equal(access.trustOf(FOLDER, []), undefined);
    assert.match(logs.join('\n'), /could not read the workspace file:\/\/\/ws: EACCES/);
  });

  test('concurrent loads share one read', async () => {
    let reads = 0;
    const { access } = workspace(() => {
      reads++;
      return Promise.resolve(snapshot);
    });
    await Promise.all([access.load(FOLDER), access.load(FOLDER)]);
    assert.equal(reads, 1);
  });
});

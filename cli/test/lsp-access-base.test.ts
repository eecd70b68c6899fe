// "access changed since base" in the editor: `keyfob lsp --stdio` on a git repository built here
// (main holds the realistic set of files of the access diff tests; the branch commits longer
// lifetimes, changes a policy on disk without committing, and the editor holds an unsaved JWT role
// edit). The code lenses sit at the lines that grant each change, say what `keyfob access diff
// --base main` says (compared change by change once the edit is saved), follow the editor's text
// before it is saved, follow the keyfob.accessBase setting, and a folder outside git gets none.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AccessChange } from '@keyfob/shared/access';
import { isRoleFileName } from '@keyfob/shared/lint';
import picomatch from 'picomatch';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { fileUri, startLsp, type LspSession } from '../../test/helpers/lsp-client.ts';
import { main } from '../src/main.ts';
import { baseRepository, CASES, writeFiles } from './access-diff-cases.ts';
import { captureIo } from './capture-io.ts';

const POLICY = 'keyfob/access/audit.policy.hcl';
const AUDIT_ROLE = 'keyfob/access/gh-audit.jwt-role.yaml';
const DEPLOY_ROLE = 'keyfob/access/gh-deploy.jwt-role.yaml';
const CREDENTIAL_ROLE = 'keyfob/roles/deploy.role.yaml';

const caseNamed = (start: string) => {
  const found = CASES.find((c) => c.name.startsWith(start));
  if (!found) throw new Error(`no case ${start}`);
  return found;
};

/** The lenses of a document as `line: title` (1-based lines). */
const shown = (lenses: readonly CodeLens[]): string[] =>
  lenses.map((l) => `${l.range.start.line + 1}: ${l.command?.title ?? ''}`).sort();

describe('keyfob lsp: access changed since base (code lenses)', () => {
  let repo: string;
  let git: (...args: string[]) => string;
  let server: LspSession;
  let editedDeployRole: string;
  const uri = (path: string): string => fileUri(join(repo, path));
  const lensesOf = (session: LspSession, path: string): Promise<CodeLens[]> =>
    session.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: uri(path) } });
  /** Asks until `accept` holds (the server reads the folder in the background), at most 20 s. */
  const eventually = async (ask: () => Promise<CodeLens[]>, accept: (l: CodeLens[]) => boolean) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const value = await ask();
      if (accept(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const openAll = (session: LspSession): void => {
    for (const path of [POLICY, AUDIT_ROLE, CREDENTIAL_ROLE])
      session.open(uri(path), path.endsWith('.hcl') ? 'hcl' : 'yaml', readFileSync(join(repo, path), 'utf8'));
    session.open(uri(DEPLOY_ROLE), 'yaml', editedDeployRole);
  };

  before(async () => {
    ({ repo, git } = baseRepository());
    git('checkout', '-q', '-b', 'feature');
    writeFiles(repo, caseNamed('longer token').files);
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-am', 'longer lifetimes');
    writeFiles(repo, caseNamed('a policy grants').files); // on disk, not committed
    // The editor's unsaved text: one more branch may log in (on top of the committed 2h token_ttl).
    editedDeployRole = readFileSync(join(repo, DEPLOY_ROLE), 'utf8').replace(
      '  sub: repo:octo/app:ref:refs/heads/main\n',
      '  sub:\n    - repo:octo/app:ref:refs/heads/main\n    - repo:octo/app:ref:refs/heads/release\n',
    );
    server = await startLsp({ rootUri: fileUri(repo) });
    openAll(server);
  });
  after(async () => {
    await server?.stop();
    rmSync(repo, { recursive: true, force: true });
  });

  it('announces code lenses', () => {
    assert.deepEqual(server.initialized.capabilities.codeLensProvider, { resolveProvider: false });
  });

  it("a policy's new rule: the lens at the rule, and on the JWT role it reaches, naming where", async () => {
    const policy = await eventually(
      () => lensesOf(server, POLICY),
      (l) => l.length > 0,
    );
    const label = /since main \([0-9a-f]{8}\)/;
    assert.equal(policy.length, 1, shown(policy).join('\n'));
    assert.match(
      shown(policy)[0] ?? '',
      /^5: gained since main \([0-9a-f]{8}\): JWT role gh-audit: cloud\/creds\/reports read, update/,
    );
    const role = shown(await lensesOf(server, AUDIT_ROLE));
    assert.equal(role.length, 1, role.join('\n'));
    assert.match(role[0] ?? '', label);
    assert.match(
      role[0] ?? '',
      /^1: gained .*JWT role gh-audit: cloud\/creds\/reports read, update .*\(keyfob\/access\/audit\.policy\.hcl:5\)$/,
    );
  });

  it("the editor's unsaved text: the new branch at its sub line, the committed longer TTL at its line", async () => {
    const lenses = shown(await lensesOf(server, DEPLOY_ROLE));
    assert.equal(lenses.length, 2, lenses.join('\n'));
    assert.match(
      lenses[0] ?? '',
      /^7: gained since main \([0-9a-f]{8}\): JWT role gh-deploy: octo\/app, branch release/,
    );
    assert.match(lenses[1] ?? '', /^9: longer since main \([0-9a-f]{8}\): JWT role gh-deploy: token_ttl 15m → 2h$/);
    const credential = shown(await lensesOf(server, CREDENTIAL_ROLE));
    assert.deepEqual(credential.length, 1, credential.join('\n'));
    assert.match(credential[0] ?? '', /^4: longer since main \([0-9a-f]{8}\): role deploy: max_sts_ttl 1h → 12h$/);
  });

  it('once saved, every lens is a change keyfob access diff --base main reports, at its line', async () => {
    writeFileSync(join(repo, DEPLOY_ROLE), editedDeployRole);
    const io = captureIo(repo);
    assert.equal(await main(['access', 'diff', '--base', 'main', '--format', 'json'], io), 0, io.err());
    const { changes } = JSON.parse(io.out()) as { changes: AccessChange[] };
    assert.equal(changes.length, 4, JSON.stringify(changes.map((c) => c.text)));
    for (const path of [POLICY, AUDIT_ROLE, DEPLOY_ROLE, CREDENTIAL_ROLE]) {
      const lenses = await lensesOf(server, path);
      const own = changes.filter((c) => c.source?.file === path);
      for (const change of own)
        assert.ok(
          lenses.some(
            (l) => l.range.start.line + 1 === change.source?.line && (l.command?.title ?? '').endsWith(change.text),
          ),
          `${path}: no lens for ${change.text} at line ${change.source?.line}: ${shown(lenses).join(' | ')}`,
        );
      // Lenses of changes granted elsewhere name the place the CLI names.
      for (const lens of lenses) {
        const title = lens.command?.title ?? '';
        assert.ok(
          changes.some((c) => title.includes(c.text)),
          `${path}: a lens the CLI does not report: ${title}`,
        );
        assert.equal(lens.command?.command, '', 'display only');
      }
    }
  });

  it('keyfob.accessBase: HEAD compares with the last commit (the committed lifetimes are not shown)', async () => {
    const session = await startLsp({ rootUri: fileUri(repo), settings: { accessBase: 'HEAD' } });
    try {
      openAll(session);
      const policy = await eventually(
        () => lensesOf(session, POLICY),
        (l) => l.length > 0,
      );
      assert.match(shown(policy)[0] ?? '', /^5: gained since HEAD \([0-9a-f]{8}\): JWT role gh-audit/);
      const deploy = shown(await lensesOf(session, DEPLOY_ROLE));
      assert.equal(deploy.length, 1, deploy.join('\n'));
      assert.match(deploy[0] ?? '', /branch release/);
      assert.deepEqual(await lensesOf(session, CREDENTIAL_ROLE), []);
    } finally {
      await session.stop();
    }
  });

  it('a folder outside git: no lenses, and the reason logged once', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'keyfob-lsp-nogit-'));
    const session = await startLsp({ rootUri: fileUri(folder) });
    try {
      const policy = join(folder, 'audit.policy.hcl');
      writeFileSync(policy, 'path "cloud/creds/audit" {\n  capabilities = ["read"]\n}\n');
      session.open(fileUri(policy), 'hcl', readFileSync(policy, 'utf8'));
      for (let i = 0; i < 2; i++)
        assert.deepEqual(
          await session.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: fileUri(policy) } }),
          [],
        );
      assert.equal(
        session.logs.filter((l) => /no "access changed since base" in .*not a git repository/.test(l)).length,
        1,
        session.logs.join('\n'),
      );
    } finally {
      await session.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('keyfob lsp: access lenses follow the files on disk', () => {
  let repo: string;
  let session: LspSession;
  const uri = (path: string): string => fileUri(join(repo, path));
  const lensesOf = (path: string): Promise<CodeLens[]> =>
    session.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: uri(path) } });
  /** Waits (at most 20 s) until `ready` holds: the server reads and refreshes in the background. */
  const until = async (ready: () => boolean | Promise<boolean>, what: string): Promise<void> => {
    for (const deadline = Date.now() + 20_000; !(await ready());) {
      if (Date.now() > deadline) assert.fail(`not within 20 s: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  before(async () => {
    ({ repo } = baseRepository());
    session = await startLsp({
      rootUri: fileUri(repo),
      workspaceCapabilities: {
        didChangeWatchedFiles: { dynamicRegistration: true },
        codeLens: { refreshSupport: true },
      },
    });
    // Open: the JWT role; changed on disk (not open, as after a pull): the policy that reaches it.
    session.open(uri(AUDIT_ROLE), 'yaml', readFileSync(join(repo, AUDIT_ROLE), 'utf8'));
  });
  after(async () => {
    await session?.stop();
    rmSync(repo, { recursive: true, force: true });
  });

  it('watches every file kind the folder read keeps, Terraform included', async () => {
    await until(() => session.registrations.length > 0, 'the watched-files registration');
    const watch = session.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles');
    const globs = (watch?.registerOptions as { watchers?: { globPattern: string }[] } | undefined)?.watchers ?? [];
    const matches = globs.map((w) => picomatch(w.globPattern, { dot: true }));
    for (const path of [POLICY, AUDIT_ROLE, CREDENTIAL_ROLE, 'infra/vault/main.tf', 'infra/vault/roles.tf.json'])
      assert.ok(
        isRoleFileName(path) && matches.some((m) => m(path)),
        `${path}: not watched by ${JSON.stringify(globs)}`,
      );
  });

  it('a policy changed on disk: the server asks the editor for the lenses again, and they show the change', async () => {
    await until(
      async () => (await lensesOf(AUDIT_ROLE)).length === 0 && session.refreshes.length > 0,
      'the first read',
    );
    const before = session.refreshes.length;
    writeFiles(repo, caseNamed('a policy grants').files);
    await session.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri(POLICY), type: 2 }],
    });
    await until(() => session.refreshes.length > before, 'workspace/codeLens/refresh after the change');
    assert.match(
      shown(await lensesOf(AUDIT_ROLE)).join('\n'),
      /^1: gained since main \([0-9a-f]{8}\): JWT role gh-audit: .*\(keyfob\/access\/audit\.policy\.hcl:5\)$/,
    );
  });
});

// `keyfob lsp --stdio` against what a red team sent (issue 29): a large folder is walked within
// bounds, nearest the open document first, and an answer from part of it says so (a warning and a
// note in the access hover); a frame without Content-Length ends the server with its reason on
// stderr (a client then restarts it) instead of leaving it running but deaf.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import { entryArgs, REPO_ROOT } from '../../test/helpers/engine.ts';
import { fileUri, startLsp, type LspSession } from '../../test/helpers/lsp-client.ts';
import { pollUntil } from '../../test/helpers/poll.ts';
import { readWorkspace } from '../src/lsp/read-workspace.ts';
import { scratchProjects } from './scratch-project.ts';

const project = scratchProjects('keyfob-lsp-limits-');
const POLICY = (name: string): string => `path "cloud/creds/${name}" {\n  capabilities = ["read"]\n}\n`;
const ROLE = [
  'role_type: jwt',
  'user_claim: repository',
  'bound_audiences: [keyfob]',
  'bound_subject: repo:octo/app:ref:refs/heads/main',
  'token_policies: [near]',
  '',
].join('\n');

/** 1,100 policies in a folder that sorts first (`a-far/`), and beside the JWT role the one policy it names. */
function largeFolder(): string {
  const root = project('large', { 'z/auth/near.policy.hcl': POLICY('near'), 'z/auth/gh.jwt-role.yaml': ROLE });
  mkdirSync(join(root, 'a-far'));
  for (let i = 0; i < 1100; i++)
    writeFileSync(join(root, 'a-far', `p${String(i).padStart(4, '0')}.policy.hcl`), POLICY(`p${i}`));
  return root;
}

describe('keyfob lsp: a large folder', () => {
  const root = largeFolder();
  const role = fileUri(join(root, 'z/auth/gh.jwt-role.yaml'));
  let server: LspSession;
  before(async () => {
    server = await startLsp({ rootUri: fileUri(root) });
    server.open(role, 'yaml', ROLE);
    await server.diagnostics(role, 1);
  });
  after(() => server.stop());

  it('keeps the files nearest the open document, and the access hover and a warning say the answer is incomplete', async () => {
    // The server reads the folder in the background after the document opened: ask until it answers from it.
    const text = await pollUntil(
      async () => {
        const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', {
          textDocument: { uri: role },
          position: { line: 4, character: 18 },
        });
        return hover ? (hover.contents as { value: string }).value : '';
      },
      (answer) => /Incomplete answer/.test(answer),
      { tries: 600, pauseMs: 100 },
    );
    assert.match(text, /Incomplete answer: the workspace holds more than 1000 keyfob files/);
    assert.match(text, /credentials: near \(creds: read\)/, 'the policy beside the role was read');
    assert.ok(
      server.logs.some((m) => /more than 1000 keyfob files/.test(m)),
      server.logs.join('\n'),
    );
  });

  it('the walk looks at a bounded number of entries and says where it stopped', async () => {
    const read = await readWorkspace(
      pathToFileURL(root).href,
      { near: ['z/auth/gh.jwt-role.yaml'] },
      { files: 1000, entries: 50 },
    );
    assert.deepEqual(
      read.files.slice(0, 2).map((f) => f.path),
      ['z/auth/gh.jwt-role.yaml', 'z/auth/near.policy.hcl'],
    );
    assert.ok(read.files.length < 50, String(read.files.length));
    assert.match(read.incomplete ?? '', /stopped after 50 entries/);
  });
});

describe('keyfob lsp: a broken stream', () => {
  it('a frame without Content-Length ends the server with its reason on stderr', async () => {
    const child = spawn(process.execPath, [...entryArgs().args, 'lsp', '--stdio'], {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdin.write(
      'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"initialize"}',
    );
    const code = await exited;
    clearTimeout(timer);
    assert.equal(code, 1, `the server should end on its own (stderr: ${stderr})`);
    assert.match(stderr, /Content-Length.*the message stream is broken, exiting/s);
  });
});

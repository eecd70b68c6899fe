// Context from another file of the same project, through both front ends: `keyfob history scan <folder>`
// (a real process) reads test/fixtures/history/project as one project, so the query keys of a request
// model (pkg/models/jobs.py) are bound to the path the service in pkg/resources/jobs.py sends it to; the
// language server (`keyfob lsp --stdio`, rooted at that folder) shows the same subject on hover at each
// of those annotations, with both files open and with only the model file open (the server reads the
// folder's other files as the CLI does). The model file scanned alone claims none of them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import { REPO_ROOT } from '../../test/helpers/engine.ts';
import { fileUri, startLsp } from '../../test/helpers/lsp-client.ts';
import type { LspSession } from '../../test/helpers/lsp-client.ts';
import { runKeyfob } from './run-keyfob.ts';

const PROJECT = join(REPO_ROOT, 'test/fixtures/history/project');
const MODELS = 'pkg/models/jobs.py';
const SERVICE = 'pkg/resources/jobs.py';

interface Annotation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly subject: { readonly type: string; readonly name: string; readonly resource: string | null };
}

/** The filter and search keys `keyfob history scan` reports in the model file (page keys belong to every list). */
async function modelKeys(...paths: string[]): Promise<Annotation[]> {
  const run = await runKeyfob(['history', 'scan', ...paths, '--format', 'json']);
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return (JSON.parse(run.stdout) as { annotations: Annotation[] }).annotations.filter(
    (a) => a.file.endsWith('models/jobs.py') && /^(?:search|filter)\[/.test(a.subject.name),
  );
}

let server: LspSession;
before(async () => {
  server = await startLsp({ rootUri: fileUri(PROJECT) });
});
after(() => server.stop());

describe('history: a model sent by another file of the project', () => {
  it('keyfob history scan on the folder binds the model’s keys; on the model file alone it does not', async () => {
    const folder = await modelKeys(PROJECT);
    // The field (`user`) and its alias (`"search[user]"`) each name the key.
    assert.deepEqual(
      [...new Set(folder.map((a) => `${a.line} ${a.subject.name}`))],
      ['5 search[user]', '6 filter[status]', '10 filter[timeframe]'],
    );
    assert.deepEqual(await modelKeys(join(PROJECT, MODELS)), []);
  });

  it('the hover on the model file, with its sibling open in the workspace, names the same subjects', async () => {
    const annotations = await modelKeys(PROJECT);
    for (const path of [SERVICE, MODELS])
      server.open(fileUri(join(PROJECT, path)), 'python', readFileSync(join(PROJECT, path), 'utf8'));
    await assertHovers(server, annotations);
  });

  it('the hover on the model file, the only file open, names the same subjects once the folder is read', async () => {
    const annotations = await modelKeys(PROJECT);
    assert.ok(annotations.length > 0);
    const alone = await startLsp({ rootUri: fileUri(PROJECT) });
    try {
      const uri = fileUri(join(PROJECT, MODELS));
      alone.open(uri, 'python', readFileSync(join(PROJECT, MODELS), 'utf8'));
      // Checked at once with what is known (the model alone), then again when the folder's files were read.
      await alone.diagnostics(uri, 1);
      await alone.diagnostics(uri, 1);
      await assertHovers(alone, annotations);
    } finally {
      await alone.stop();
    }
  });
});

/** Each annotation's subject is named by the server's hover at its position in the model file. */
async function assertHovers(session: LspSession, annotations: readonly Annotation[]): Promise<void> {
  const uri = fileUri(join(PROJECT, MODELS));
  for (const a of annotations) {
    const hover = await session.connection.sendRequest<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: a.line - 1, character: a.column - 1 },
    });
    const text = hover && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
    assert.ok(
      text.includes(`**${a.subject.name}**`),
      `line ${a.line} ${a.subject.name}: hover ${JSON.stringify(text)}`,
    );
  }
}

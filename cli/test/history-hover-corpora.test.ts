// The corpora we already have, through both front ends: `keyfob history scan --format json` (the CLI,
// a real process) over the recall corpus (test/fixtures/history/recall, a dozen languages) and a tenth
// of the real-client corpus (test/fixtures/history-real: go-tfe, terrasnek, the Terraform provider, curl
// scripts), then `keyfob lsp --stdio` (the language server every editor talks to) asked for a hover at
// the start of every annotation the CLI printed. Each hover must name that annotation's subject (its
// name, and its resource when it has one), and the SDK name when the use is through a client library:
// the editor finds what the CLI finds.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { languageOfFile } from '@keyfob/shared/history';
import type { Hover } from 'vscode-languageserver-protocol';
import { REPO_ROOT } from '../../test/helpers/engine.ts';
import { fileUri, startLsp } from '../../test/helpers/lsp-client.ts';
import type { LspSession } from '../../test/helpers/lsp-client.ts';
import { runKeyfob } from './run-keyfob.ts';

const RECALL = 'test/fixtures/history/recall';
const REAL = 'test/fixtures/history-real';
// The clients' code is not committed (node test/fixtures/history-real/restore.mjs brings it from the
// repositories' snapshots); without it only the recall corpus is compared.
const realPresent = existsSync(join(REPO_ROOT, REAL, 'go-tfe'));
if (!realPresent) console.log('# the real-client corpus is not restored here: the recall corpus only');
const realSample = readFileSync(join(REPO_ROOT, REAL, 'SOURCES.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .map((row) => row.split('\t')[0] ?? '')
  .filter((f) => f !== '')
  .filter((_, i) => realPresent && i % 10 === 0)
  .map((f) => `${REAL}/${f}`);
const recallFiles = readdirSync(join(REPO_ROOT, RECALL))
  .filter((f) => f !== 'README.md' && !f.endsWith('.spots'))
  .map((f) => `${RECALL}/${f}`);

interface Annotation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly subject: { readonly type: string; readonly name: string; readonly resource: string | null };
  readonly sdk?: { readonly client: string; readonly name: string };
}

let server: LspSession;
before(async () => {
  server = await startLsp({ rootUri: fileUri(REPO_ROOT) });
});
after(() => server.stop());

describe('the editor finds what the CLI finds, on the corpora we have', () => {
  for (const [corpus, files] of [
    ['recall corpus (a dozen languages)', recallFiles],
    ['real client code (every tenth file)', realSample],
  ] as const)
    it(
      `${corpus}: a hover names the subject at every annotation of keyfob history scan`,
      {
        skip:
          files.length > 0
            ? false
            : 'the real-client corpus is not restored here (node test/fixtures/history-real/restore.mjs)',
      },
      async () => {
        const run = await runKeyfob(['history', 'scan', ...files, '--format', 'json']);
        assert.ok(run.status === 0 || run.status === 1, run.stderr);
        const annotations = (JSON.parse(run.stdout) as { annotations: Annotation[] }).annotations;
        assert.ok(annotations.length >= (files === recallFiles ? 300 : 60), `${annotations.length} annotations`);
        const missed: string[] = [];
        const byFile = new Map<string, Annotation[]>();
        for (const a of annotations) byFile.set(a.file, [...(byFile.get(a.file) ?? []), a]);
        for (const [file, list] of byFile) {
          const path = join(REPO_ROOT, file);
          const uri = fileUri(path);
          server.open(uri, languageOfFile(path) ?? 'plaintext', readFileSync(path, 'utf8'));
          for (const a of list) {
            const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', {
              textDocument: { uri },
              position: { line: a.line - 1, character: a.column - 1 },
            });
            const text =
              hover && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
            const named =
              text.includes(`**${a.subject.name}**`) &&
              (a.subject.resource === null || text.includes(a.subject.resource)) &&
              (a.sdk === undefined || text.includes(`\`${a.sdk.name}\``));
            if (!named) missed.push(`${file}:${a.line}:${a.column} ${a.subject.type} ${a.subject.name}`);
          }
        }
        assert.deepEqual(missed, [], `${missed.length} of ${annotations.length} annotations without their hover`);
      },
    );
});

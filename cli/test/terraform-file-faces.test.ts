// One reader of a Terraform module's files for every face: keyfob lint, keyfob access and the
// language server (a real `keyfob lsp --stdio` process) read file("${path.module}/../policies/x.hcl")
// above the module, a root-relative path from the root module that calls it, and nothing outside
// the workspace (a link whose target is outside it is not followed), with the same results.
import assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AccessReport } from '@keyfob/shared/access';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { fileUri, startLsp, type LspSession } from '../../test/helpers/lsp-client.ts';
import { FILE_FACES, WIDE } from '../../test/helpers/terraform-file-faces.ts';
import { runKeyfob } from './run-keyfob.ts';
import { scratchProjects } from './scratch-project.ts';

const project = scratchProjects('keyfob-tf-faces-');

const FILES = { '.git/HEAD': '', ...FILE_FACES };

let root: string;
let outside: string;
before(() => {
  root = project('workspace', FILES);
  outside = project('elsewhere', { 'wide.hcl': WIDE });
  symlinkSync(join(outside, 'wide.hcl'), join(root, 'modules/linked/outside.hcl'));
});

/** `keyfob lint --format json .` in the workspace: each file's problems as `code line:column`. */
async function lintByFile(): Promise<Map<string, string[]>> {
  const run = await runKeyfob(['lint', '--format', 'json', '.'], {}, root);
  const { problems } = JSON.parse(run.stdout) as {
    problems: { file: string; code: string; line: number; column: number }[];
  };
  const out = new Map<string, string[]>();
  for (const p of problems) out.set(p.file, [...(out.get(p.file) ?? []), `${p.code} ${p.line}:${p.column}`]);
  return out;
}

const asLint = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.map((d) => `${String(d.code)} ${d.range.start.line + 1}:${d.range.start.character + 1}`);

describe('file() above a module and from its root module: one reader for lint, access and the language server', () => {
  let lint: Map<string, string[]>;
  before(async () => {
    lint = await lintByFile();
  });

  it('keyfob lint reads the policy above the module and from the caller, not through a link out of the workspace', () => {
    for (const file of ['modules/above/main.tf', 'modules/rooted/main.tf'])
      assert.ok(
        (lint.get(file) ?? []).some((p) => p.startsWith('JWT_TRUST_POLICY_REACHES_TRUST')),
        `${file}: ${JSON.stringify([...lint])}`,
      );
    assert.deepEqual(
      (lint.get('modules/linked/main.tf') ?? []).filter((p) => p.startsWith('JWT_TRUST_POLICY_REACHES_TRUST')),
      [],
    );
  });

  describe('keyfob lsp --stdio', () => {
    let server: LspSession;
    before(async () => {
      server = await startLsp({ rootUri: fileUri(root) });
    });
    after(() => server.stop());

    for (const file of ['modules/above/main.tf', 'modules/rooted/main.tf', 'modules/linked/main.tf'])
      it(`${file}: the diagnostics keyfob lint gives`, async () => {
        const uri = fileUri(join(root, file));
        const expected = lint.get(file) ?? [];
        server.open(uri, 'terraform', FILES[file as keyof typeof FILES]);
        // The workspace (and so the caller's module block) is read in the background: wait for lint's answer.
        const { diagnostics } = await server.diagnosticsWhere(uri, (d) => asLint(d).join() === expected.join(), 20_000);
        assert.deepEqual(asLint(diagnostics), expected);
      });
  });

  it('keyfob access answers the same: the policy read above the module and from the caller, none through the link', async () => {
    // Another role and policy name per module, so that the three answers stand side by side.
    for (const [file, name] of [
      ['modules/above/main.tf', 'above'],
      ['modules/rooted/main.tf', 'rooted'],
      ['modules/linked/main.tf', 'linked'],
    ] as const)
      writeFileSync(
        join(root, file),
        FILES[file]
          .replace('name   = "ci"', `name   = "${name}"`)
          .replace('role_name       = "ci"', `role_name       = "${name}"`),
      );
    const run = await runKeyfob(['access', '--format', 'json', '.'], {}, root);
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout) as AccessReport;
    const role = (name: string) => report.jwtRoles.find((r) => r.name === name);
    const trust = (name: string): string[] => (role(name)?.trust ?? []).map((p) => p.code);
    for (const name of ['above', 'rooted']) {
      assert.deepEqual(role(name)?.missingPolicies, [], JSON.stringify(role(name)));
      assert.ok(trust(name).includes('JWT_TRUST_POLICY_REACHES_TRUST'), JSON.stringify(role(name)));
    }
    // The linked module's policy text is not read: the policy is left out with a notice, so the role's is missing.
    assert.deepEqual(role('linked')?.missingPolicies, ['linked']);
    assert.ok(!trust('linked').includes('JWT_TRUST_POLICY_REACHES_TRUST'));
    assert.match(run.stderr, /modules\/linked\/main\.tf: warning: vault_policy\.ci: left out/);
  });
});

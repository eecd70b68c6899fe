// The bundled action's lint mode, run as the runner runs it (node action/dist/main.cjs with INPUT_*
// variables, GITHUB_WORKSPACE), reads a Terraform module's file() through the one reader `keyfob
// lint` uses (TerraformTree over shared's Node reader): above the module
// ("${path.module}/../../policies/ci.hcl"), relative to the root module that calls it, and never
// through a link whose target is outside the workspace.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runStep } from '../../helpers/run-action.ts';
import { FILE_FACES, WIDE } from '../../helpers/terraform-file-faces.ts';

let scratch: string;
let workspace: string;
before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'keyfob-action-tf-'));
  workspace = join(scratch, 'workspace');
  for (const [path, text] of Object.entries(FILE_FACES)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
  mkdirSync(join(scratch, 'elsewhere'));
  writeFileSync(join(scratch, 'elsewhere', 'wide.hcl'), WIDE);
  symlinkSync(join(scratch, 'elsewhere', 'wide.hcl'), join(workspace, 'modules/linked/outside.hcl'));
});
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('the action lint mode reads file() as keyfob lint does', () => {
  it('above the module and from its caller, never through a link out of the workspace', async () => {
    const run = await runStep('main', {
      inputs: { mode: 'lint', files: 'main.tf\nmodules', 'allow-empty': 'true' },
      workspace,
    });
    const problems = JSON.parse(run.outputs['problems'] ?? '[]') as { file: string; code: string }[];
    const reaching = (file: string) =>
      problems.filter((p) => p.file === file && p.code === 'JWT_TRUST_POLICY_REACHES_TRUST').length;
    assert.equal(reaching('modules/above/main.tf'), 1, run.stdout);
    assert.equal(reaching('modules/rooted/main.tf'), 1, run.stdout);
    assert.equal(reaching('modules/linked/main.tf'), 0, run.stdout);
    assert.equal(run.exitCode, 1, run.stdout);
    assert.match(run.stdout, /::error title=JWT_TRUST_POLICY_REACHES_TRUST,file=modules\/above\/main\.tf,line=12,/);
  });
});

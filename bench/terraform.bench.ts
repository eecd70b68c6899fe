// Benchmark: `keyfob lint` of 200 Terraform files (one vault_aws_secret_backend_role each, one module
// folder as a repository keeps them) beside the same 200 roles as YAML role files, in the same run:
// what reading Terraform (tree-sitter, the module's other files, evaluation) costs over YAML for the
// same rules. Measured twice: the built CLI over each folder (a real process, as a user runs it) and
// the linter in this process with the module context the CLI gives each file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';
import { measure, ms, printTable } from './lib/measure.ts';

const COUNT = 200;
const cli = fileURLToPath(new URL('../cli/bin/keyfob.cjs', import.meta.url));
const roles = Array.from({ length: COUNT }, (_, i) => ({
  name: `deploy-${i}`,
  type: i % 2 === 0 ? 'assumed_role' : 'iam_user',
  ttl: 900 + i,
}));
const terraform = roles.map((r, i) =>
  r.type === 'assumed_role'
    ? `resource "vault_aws_secret_backend_role" "r${i}" {\n  backend = "aws"\n  name = "${r.name}"\n  credential_type = "assumed_role"\n  role_arns = ["arn:aws:iam::123456789012:role/${r.name}"]\n  default_sts_ttl = ${r.ttl}\n  max_sts_ttl = 3600\n}\n`
    : `resource "vault_aws_secret_backend_role" "r${i}" {\n  backend = "aws"\n  name = "${r.name}"\n  credential_type = "iam_user"\n  policy_document = jsonencode({\n    Version = "2012-10-17"\n    Statement = [{ Effect = "Allow", Action = ["s3:GetObject"], Resource = "arn:aws:s3:::b/*" }]\n  })\n}\n`,
);
const yaml = roles.map((r) =>
  r.type === 'assumed_role'
    ? `name: ${r.name}\ncredential_type: assumed_role\nrole_arns: [arn:aws:iam::123456789012:role/${r.name}]\ndefault_sts_ttl: ${r.ttl}s\nmax_sts_ttl: 1h\n`
    : `name: ${r.name}\ncredential_type: iam_user\npolicy_document:\n  Version: "2012-10-17"\n  Statement:\n    - Effect: Allow\n      Action: [s3:GetObject]\n      Resource: arn:aws:s3:::b/*\n`,
);

const root = mkdtempSync(join(tmpdir(), 'keyfob-terraform-bench-'));
const folders = { tf: join(root, 'terraform'), yaml: join(root, 'roles') };
mkdirSync(folders.tf);
mkdirSync(folders.yaml);
terraform.forEach((text, i) => writeFileSync(join(folders.tf, `r${i}.tf`), text));
yaml.forEach((text, i) => writeFileSync(join(folders.yaml, `r${i}.role.yaml`), text));

/** `keyfob lint --format json FOLDER`: the files it checked and the problems it found. */
function lintFolder(folder: string): { files: number; problems: number } {
  const run = spawnSync(process.execPath, [cli, 'lint', '--format', 'json', folder], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`keyfob lint ${folder}: exit ${run.status}: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { files: unknown[]; problems: unknown[] };
  return { files: report.files.length, problems: report.problems.length };
}

/** The linter in this process, each file with its folder's module context, as the CLI reads it. */
function lintInProcess(folder: string): number {
  const names = readdirSync(folder).sort();
  const read = (name: string) => readFileSync(join(folder, name), 'utf8');
  const terraformContext = terraformContextOf({ names, read });
  return names.reduce((n, name) => {
    const terraform = name.endsWith('.tf') ? { terraform: terraformContext } : {};
    return n + lintText(read(name), { fileName: name, ...terraform }).problems.length;
  }, 0);
}

try {
  const checked = { tf: lintFolder(folders.tf), yaml: lintFolder(folders.yaml) };
  if (checked.tf.files !== COUNT || checked.yaml.files !== COUNT)
    throw new Error(`checked ${checked.tf.files} .tf and ${checked.yaml.files} .role.yaml files, not ${COUNT} each`);
  const cliTf = await measure(() => lintFolder(folders.tf), { runs: 5, warmup: 1 });
  const cliYaml = await measure(() => lintFolder(folders.yaml), { runs: 5, warmup: 1 });
  const inTf = await measure(() => lintInProcess(folders.tf), { runs: 9 });
  const inYaml = await measure(() => lintInProcess(folders.yaml), { runs: 9 });
  printTable([
    ['keyfob lint', 'files', 'median', 'min', 'max', 'problems'],
    ['CLI', `${COUNT} .tf`, ms(cliTf.median), ms(cliTf.min), ms(cliTf.max), String(checked.tf.problems)],
    ['CLI', `${COUNT} .role.yaml`, ms(cliYaml.median), ms(cliYaml.min), ms(cliYaml.max), String(checked.yaml.problems)],
    ['in process', `${COUNT} .tf`, ms(inTf.median), ms(inTf.min), ms(inTf.max), String(lintInProcess(folders.tf))],
    [
      'in process',
      `${COUNT} .role.yaml`,
      ms(inYaml.median),
      ms(inYaml.min),
      ms(inYaml.max),
      String(lintInProcess(folders.yaml)),
    ],
  ]);
  console.log(
    `Terraform / YAML for the same ${COUNT} roles: ${(cliTf.median / cliYaml.median).toFixed(2)}x (CLI), ${(inTf.median / inYaml.median).toFixed(2)}x (in process)`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}

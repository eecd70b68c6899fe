// Benchmark: lint 200 Terraform files (one vault_aws_secret_backend_role each) beside the same 200
// roles as YAML role files, in the same run: what reading Terraform (tree-sitter, evaluation) costs
// over YAML for the same rules.
import { lintText } from '@keyfob/shared/lint';
import { measure, ms, printTable } from './lib/measure.ts';

const COUNT = 200;
const roles = Array.from({ length: COUNT }, (_, i) => ({
  name: `deploy-${i}`,
  type: i % 2 === 0 ? 'assumed_role' : 'iam_user',
  ttl: 900 + i,
}));
const terraform = roles.map((r) =>
  r.type === 'assumed_role'
    ? `resource "vault_aws_secret_backend_role" "r" {\n  backend = "aws"\n  name = "${r.name}"\n  credential_type = "assumed_role"\n  role_arns = ["arn:aws:iam::123456789012:role/${r.name}"]\n  default_sts_ttl = ${r.ttl}\n  max_sts_ttl = 3600\n}\n`
    : `resource "vault_aws_secret_backend_role" "r" {\n  backend = "aws"\n  name = "${r.name}"\n  credential_type = "iam_user"\n  policy_document = jsonencode({\n    Version = "2012-10-17"\n    Statement = [{ Effect = "Allow", Action = ["s3:GetObject"], Resource = "arn:aws:s3:::b/*" }]\n  })\n}\n`,
);
const yaml = roles.map((r) =>
  r.type === 'assumed_role'
    ? `name: ${r.name}\ncredential_type: assumed_role\nrole_arns: [arn:aws:iam::123456789012:role/${r.name}]\ndefault_sts_ttl: ${r.ttl}s\nmax_sts_ttl: 1h\n`
    : `name: ${r.name}\ncredential_type: iam_user\npolicy_document:\n  Version: "2012-10-17"\n  Statement:\n    - Effect: Allow\n      Action: [s3:GetObject]\n      Resource: arn:aws:s3:::b/*\n`,
);

const count = (files: string[], name: (i: number) => string) =>
  files.reduce((n, text, i) => n + lintText(text, { fileName: name(i) }).problems.length, 0);
const tfProblems = count(terraform, (i) => `r${i}.tf`);
const yamlProblems = count(yaml, (i) => `r${i}.role.yaml`);
const tf = await measure(() => count(terraform, (i) => `r${i}.tf`), { runs: 9 });
const yml = await measure(() => count(yaml, (i) => `r${i}.role.yaml`), { runs: 9 });

printTable([
  ['files', 'median', 'min', 'max', 'problems'],
  [`${COUNT} .tf`, ms(tf.median), ms(tf.min), ms(tf.max), String(tfProblems)],
  [`${COUNT} .role.yaml`, ms(yml.median), ms(yml.min), ms(yml.max), String(yamlProblems)],
]);
console.log(`Terraform / YAML: ${(tf.median / yml.median).toFixed(2)}x the time for the same ${COUNT} roles`);

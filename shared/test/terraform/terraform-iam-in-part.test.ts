// An IAM policy written with jsonencode({...}) whose parts are partly unknown (a statement's
// Resource from a variable without a default): what its known statements decide is reported at
// their place (Action "*" on Resource "*" in a literal statement), what the unknown part decides
// is not (Action "*" on a Resource keyfob does not know), and an unknown part a string cannot stand
// for (a whole statement, an Effect) leaves the document unknown: never a malformed-policy error.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintText, terraformContextOf } from '@keyfob/shared/lint';

function lint(text: string) {
  const terraform = terraformContextOf({ names: ['main.tf'], read: () => text });
  return lintText(text, { fileName: 'main.tf', terraform });
}

/** An iam_user role whose policy_document is jsonencode of the given statements (HCL), and a variable. */
const role = (...statements: string[]) => `variable "bucket" {}
resource "vault_aws_secret_backend_role" "r" {
  name            = "r"
  credential_type = "iam_user"
  policy_document = jsonencode({
    Version = "2012-10-17"
    Statement = [
${statements.map((s) => `      ${s},`).join('\n')}
    ]
  })
}
`;

const problems = (text: string) => lint(text).problems.map((p) => `${p.code} ${p.path}`);
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

const ADMIN = '{ Effect = "Allow", Action = "*", Resource = "*" }';
const READ_BUCKET = '{ Effect = "Allow", Action = "s3:GetObject", Resource = "arn:aws:s3:::${var.bucket}/*" }';

describe('jsonencode of an IAM policy known in part', () => {
  test('Action "*" on Resource "*" in a literal statement is reported there, beside a statement with a variable', () => {
    const text = role(READ_BUCKET, ADMIN);
    const result = lint(text);
    assert.deepEqual(problems(text), ['IAM_POLICY_FULL_ACCESS /policy_document/Statement/1/Action']);
    assert.equal(result.problems[0]?.range?.startLine, lineOf(text, ADMIN));
  });

  test('iam:* on every resource in a literal statement: escalation, whatever the bucket is', () => {
    const text = role(READ_BUCKET, '{ Effect = "Allow", Action = ["iam:*"], Resource = ["*"] }');
    assert.deepEqual(
      problems(text).map((p) => p.split(' ')[0]),
      ['IAM_POLICY_ESCALATION'],
    );
  });

  test('Action "*" on a Resource from a variable: the unknown part decides, silent', () => {
    assert.deepEqual(problems(role('{ Effect = "Allow", Action = "*", Resource = var.bucket }')), []);
    assert.deepEqual(
      problems(role('{ Effect = "Allow", Action = "*", Resource = ["arn:aws:s3:::a", var.bucket] }')),
      [],
    );
  });

  test('the same policy all literal is reported as before (the fill is not what decides)', () => {
    assert.deepEqual(problems(role('{ Effect = "Allow", Action = "*", Resource = "*" }')), [
      'IAM_POLICY_FULL_ACCESS /policy_document/Statement/0/Action',
    ]);
  });

  test('an unknown statement or Effect leaves the document unknown: no finding, no malformed policy', () => {
    assert.deepEqual(problems(role(ADMIN, 'var.extra')), []);
    assert.deepEqual(problems(role('{ Effect = var.effect, Action = "*", Resource = "*" }')), []);
  });
});

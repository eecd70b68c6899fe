// Where a role's policy and its statements are in the role file: what `keyfob apply` sends in
// x-keyfob-source so the emulated cloud's decoded authorization messages can name file and line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectDesiredState } from '@keyfob/shared/apply';

const cases: { name: string; file: string; text: string; role: string; line: number; statements: number[] }[] = [
  {
    name: 'YAML mapping',
    file: 'a.role.yaml',
    role: 'a',
    text: `credential_type: iam_user
policy_document:
  Version: "2012-10-17"
  Statement:
    - Effect: Allow
      Action: s3:GetObject
      Resource: "*"
    - Effect: Deny
      Action: s3:DeleteObject
      Resource: "*"
`,
    line: 2,
    statements: [5, 8],
  },
  {
    name: 'JSON text in a YAML block scalar',
    file: 'b.role.yaml',
    role: 'b',
    text: `credential_type: iam_user
policy_document: |
  {
    "Version": "2012-10-17",
    "Statement": [
      { "Effect": "Allow", "Action": "s3:GetObject", "Resource": "*" },
      { "Effect": "Deny", "Action": "s3:DeleteObject", "Resource": "*" }
    ]
  }
`,
    line: 2,
    statements: [6, 7],
  },
  {
    name: 'a JSON role file with the policy as a one-line string',
    file: 'c.role.json',
    role: 'c',
    text: `{
  "credential_type": "iam_user",
  "policy_document": "{\\"Version\\":\\"2012-10-17\\",\\"Statement\\":[{\\"Effect\\":\\"Allow\\",\\"Action\\":\\"s3:GetObject\\",\\"Resource\\":\\"*\\"}]}"
}
`,
    line: 3,
    statements: [3],
  },
  {
    name: 'a role in a manifest',
    file: 'platform.manifest.yaml',
    role: 'm',
    text: `roles:
  m:
    credential_type: iam_user
    policy_document:
      Version: "2012-10-17"
      Statement:
        - Effect: Allow
          Action: s3:GetObject
          Resource: "*"
`,
    line: 4,
    statements: [7],
  },
];

describe('the file lines of a role policy and its statements', () => {
  for (const c of cases) {
    it(c.name, () => {
      const state = collectDesiredState([{ file: c.file, text: c.text }], { mount: 'cloud' });
      assert.ok(state.ok, JSON.stringify(state.files));
      const source = state.desired.roles.get(c.role)?.source;
      assert.equal(source?.file, c.file);
      assert.deepEqual(source?.policy, { line: c.line, statements: c.statements });
    });
  }
});

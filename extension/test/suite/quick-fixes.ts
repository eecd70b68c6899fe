import * as assert from 'node:assert/strict';
import { lintText } from '@keyfob/shared/lint';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { codeActions, codeOf, openFixture, positionOf, waitForDiagnostics } from './helpers.ts';

interface Case {
  readonly file: string;
  /** The diagnostic the fix answers (absent for a rewrite at `at`). */
  readonly code?: string;
  /** Where to ask for a rewrite when there is no diagnostic. */
  readonly at?: string;
  readonly title: RegExp;
  /** Text the fixed file must contain. */
  readonly contains: string;
}

const CASES: readonly Case[] = [
  {
    file: 'fixes/rename.role.yaml',
    code: 'FIELD_UNKNOWN',
    title: /^Rename polcy_arns to policy_arns$/,
    contains: 'policy_arns:',
  },
  {
    file: 'fixes/rename.role.json',
    code: 'FIELD_UNKNOWN',
    title: /^Rename policy_arn to policy_arns$/,
    contains: '"policy_arns"',
  },
  {
    file: 'fixes/remove.role.yaml',
    code: 'ROLE_IAM_USER_FIELD_NOT_ALLOWED',
    title: /^Remove user_path$/,
    contains: 'session_token',
  },
  {
    file: 'fixes/remove.role.json',
    code: 'ROLE_IAM_USER_FIELD_NOT_ALLOWED',
    title: /^Remove permissions_boundary_arn$/,
    contains: '"role_arns"',
  },
  {
    file: 'fixes/duration.role.yaml',
    code: 'DURATION_BAD_UNIT',
    title: /^Change max_sts_ttl to 24h$/,
    contains: 'max_sts_ttl: 24h',
  },
  {
    file: 'fixes/legacy.role.yaml',
    code: 'ROLE_LEGACY_FIELD',
    title: /^Move legacy arn to role_arns/,
    contains: 'credential_type: assumed_role',
  },
  { file: 'fixes/missing.role.yaml', code: 'ROLE_ARNS_REQUIRED', title: /^Add role_arns/, contains: 'role_arns:' },
  {
    file: 'fixes/missing.role.json',
    code: 'ROLE_POLICY_REQUIRED',
    title: /^Add policy_arns/,
    contains: '"policy_arns"',
  },
  {
    file: 'fixes/suppress.role.yaml',
    code: 'ROLE_FIELD_UNUSED',
    title: /^Suppress ROLE_FIELD_UNUSED/,
    contains: '# keyfob-disable-next-line ROLE_FIELD_UNUSED --',
  },
  {
    file: 'fixes/list.role.yaml',
    at: 'policy_arns',
    title: /^Convert policy_arns to a list$/,
    contains: '  - arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess',
  },
];

function problemsOf(document: vscode.TextDocument): string[] {
  const name = document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1);
  return lintText(document.getText(), { fileName: name, format: document.languageId === 'yaml' ? 'yaml' : 'json' })
    .problems.filter((p) => p.severity !== 'info')
    .map((p) => `${p.code} ${p.message}`);
}

async function actionFor(document: vscode.TextDocument, c: Case): Promise<vscode.CodeAction | undefined> {
  let range: vscode.Range;
  if (c.code) {
    const found = await waitForDiagnostics(document.uri, (d) => d.some((x) => codeOf(x) === c.code));
    range = found.find((x) => codeOf(x) === c.code)?.range ?? new vscode.Range(0, 0, 0, 0);
  } else {
    const start = positionOf(document, c.at ?? '');
    range = new vscode.Range(start, start);
  }
  const actions = await codeActions(document, range);
  return actions.find((a) => c.title.test(a.title));
}

/** Each quick fix, applied in the real editor, yields a file that keyfob lint finds valid. */
export function registerQuickFixTests(): void {
  suite('quick fixes', () => {
    for (const file of ['fixes/credential-type.role.yaml', 'fixes/credential-type.role.json']) {
      test(`${file}: the fix for a misspelt credential_type is offered once`, async () => {
        const document = await openFixture(file);
        const found = await waitForDiagnostics(document.uri, (d) =>
          d.some((x) => codeOf(x) === 'ROLE_UNKNOWN_CREDENTIAL_TYPE'),
        );
        const problem = found.find((x) => codeOf(x) === 'ROLE_UNKNOWN_CREDENTIAL_TYPE');
        assert.ok(problem);
        const titles = (await codeActions(document, problem.range)).map((a) => a.title);
        assert.deepEqual(
          titles.filter((t) => t === 'Change credential_type to iam_user'),
          ['Change credential_type to iam_user'],
          titles.join('\n'),
        );
        assert.equal(new Set(titles).size, titles.length, `no title twice:\n${titles.join('\n')}`);
      });
    }

    for (const c of CASES) {
      test(`${c.file}: ${c.title.source}`, async () => {
        const document = await openFixture(c.file);
        const action = await actionFor(document, c);
        assert.ok(action?.edit, `a code action matching ${c.title} is offered`);
        assert.ok(await vscode.workspace.applyEdit(action.edit));
        assert.ok(document.getText().includes(c.contains), `fixed text contains ${c.contains}:\n${document.getText()}`);
        assert.deepEqual(problemsOf(document), [], `fixed file is valid:\n${document.getText()}`);
        await waitForDiagnostics(document.uri, (d) =>
          d.every((x) => x.severity === vscode.DiagnosticSeverity.Information),
        );
      });
    }
  });
}

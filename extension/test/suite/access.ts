import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { codeOf, hoverText, openFixture, positionOf, waitFor, waitForDiagnostics } from './helpers.ts';

/**
 * What the language server knows from the whole workspace folder, which the extension reads for it
 * (keyfob/workspaceSnapshot, through VS Code's file system in both hosts): the workflows' trust
 * checks on a JWT role, and who can get what on hover.
 */
export function registerAccessTests(): void {
  suite('workspace: trust checks and who can get what', () => {
    test('a JWT role gets the trust checks that need the workflows (.github/workflows/pr.yml, not open)', async () => {
      const document = await openFixture('access/deploy.jwt-role.yaml');
      const found = await waitForDiagnostics(document.uri, (d) => d.length === 2, 15_000);
      assert.deepEqual(found.map(codeOf).sort(), ['JWT_TRUST_AUDIENCE_MISMATCH', 'JWT_TRUST_BRANCH_SUB_PULL_REQUEST']);
      const audience = found.find((d) => codeOf(d) === 'JWT_TRUST_AUDIENCE_MISMATCH');
      assert.equal(audience?.range.start.line, 2);
      assert.match(audience?.message ?? '', /sigstore/);
    });

    test('hover over a JWT role field that decides access: who can log in and what its policies reach', async () => {
      const document = await openFixture('access/deploy.jwt-role.yaml');
      const at = positionOf(document, 'token_policies', 3);
      // The workspace is read in the background; the answer names the policy file that is not open.
      const text = await waitFor(
        () => hoverText(document, at),
        (shown) => /who can get what/.test(shown),
        'the access answer on hover',
        15_000,
      );
      assert.match(text, /token_policies/);
      assert.match(text, /\*\*JWT role `deploy`\*\* \(who can get what\)/);
      assert.match(text, /who can log in: octo\/app, branch main/);
      assert.match(text, /credentials: deploy \(creds: read\)/);
    });

    test('hover over a policy path: who reaches it through that policy', async () => {
      const document = await openFixture('access/deploy.policy.hcl');
      const text = await hoverText(document, positionOf(document, 'cloud/creds', 3));
      assert.match(text, /\*\*Path `cloud\/creds\/deploy` of policy `deploy`\*\*/);
      assert.match(text, /JWT role `deploy`/);
    });

    test('Validate all role files includes ACL policies (access/broken.policy.hcl, never opened)', async () => {
      const summary = await vscode.commands.executeCommand<{ files: number; errors: number }>(
        'keyfob.validateWorkspace',
      );
      const broken = vscode.languages
        .getDiagnostics()
        .filter(([uri]) => uri.path.endsWith('/access/broken.policy.hcl'))
        .flatMap(([, diagnostics]) => diagnostics);
      assert.ok(summary.errors > 0);
      assert.deepEqual(broken.map(codeOf), ['POLICY_UNKNOWN_CAPABILITY']);
    });
  });
}

import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import { codeOf, completionLabels, hoverText, openFixture, positionOf, waitForDiagnostics } from './helpers.ts';

/**
 * Terraform files (terraform/main.tf, the Vault provider's resources): the extension activates on
 * them (its `terraform` language), the server reads them with keyfob's HCL parser (in the web run,
 * web-tree-sitter's WebAssembly inside the worker) and the module's other files (terraform/locals.tf,
 * never opened, through keyfob/workspaceSnapshot), and answers as `keyfob lint` does.
 */
export function registerTerraformTests(): void {
  suite('Terraform files', () => {
    test('main.tf is a terraform document, with the problems of its resources at their ranges', async () => {
      const document = await openFixture('terraform/main.tf');
      assert.equal(document.languageId, 'terraform');
      // The credential type comes from locals.tf, read with the workspace: wait for its problem.
      const found = await waitForDiagnostics(
        document.uri,
        (d) => d.some((x) => codeOf(x) === 'ROLE_UNKNOWN_CREDENTIAL_TYPE'),
        15_000,
      );
      const ranges = found.map((d) => [
        codeOf(d),
        d.range.start.line,
        d.range.start.character,
        d.range.end.line,
        d.range.end.character,
      ]);
      assert.deepEqual(ranges, [
        // At the reference: the value comes from another file.
        ['ROLE_UNKNOWN_CREDENTIAL_TYPE', 3, 20, 3, 30],
        // Inside the heredoc, on the misspelt capability.
        ['POLICY_UNKNOWN_CAPABILITY', 19, 26, 19, 32],
      ]);
      assert.match(found[0]?.message ?? '', /did you mean "iam_user"/);
    });

    test('hover over a TTL: the engine field it writes, its seconds read back as a duration', async () => {
      const document = await openFixture('terraform/main.tf');
      const text = await hoverText(document, positionOf(document, '3600', 1));
      assert.match(text, /\*\*`default_sts_ttl`\*\* of `vault_aws_secret_backend_role.ci` writes the engine's/);
      assert.match(text, /`3600` s: the engine reads it back as `1h0m0s`/);
    });

    test('completion of credential types inside a role block', async () => {
      const document = await openFixture('terraform/main.tf');
      const labels = await completionLabels(document, positionOf(document, '"assumed_role"', 1));
      assert.ok(labels.includes('iam_user') && labels.includes('federation_token'), labels.join());
    });
  });
}

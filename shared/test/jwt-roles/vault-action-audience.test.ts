// The audience of hashicorp/vault-action's JWT login (label 283 of the Terraform corpus's third
// collection): with `method: jwt` and no `jwtGithubAudience` it asks GitHub for an ID token with no
// audience (its action.yml gives the input no default, and @actions/core's getIDToken leaves an
// empty one out), so the token's aud is GitHub's default, the owner's URL. A role that binds no
// owner URL refuses that login; one that binds it (any owner: keyfob does not know the
// repository's) does not. `jwtGithubAudience: X` asks for X, as keyfob's own `jwt-audience` does.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintJwtTrust, readWorkflowFacts } from '@keyfob/shared/jwt-roles';

const role = (audiences: string[]) => ({
  role_type: 'jwt',
  user_claim: 'repository',
  bound_audiences: audiences,
  bound_claims: { repository: 'octo/app' },
});

/** A workflow with one hashicorp/vault-action step with these inputs (YAML lines under `with:`). */
const workflow = (inputs: string[], uses = 'hashicorp/vault-action@v3') =>
  readWorkflowFacts(
    [
      'on: workflow_dispatch',
      'jobs:',
      '  read:',
      '    steps:',
      `      - uses: ${uses}`,
      '        with:',
      ...inputs.map((line) => `          ${line}`),
      '',
    ].join('\n'),
    '.github/workflows/read.yml',
  );

const mismatches = (audiences: string[], facts: ReturnType<typeof readWorkflowFacts>) =>
  lintJwtTrust(role(audiences), { workflows: [facts] })
    .filter((p) => p.code === 'JWT_TRUST_AUDIENCE_MISMATCH')
    .map((p) => p.message);

describe("hashicorp/vault-action's JWT login asks for GitHub's default audience", () => {
  const jwt = workflow(['method: jwt', 'url: ${{ secrets.VAULT_ADDR }}', 'role: deploy', 'secrets: kv/data/a b']);

  test('read from the workflow: the step, not an audience', () => {
    assert.deepEqual(jwt.audiences, []);
    assert.deepEqual(jwt.defaultAudience, ['hashicorp/vault-action@v3 (method jwt, no jwtGithubAudience)']);
  });

  test('a role bound to sigstore only refuses it', () => {
    const [message] = mismatches(['sigstore'], jwt);
    assert.match(message ?? '', /GitHub's default audience \(https:\/\/github\.com\/<owner>\).*read\.yml/);
  });

  test("a role bound to an owner's URL (label 283's role) accepts it: silent", () => {
    assert.deepEqual(mismatches(['https://github.com/octo'], jwt), []);
  });

  test('jwtGithubAudience names the audience asked for', () => {
    const sigstore = workflow(['method: jwt', 'jwtGithubAudience: sigstore']);
    assert.deepEqual(sigstore.audiences, ['sigstore']);
    assert.equal(sigstore.defaultAudience, undefined);
    assert.equal(mismatches(['https://github.com/octo'], sigstore).length, 1);
    assert.deepEqual(mismatches(['sigstore'], sigstore), []);
  });

  test('another method, a key of its own, an audience or method from an expression: no fact', () => {
    for (const inputs of [
      ['method: approle'],
      [],
      ['method: jwt', 'jwtPrivateKey: ${{ secrets.KEY }}'],
      ['method: jwt', 'jwtGithubAudience: ${{ vars.AUD }}'],
      ['method: ${{ vars.METHOD }}'],
    ]) {
      const facts = workflow(inputs);
      assert.deepEqual([facts.audiences, facts.defaultAudience], [[], undefined], inputs.join(', '));
    }
    const other = workflow(['method: jwt'], 'someone/vault-action@v1');
    assert.equal(other.defaultAudience, undefined);
  });
});

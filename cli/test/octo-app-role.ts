/**
 * The text of a GitHub JWT role file the CLI tests share: repository octo/app (id 4242) logs in from
 * its main branch for the audience https://github.com/octo with `policies` (comma-separated); `more`
 * lines stand before the policies.
 */
export function octoAppRole(policies: string, more: readonly string[] = []): string {
  return [
    'role_type: jwt',
    'user_claim: repository',
    'bound_audiences: [https://github.com/octo]',
    'bound_claims:',
    '  sub: repo:octo/app:ref:refs/heads/main',
    "  repository_id: '4242'",
    ...more,
    `token_policies: [${policies}]`,
    '',
  ].join('\n');
}

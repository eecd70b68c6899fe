// One workspace for the tests that check every face (keyfob lint, access, the language server, the
// action's lint mode) reads a Terraform module's file() through the one reader: a policy above the
// module, one relative to the root module that calls it, and one through a link out of the workspace.

/** Lets its tokens write JWT roles: JWT_TRUST_POLICY_REACHES_TRUST as a role's token policy. */
export const WIDE = 'path "auth/jwt/role/*" {\n  capabilities = ["create", "update"]\n}\n';

/** A module with a policy read by `file(<path>)` and a JWT role holding it. */
const moduleText = (path: string): string => `resource "vault_policy" "ci" {
  name   = "ci"
  policy = file(${path})
}

resource "vault_jwt_auth_backend_role" "ci" {
  role_name       = "ci"
  role_type       = "jwt"
  user_claim      = "sub"
  bound_audiences = ["vault"]
  bound_claims    = { groups = "ci" }
  token_policies  = [vault_policy.ci.name]
}
`;

/** The workspace's files; modules/linked/outside.hcl is the test's link to a WIDE file outside it. */
export const FILE_FACES = {
  'policies/ci.hcl': WIDE,
  // Above the module, built on path.module.
  'modules/above/main.tf': moduleText('"${path.module}/../../policies/ci.hcl"'),
  // Relative to the root module that calls the module (main.tf at the top).
  'main.tf': 'module "rooted" {\n  source = "./modules/rooted"\n}\n',
  'modules/rooted/main.tf': moduleText('"policies/ci.hcl"'),
  // Through a link whose target is outside the workspace: never read.
  'modules/linked/main.tf': moduleText('"${path.module}/outside.hcl"'),
};

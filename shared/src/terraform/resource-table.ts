/**
 * How a Terraform attribute's value becomes the engine field's value:
 * - `string`, `bool`, `list` (a list or set of strings), `map` (a map of strings): as written;
 * - `seconds`: Terraform writes TTLs as integer seconds, which the engine reads as seconds too;
 * - `policy-json`: an IAM policy as JSON text (a heredoc, `jsonencode(...)`, `file(...)` or
 *   `data.aws_iam_policy_document.X.json`); an object from `jsonencode` is checked as that object;
 * - `claims`: `bound_claims`, a map of strings whose values the provider splits at commas into
 *   lists unless `disable_bound_claims_parsing` is true;
 * - `policy-hcl`: an ACL policy's text (HCL or its JSON form).
 */
export type TerraformShape =
  'string' | 'bool' | 'number' | 'list' | 'map' | 'seconds' | 'policy-json' | 'claims' | 'policy-hcl';

/** The keyfob kinds (lint kinds) of the engine objects these resources write. */
type TerraformKind = 'role' | 'static-role' | 'root-config' | 'jwt-role' | 'policy';

/** One attribute of a resource type: its engine field and shape, or a provider-only attribute. */
export interface TerraformAttribute {
  readonly attribute: string;
  /** The engine field; undefined for what only the provider reads (`backend`, `namespace`, ...). */
  readonly field: string | undefined;
  readonly shape: TerraformShape;
  /** The provider's schema requires it (`Required: true`): Terraform and terraform-ls report it missing. */
  readonly required?: true;
}

/** A Vault-provider resource type keyfob checks, and the keyfob kind its engine object is. */
export interface TerraformResourceType {
  readonly type: string;
  readonly kind: TerraformKind;
  /** The attribute holding the engine object's name (`path` of a backend is its mount). */
  readonly nameAttribute: string;
  readonly attributes: readonly TerraformAttribute[];
}

const engine = (attribute: string, shape: TerraformShape, field = attribute): TerraformAttribute => ({
  attribute,
  field,
  shape,
});
const provider = (attribute: string, shape: TerraformShape = 'string'): TerraformAttribute => ({
  attribute,
  field: undefined,
  shape,
});
const required = (attribute: TerraformAttribute): TerraformAttribute => ({ ...attribute, required: true });

/**
 * The one mapping from the Vault provider's resources to the engine's fields (provider docs:
 * resources aws_secret_backend_role, aws_secret_backend_static_role, aws_secret_backend,
 * jwt_auth_backend_role, policy). The Terraform reader, docs/terraform.md and the tests derive from it.
 */
export const TERRAFORM_RESOURCES: readonly TerraformResourceType[] = [
  {
    type: 'vault_aws_secret_backend_role',
    kind: 'role',
    nameAttribute: 'name',
    attributes: [
      required(provider('backend')),
      provider('namespace'),
      required(engine('name', 'string')),
      required(engine('credential_type', 'string')),
      engine('role_arns', 'list'),
      engine('policy_arns', 'list'),
      engine('policy_document', 'policy-json'),
      engine('iam_groups', 'list'),
      engine('iam_tags', 'map'),
      engine('session_tags', 'map'),
      engine('default_sts_ttl', 'seconds'),
      engine('max_sts_ttl', 'seconds'),
      engine('permissions_boundary_arn', 'string'),
      engine('user_path', 'string'),
      engine('external_id', 'string'),
      engine('mfa_serial_number', 'string'),
    ],
  },
  {
    type: 'vault_aws_secret_backend_static_role',
    kind: 'static-role',
    nameAttribute: 'name',
    attributes: [
      provider('backend'),
      provider('namespace'),
      required(engine('name', 'string')),
      required(engine('username', 'string')),
      required(engine('rotation_period', 'seconds')),
      provider('assume_role_arn'),
      provider('assume_role_session_name'),
      provider('external_id'),
    ],
  },
  {
    type: 'vault_aws_secret_backend',
    kind: 'root-config',
    nameAttribute: 'path',
    attributes: [
      provider('path'),
      provider('namespace'),
      provider('description'),
      provider('default_lease_ttl_seconds', 'seconds'),
      provider('max_lease_ttl_seconds', 'seconds'),
      provider('local', 'bool'),
      provider('disable_remount', 'bool'),
      engine('access_key', 'string'),
      engine('secret_key', 'string'),
      engine('region', 'string'),
      engine('iam_endpoint', 'string'),
      engine('sts_endpoint', 'string'),
      engine('sts_region', 'string'),
      engine('sts_fallback_endpoints', 'list'),
      engine('sts_fallback_regions', 'list'),
      engine('username_template', 'string'),
      engine('role_arn', 'string'),
      engine('identity_token_audience', 'string'),
      engine('identity_token_ttl', 'seconds'),
      provider('identity_token_key'),
    ],
  },
  {
    type: 'vault_jwt_auth_backend_role',
    kind: 'jwt-role',
    nameAttribute: 'role_name',
    attributes: [
      provider('backend'),
      provider('namespace'),
      required(engine('role_name', 'string', 'name')),
      engine('role_type', 'string'),
      engine('bound_audiences', 'list'),
      engine('bound_subject', 'string'),
      engine('bound_claims', 'claims'),
      provider('disable_bound_claims_parsing', 'bool'),
      engine('bound_claims_type', 'string'),
      required(engine('user_claim', 'string')),
      engine('user_claim_json_pointer', 'bool'),
      engine('groups_claim', 'string'),
      engine('claim_mappings', 'map'),
      engine('clock_skew_leeway', 'seconds'),
      engine('expiration_leeway', 'seconds'),
      engine('not_before_leeway', 'seconds'),
      engine('allowed_redirect_uris', 'list'),
      engine('oidc_scopes', 'list'),
      engine('verbose_oidc_logging', 'bool'),
      engine('max_age', 'seconds'),
      engine('token_policies', 'list'),
      engine('token_ttl', 'seconds'),
      engine('token_max_ttl', 'seconds'),
      engine('token_explicit_max_ttl', 'seconds'),
      engine('token_period', 'seconds'),
      engine('token_no_default_policy', 'bool'),
      engine('token_num_uses', 'number'),
      engine('token_type', 'string'),
      engine('token_bound_cidrs', 'list'),
      engine('policies', 'list'),
      engine('ttl', 'seconds'),
      engine('max_ttl', 'seconds'),
      engine('num_uses', 'number'),
      engine('period', 'seconds'),
      engine('bound_cidrs', 'list'),
    ],
  },
  {
    type: 'vault_policy',
    kind: 'policy',
    nameAttribute: 'name',
    attributes: [provider('namespace'), required(engine('name', 'string')), required(engine('policy', 'policy-hcl'))],
  },
];

/** The table line of a resource type, if keyfob checks it. */
export function terraformResourceType(type: string): TerraformResourceType | undefined {
  return TERRAFORM_RESOURCES.find((r) => r.type === type);
}

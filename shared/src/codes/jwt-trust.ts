import type { CodeInfo } from './code-info.ts';

/** Problem codes of the OIDC trust checks on JWT roles. Codes are stable: never rename one, add a new one instead. */
export const jwtTrustCodes = {
  JWT_TRUST_ANY_REPOSITORY: {
    severity: 'error',
    summary:
      'The JWT role binds neither `sub` nor `repository`/`repository_id`/`repository_owner(_id)`: any repository of the issuer can log in with it.',
  },
  JWT_TRUST_WILDCARD_OWNER: {
    severity: 'error',
    summary: 'A glob leaves the owner open (`repo:*`, `repo:org*`, `*/repo`, `*`): repositories of other owners match.',
  },
  JWT_TRUST_WHOLE_OWNER: {
    severity: 'warning',
    summary: 'A glob admits every repository of an owner (`repo:org/*`), including repositories made later.',
  },
  JWT_TRUST_NO_AUDIENCE: {
    severity: 'error',
    summary: 'The JWT role binds no audience; GitHub always sends `aud`, so every login is refused.',
  },
  JWT_TRUST_AUDIENCE_MISMATCH: {
    severity: 'warning',
    summary:
      "The role's `bound_audiences` do not include the audience the workflows ask for (`jwt-audience`, hashicorp/vault-action's `jwtGithubAudience`, or GitHub's default, the owner's URL, when vault-action's JWT login sets none), so their logins are refused.",
  },
  JWT_TRUST_BRANCH_SUB_PULL_REQUEST: {
    severity: 'warning',
    summary:
      'The role binds a branch `sub` while its workflows run on `pull_request`, where `sub` is `repo:O/R:pull_request`: those logins are refused.',
  },
  JWT_TRUST_ROLE_TYPE_OMITTED: {
    severity: 'error',
    summary: '`role_type` is omitted, so the engine stores the role as `oidc` and refuses JWT logins with it.',
  },
  JWT_TRUST_POLICY_REACHES_TRUST: {
    severity: 'error',
    summary:
      "The role's `token_policies` reach `auth/*` or `sys/*` configuration: a login token could rewrite the trust or its own policies.",
  },
  JWT_TRUST_NAME_WITHOUT_ID: {
    severity: 'info',
    summary:
      'The JWT role binds a repository or owner by name only (`sub`, `repository`, `repository_owner`) without `repository_id`/`repository_owner_id`: whoever takes over a freed or renamed name can log in.',
  },
  JWT_TRUST_SUB_FORMAT_MISMATCH: {
    severity: 'warning',
    summary:
      "A `sub` binding is written in one subject format (`repo:OWNER/REPO:…` or GitHub's immutable `repo:OWNER-ID/REPO-ID:…`) while the repository's tokens carry the other (per `github-ids.yaml`): it never matches.",
  },
  JWT_TRUST_LITERAL_GLOB: {
    severity: 'error',
    summary:
      'A `*` in `bound_subject`, or in a `bound_claims` value while `bound_claims_type` is unset or `string`, is compared as the character itself (only `glob` claims match patterns; `bound_subject` never does): no token carries it, so that value never matches.',
  },
  JWT_TRUST_GLOB_SPANS_FORMATS: {
    severity: 'warning',
    summary:
      'A glob such as `repo:org/app*` or `repo:org/app-*`, written to match both subject formats, also matches other repositories whose names start the same.',
  },
} as const satisfies Record<string, CodeInfo>;

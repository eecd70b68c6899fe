/**
 * The claims each OIDC issuer a JWT role meets in practice puts in its tokens, from each issuer's
 * documentation: the one table keyfob judges a role by when the issuer of its mount is unknown
 * (Terraform: a backend whose `bound_issuer` is a variable). A role that binds or names a claim
 * only GitHub issues is GitHub's; one that binds a claim GitHub never issues is another issuer's;
 * claims several issuers share (`sub`, `ref`, `environment`) decide nothing.
 */
interface IssuerClaims {
  readonly issuer: string;
  /** Where the claim set is documented. */
  readonly source: string;
  /** Top-level claim names (a name with `/` or `.` in it is one claim, as CircleCI writes them). */
  readonly claims: readonly string[];
}

/** The registered claims every JWT may carry (RFC 7519), beside each issuer's own. */
const REGISTERED_CLAIMS: readonly string[] = ['iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'jti'];

export const ISSUER_CLAIMS: readonly IssuerClaims[] = [
  {
    issuer: 'GitHub Actions',
    source: 'https://docs.github.com/en/actions/reference/security/oidc (claims_supported of its openid-configuration)',
    claims: [
      'actor',
      'actor_id',
      'base_ref',
      'check_run_id',
      'enterprise',
      'enterprise_id',
      'environment',
      'environment_node_id',
      'event_name',
      'head_ref',
      'job_workflow_ref',
      'job_workflow_sha',
      'ref',
      'ref_protected',
      'ref_type',
      'repository',
      'repository_id',
      'repository_owner',
      'repository_owner_id',
      'repository_visibility',
      'run_attempt',
      'run_id',
      'run_number',
      'runner_environment',
      'sha',
      'workflow',
      'workflow_ref',
      'workflow_sha',
    ],
  },
  {
    issuer: 'GitLab CI/CD',
    source: 'https://docs.gitlab.com/ci/secrets/id_token_authentication (token payload)',
    claims: [
      'namespace_id',
      'namespace_path',
      'project_id',
      'project_path',
      'project_visibility',
      'user_id',
      'user_login',
      'user_email',
      'user_identities',
      'user_access_level',
      'pipeline_id',
      'pipeline_source',
      'job_id',
      'job_namespace_id',
      'job_namespace_path',
      'job_project_id',
      'job_project_path',
      'ref',
      'ref_type',
      'ref_path',
      'ref_protected',
      'groups_direct',
      'environment',
      'environment_protected',
      'environment_action',
      'deployment_tier',
      'runner_id',
      'runner_environment',
      'sha',
      'ci_config_ref_uri',
      'ci_config_sha',
    ],
  },
  {
    issuer: 'HCP Terraform workload identity',
    source:
      'https://developer.hashicorp.com/terraform/cloud-docs/workspaces/dynamic-provider-credentials/workload-identity-tokens',
    claims: [
      'terraform_run_phase',
      'terraform_workspace_id',
      'terraform_workspace_name',
      'terraform_full_workspace',
      'terraform_organization_id',
      'terraform_organization_name',
      'terraform_project_id',
      'terraform_project_name',
      'terraform_run_id',
    ],
  },
  {
    issuer: 'Kubernetes service accounts',
    source: 'https://kubernetes.io/docs/reference/access-authn-authz/service-accounts-admin/ (kubernetes.io claim)',
    claims: ['kubernetes.io'],
  },
  {
    issuer: 'Nomad workload identity',
    source: 'https://developer.hashicorp.com/nomad/docs/concepts/workload-identity',
    claims: ['nomad_namespace', 'nomad_job_id', 'nomad_allocation_id', 'nomad_task', 'nomad_service', 'vault_role'],
  },
  {
    issuer: 'Buildkite',
    source: 'https://buildkite.com/docs/agent/v3/cli-oidc (claims)',
    claims: [
      'organization_slug',
      'organization_id',
      'pipeline_slug',
      'pipeline_id',
      'build_number',
      'build_branch',
      'build_tag',
      'build_commit',
      'build_source',
      'step_key',
      'job_id',
      'agent_id',
      'cluster_id',
      'queue_id',
    ],
  },
  {
    issuer: 'CircleCI',
    source: 'https://circleci.com/docs/openid-connect-tokens/ (additional claims)',
    claims: [
      'oidc.circleci.com/org-id',
      'oidc.circleci.com/project-id',
      'oidc.circleci.com/context-ids',
      'oidc.circleci.com/vcs-origin',
      'oidc.circleci.com/vcs-ref',
      'oidc.circleci.com/ssh-rerun',
    ],
  },
  {
    issuer: 'Bitbucket Pipelines',
    source: 'https://support.atlassian.com/bitbucket-cloud/docs/integrate-pipelines-with-resource-servers-using-oidc/',
    claims: [
      'accountUuid',
      'workspaceUuid',
      'repositoryUuid',
      'pipelineUuid',
      'stepUuid',
      'branchName',
      'deploymentEnvironmentUuid',
      'pipelineRunUuid',
    ],
  },
  {
    issuer: 'Microsoft Entra ID',
    source: 'https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference',
    claims: ['tid', 'oid', 'appid', 'azp', 'upn', 'roles', 'groups', 'preferred_username', 'email', 'name', 'ver'],
  },
  {
    issuer: 'Google',
    source: 'https://cloud.google.com/docs/authentication/token-types#id-contents',
    claims: ['email', 'email_verified', 'azp', 'hd', 'google'],
  },
];

const claimsOf = (issuer: string): readonly string[] => ISSUER_CLAIMS.find((i) => i.issuer === issuer)?.claims ?? [];

/** Every claim of a GitHub Actions token: the registered ones and GitHub's own. */
export const GITHUB_TOKEN_CLAIMS: ReadonlySet<string> = new Set([...REGISTERED_CLAIMS, ...claimsOf('GitHub Actions')]);

/** GitHub's own claims no other issuer of the table issues: a role binding one is for GitHub's tokens. */
export const GITHUB_ONLY_CLAIMS: ReadonlySet<string> = new Set(
  claimsOf('GitHub Actions').filter((c) =>
    ISSUER_CLAIMS.every((i) => i.issuer === 'GitHub Actions' || !i.claims.includes(c)),
  ),
);

import { readWorkflowFacts, type GithubIds, type TrustContext } from '../jwt-roles/index.ts';
import { readPolicy, type AclPolicy } from '../policies/index.ts';
import { kindFromFileName, nameFromFileName } from './detect-kind.ts';

/** A file's name (as shown to users) and text. */
interface NamedText {
  readonly file: string;
  readonly text: string;
}

/**
 * What the JWT role trust checks may know in a workspace: the ACL policies among `files` (by their
 * file names: `deploy.policy.hcl` is `deploy`; ones that do not read are left out, their own lint
 * reports them), the facts of the workflow files (`.github/workflows/*.yml`, read by the adapter)
 * and the ids of `github-ids.yaml` or the workflow context (`readGithubIds`, `githubIdsFromContext`).
 *
 * @example trustContextOf([{ file: 'deploy.policy.hcl', text: 'path "cloud/creds/deploy" { capabilities = ["read"] }' }], []).policies?.has('deploy') // true
 */
export function trustContextOf(
  files: readonly NamedText[],
  workflows: readonly NamedText[],
  githubIds?: GithubIds,
): TrustContext {
  const policies = new Map<string, AclPolicy>();
  for (const { file, text } of files) {
    if (kindFromFileName(file) !== 'policy') continue;
    const name = nameFromFileName(file);
    const policy = readPolicy(text, name).value;
    if (policy) policies.set(name, policy);
  }
  return {
    policies,
    workflows: workflows.map(({ file, text }) => readWorkflowFacts(text, file)),
    ...(githubIds ? { githubIds } : {}),
  };
}

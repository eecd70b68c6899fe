import type { PolicyOrigin } from '../cloud/cloud-state.ts';
import type { MountData } from './mount-data.ts';

/**
 * Finds the engine role whose `policy_document` is a document the cloud holds (the inline policy
 * of an iam_user credential's user, the session policy of an STS credential), for the decoded
 * authorization message. Runs on denials only; a linear pass over the mounts' roles.
 */
export function rolePolicyOrigin(
  mounts: readonly string[],
  lookup: (name: string) => MountData | undefined,
): (document: string) => PolicyOrigin | undefined {
  return (document) => {
    for (const mount of mounts) {
      const data = lookup(mount);
      for (const name of data?.roles.names() ?? []) {
        const role = data?.roles.get(name);
        if (role?.policyDocument !== document) continue;
        const source = role.source;
        return {
          role: `${mount}/roles/${name}`,
          ...(source ? { file: source.file } : {}),
          ...(source?.line !== undefined ? { line: source.line } : {}),
          ...(source?.statements ? { statementLines: source.statements } : {}),
        };
      }
    }
    return undefined;
  };
}

import type { CodeInfo } from './code-info.ts';

/** Codes of `keyfob access diff` (and the action's access-diff mode): one per kind of gained access. */
export const accessCodes = {
  ACCESS_NEW_LOGIN: {
    severity: 'warning',
    summary:
      'A JWT role admits a login it did not at the base: a repository, branch, environment or event (a claim set) that can now log in.',
  },
  ACCESS_NEW_ACTION: {
    severity: 'warning',
    summary:
      "A credential role's credentials may call a cloud action they could not at the base (the same IAM evaluation as `keyfob can-i`; `s3:*` lists the actions it adds).",
  },
  ACCESS_NEW_CAPABILITY: {
    severity: 'warning',
    summary:
      "A JWT role's login token gains a capability on an engine path (credentials, rotation, configuration) through its ACL policies.",
  },
  ACCESS_WIDER_TTL: {
    severity: 'warning',
    summary:
      'A token or credential lifetime (`token_ttl`, `token_max_ttl`, `default_sts_ttl`, `max_sts_ttl`) is longer than at the base.',
  },
} as const satisfies Record<string, CodeInfo>;

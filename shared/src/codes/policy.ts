import type { CodeInfo } from './code-info.ts';

/** Problem codes of ACL policies (`*.policy.hcl`, `*.policy.json`, `sys/policies/acl`). Codes are stable: never rename one, add a new one instead. */
export const policyCodes = {
  POLICY_SYNTAX: {
    severity: 'error',
    summary: 'The policy is not valid HCL (or JSON); the engine refuses it with `failed to parse policy`.',
  },
  POLICY_UNKNOWN_KEY: {
    severity: 'error',
    summary:
      'A key the policy language does not have (top level: `name`, `path`; in a path block: `capabilities`, `allowed_parameters`, ...).',
  },
  POLICY_UNKNOWN_CAPABILITY: {
    severity: 'error',
    summary: 'A capability (or legacy `policy` value) the engine does not know.',
  },
  POLICY_WILDCARD_PLUS_STAR: {
    severity: 'error',
    summary: 'A path containing `+*`, which the engine forbids.',
  },
  POLICY_WRAPPING_TTL: {
    severity: 'error',
    summary: '`max_wrapping_ttl` is less than `min_wrapping_ttl`.',
  },
  POLICY_BAD_VALUE: {
    severity: 'error',
    summary:
      'A policy field holds a value of the wrong shape (a parameter map that is not a map, a duration that does not parse, ...).',
  },
  POLICY_GLOB_INNER_STAR: {
    severity: 'warning',
    summary:
      'A `*` that is not the last character of a path: the engine globs only a trailing `*`, so this one matches a literal `*` (use `+` for one segment).',
  },
  POLICY_DENY_WITH_OTHERS: {
    severity: 'warning',
    summary: '`deny` beside other capabilities in one block: the engine drops the others, so the block only denies.',
  },
  POLICY_NO_CAPABILITIES: {
    severity: 'warning',
    summary: 'A path block without `capabilities` (or an empty list): it grants nothing.',
  },
  POLICY_PARAMETERS_UNCHECKED: {
    severity: 'warning',
    summary:
      'Parameter constraints on a block that grants none of `read`, `create`, `update`, `patch`: the engine checks parameters only on those operations, so they never apply.',
  },
  POLICY_PARAMETER_ALLOWED_AND_DENIED: {
    severity: 'warning',
    summary: 'A parameter both allowed and denied in one block: `denied_parameters` wins, so the allowance is dead.',
  },
} as const satisfies Record<string, CodeInfo>;

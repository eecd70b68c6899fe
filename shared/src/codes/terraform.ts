import type { CodeInfo } from './code-info.ts';

/** Problem codes of Terraform files (`*.tf`, `*.tf.json`). Codes are stable: never rename one, add a new one instead. */
export const terraformCodes = {
  TF_SYNTAX: {
    severity: 'error',
    summary: 'The Terraform file is not valid HCL (or JSON for `.tf.json`); `terraform validate` refuses it too.',
  },
} as const satisfies Record<string, CodeInfo>;

import type { CodeInfo } from './code-info.ts';
import { documentCodes } from './document.ts';
import { durationCodes } from './duration.ts';
import { roleCodes } from './role.ts';
import { fieldCodes } from './field.ts';
import { staticRoleCodes } from './static-role.ts';
import { rootCodes } from './root.ts';
import { leaseCodes } from './lease.ts';
import { requestCodes } from './request.ts';
import { manifestCodes } from './manifest.ts';
import { lintCodes } from './lint.ts';
import { templateCodes } from './template.ts';
import { credentialsCodes } from './credentials.ts';
import { applyCodes } from './apply.ts';
import { historyCodes } from './history.ts';
import { iamPolicyCodes } from './iam-policy.ts';
import { policyCodes } from './policy.ts';
import { jwtTrustCodes } from './jwt-trust.ts';
import { jwtRoleCodes } from './jwt-role.ts';
import { terraformCodes } from './terraform.ts';
import { accessCodes } from './access.ts';
import { wrappingCodes } from './wrapping.ts';
import { importCodes } from './import.ts';

export { CODES_DOC_URL, codeDocsUrl } from './docs-url.ts';

/**
 * The one catalogue of problem codes, grouped by area (one file each). A test checks it against
 * the table in `docs/codes.md`, so the docs and the code never drift apart.
 */
export const problemCodes = {
  ...documentCodes,
  ...durationCodes,
  ...templateCodes,
  ...roleCodes,
  ...fieldCodes,
  ...staticRoleCodes,
  ...rootCodes,
  ...leaseCodes,
  ...requestCodes,
  ...manifestCodes,
  ...lintCodes,
  ...credentialsCodes,
  ...applyCodes,
  ...historyCodes,
  ...iamPolicyCodes,
  ...policyCodes,
  ...jwtRoleCodes,
  ...terraformCodes,
  ...jwtTrustCodes,
  ...accessCodes,
  ...wrappingCodes,
  ...importCodes,
} as const satisfies Record<string, CodeInfo>;

/** Every problem code keyfob can report. */
export type ProblemCode = keyof typeof problemCodes;

/** Catalogue line of a code. */
export function describeCode(code: ProblemCode): CodeInfo {
  return problemCodes[code];
}

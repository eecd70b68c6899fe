import { hasErrors, type Problem } from '../problem.ts';
import { parseFields } from './parse-fields.ts';
import { isPlainObject, notAnObject } from './resource-input.ts';
import { requestRules, SESSION_NAME_LIMIT, type RequestContext } from './request-rules.ts';
import { relaxForRequest } from './request-severity.ts';
import { runRules } from './rule.ts';
import { checkShape } from './shape.ts';
import type { CredentialRequest, RoleDefinition } from './types.ts';

/** Options of `validateCredentialRequest`. */
export interface ValidateCredentialRequestOptions {
  /** The role credentials are generated from; without it only the parameters' own format is checked. */
  readonly role?: RoleDefinition;
  /** The path the request came through; enables the legacy-role path check. */
  readonly endpoint?: 'creds' | 'sts';
  /** `request` for parameters of an HTTP request (see `CheckOptions.source`); default `file`. */
  readonly source?: 'file' | 'request';
}

/** Result of `validateCredentialRequest`. */
export interface CredentialRequestValidation {
  /** The normalised request; undefined when any problem is an error. */
  readonly request: CredentialRequest | undefined;
  readonly problems: Problem[];
}

/**
 * Validates the parameters of `GET /creds/:name` or `POST /sts/:name` (query values arrive as
 * strings, which is what every parameter is). With `role`: `ttl` only for STS types, `role_arn`
 * one of the role's ARNs (required when it has several), `mfa_code` iff the role has an MFA serial;
 * with `endpoint` too, legacy roles only through the path seed 1 allows for their type.
 *
 * Codes: `FIELD_*`, `DURATION_*`, `REQUEST_*`.
 */
export function validateCredentialRequest(input: unknown, options: ValidateCredentialRequestOptions = {}): CredentialRequestValidation {
  if (!isPlainObject(input)) return { request: undefined, problems: [notAnObject('credential request', input, '')] };
  const shape = checkShape('credential-request', input, '');
  const problems = [...shape.problems];
  const fields = parseFields('credential-request', input, '', shape.badFields, problems, options.source);
  const context: RequestContext = { input, fields, basePath: '', role: options.role, endpoint: options.endpoint };
  runRules(requestRules, context, problems);
  relaxForRequest(problems, options.source);
  if (hasErrors(problems)) return { request: undefined, problems };
  const role = options.role;
  const sent = fields.strings.get('role_arn') ?? '';
  const onlyArn = role?.credentialType === 'assumed_role' && role.roleArns.length === 1 ? (role.roleArns[0] ?? '') : '';
  const ttl = fields.seconds.get('ttl');
  const request: CredentialRequest = {
    roleArn: sent !== '' ? sent : onlyArn,
    roleSessionName: (fields.strings.get('role_session_name') ?? '').slice(0, SESSION_NAME_LIMIT),
    ...(ttl !== undefined ? { ttl } : {}),
    mfaCode: fields.strings.get('mfa_code') ?? '',
  };
  return { request, problems };
}

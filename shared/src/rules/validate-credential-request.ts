import type { ParsedFields } from './parse-fields.ts';
import { readResource, settle, sourceOf, type Validation } from './read-resource.ts';
import { requestRules, SESSION_NAME_LIMIT, type RequestContext } from './request-rules.ts';
import { relaxForRequest } from './request-severity.ts';
import { runRules } from './rule.ts';
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

/** Result of `validateCredentialRequest`: the normalised request, undefined when any problem is an error. */
export type CredentialRequestValidation = Validation<CredentialRequest>;

/**
 * Validates the parameters of `GET /creds/:name` or `POST /sts/:name` (query values arrive as
 * strings, which is what every parameter is). With `role`: `ttl` only for STS types, `role_arn`
 * one of the role's ARNs (required when it has several), `mfa_code` iff the role has an MFA serial;
 * with `endpoint` too, legacy roles only through the path seed 1 allows for their type.
 *
 * Codes: `FIELD_*`, `DURATION_*`, `REQUEST_*`.
 */
export function validateCredentialRequest(
  input: unknown,
  options: ValidateCredentialRequestOptions = {},
): CredentialRequestValidation {
  const read = readResource('credential-request', input, {
    what: 'credential request',
    basePath: '',
    ...sourceOf(options),
  });
  if (!read.ok) return { value: undefined, problems: read.problems };
  const { fields, problems } = read;
  const context: RequestContext = {
    input: read.input,
    fields,
    basePath: '',
    role: options.role,
    endpoint: options.endpoint,
  };
  runRules(requestRules, context, problems);
  relaxForRequest(problems, options.source);
  return settle(problems, () => normalisedRequest(fields, options.role));
}

function normalisedRequest(fields: ParsedFields, role: RoleDefinition | undefined): CredentialRequest {
  const sent = fields.strings.get('role_arn') ?? '';
  const onlyArn = role?.credentialType === 'assumed_role' && role.roleArns.length === 1 ? (role.roleArns[0] ?? '') : '';
  const ttl = fields.seconds.get('ttl');
  return {
    roleArn: sent !== '' ? sent : onlyArn,
    roleSessionName: (fields.strings.get('role_session_name') ?? '').slice(0, SESSION_NAME_LIMIT),
    ...(ttl !== undefined ? { ttl } : {}),
    mfaCode: fields.strings.get('mfa_code') ?? '',
  };
}

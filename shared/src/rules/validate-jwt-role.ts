import { jwtRoleRules } from './jwt-role-rules.ts';
import { readResource, sourceOf, type Validation } from './read-resource.ts';
import { runRules } from './rule.ts';
import { hasErrors } from '../problem.ts';

/** Result of `validateJwtRole`: the fields as written (for the engine), undefined when any problem is an error. */
export type JwtRoleValidation = Validation<Readonly<Record<string, unknown>>>;

/**
 * Validates a JWT role (a `*.jwt-role.yaml` document or an `auth/jwt/role/:name` body) with the real
 * engine's rules: known fields and their types, durations, `user_claim` required, `role_type` and
 * the other enums, bound constraints, TTLs, claim mapping targets. The value is the body to send
 * (`$schema` and `name` removed). The OIDC trust checks are `lintJwtTrust` (jwt-roles area).
 * `source: 'request'` reads an engine request body (every duration form the API takes) and, as no
 * trust lint runs on it, finds an omitted `role_type` without `allowed_redirect_uris` here. This is
 * the one JWT role validator: lint, apply, access and the engine (through `readJwtRole`) use it.
 *
 * Codes: `FIELD_*`, `DURATION_*` and the `JWT_ROLE_*` rules of `ruleTable`.
 *
 * @example validateJwtRole({ role_type: 'jwt', user_claim: 'repository', bound_audiences: ['sts'] }).problems // []
 */
export function validateJwtRole(input: unknown, options: { source?: 'file' | 'request' } = {}): JwtRoleValidation {
  const read = readResource('jwt-role', input, { what: 'JWT role', basePath: '', ...sourceOf(options) });
  if (!read.ok) return { value: undefined, problems: read.problems };
  const { fields, problems } = read;
  runRules(jwtRoleRules, { input: read.input, fields, basePath: '', ...sourceOf(options) }, problems);
  if (hasErrors(problems)) return { value: undefined, problems };
  const body = Object.fromEntries(Object.entries(read.input).filter(([key]) => key !== '$schema' && key !== 'name'));
  return { value: body, problems };
}

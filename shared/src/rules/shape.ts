import { shapeValidators, type ShapeError, type ShapeValidator } from '@keyfob/schemas';
import type { Problem } from '../problem.ts';
import { didYouMean } from './did-you-mean.ts';
import { describeValueKind, fieldTable, type FieldKind } from './field-info.ts';
import { appendPointer, pointerToSegments } from '../text/json-pointer.ts';

const VALIDATORS: Readonly<Record<FieldKind, ShapeValidator>> = {
  role: shapeValidators.role,
  'static-role': shapeValidators.staticRole,
  'root-config': shapeValidators.rootConfig,
  'lease-config': shapeValidators.leaseConfig,
  'credential-request': shapeValidators.credentialRequest,
  manifest: shapeValidators.manifest,
  'jwt-role': shapeValidators.jwtRole,
};

/** Problems of the shape check plus the fields whose values cannot be read. */
export interface ShapeResult {
  readonly problems: Problem[];
  /** Top-level fields with a type error; parsers and rules skip them. */
  readonly badFields: ReadonlySet<string>;
}

/** Names the JSON type of a value for messages: "a number", "a list", "null". */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return `a ${typeof value}`;
}

/**
 * Checks keys and value types of one resource object with the compiled shape validator and turns
 * ajv's errors into one problem per field at its exact pointer: `FIELD_UNKNOWN` (with
 * `data.suggestion`) on an unknown key, `FIELD_TYPE` (with `data.expected`) on a value.
 */
export function checkShape(kind: FieldKind, input: Readonly<Record<string, unknown>>, basePath: string): ShapeResult {
  const validate = VALIDATORS[kind];
  if (validate(input)) return { problems: [], badFields: new Set() };
  const problems: Problem[] = [];
  const byField = new Map<string, ShapeError[]>();
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'additionalProperties' && error.instancePath === '') {
      problems.push(unknownKey(kind, String(error.params.additionalProperty), basePath));
      continue;
    }
    const field = pointerToSegments(error.instancePath)[0];
    if (field === undefined) continue;
    byField.set(field, [...(byField.get(field) ?? []), error]);
  }
  for (const [field, errors] of byField) problems.push(...fieldTypeProblems(kind, field, errors, input, basePath));
  return { problems, badFields: new Set(byField.keys()) };
}

function unknownKey(kind: FieldKind, key: string, basePath: string): Problem {
  const suggestion = didYouMean(key, fieldTable(kind).keys());
  return {
    code: 'FIELD_UNKNOWN',
    severity: 'warning',
    message: suggestion
      ? `Unknown field "${key}"; did you mean "${suggestion}"?`
      : `Unknown field "${key}"; the engine ignores it, so remove it or check the spelling.`,
    path: appendPointer(basePath, key),
    target: 'key',
    ...(suggestion ? { data: { suggestion } } : {}),
  };
}

/** One problem when the whole value has the wrong type, else one per wrong item inside it. */
function fieldTypeProblems(
  kind: FieldKind,
  field: string,
  errors: readonly ShapeError[],
  input: Readonly<Record<string, unknown>>,
  basePath: string,
): Problem[] {
  const own = appendPointer('', field);
  if (isWholeValueMismatch(own, errors)) {
    const value = fieldTable(kind).get(field)?.value ?? 'string';
    const expected = describeValueKind(value);
    const actual = input[field];
    const message =
      actual === null
        ? `${field} has no value; give ${expected}, or remove the key.`
        : `${field} must be ${expected}, not ${describeJsonType(actual)}.`;
    return [typeProblem(basePath + own, message, value)];
  }
  return errors
    .filter((e) => e.keyword === 'type' && e.instancePath !== own && !isMismatchedBranch(own, e, errors))
    .map((e) => {
      const expected = String(e.params.type).split(',')[0] ?? 'string';
      const [, inner = ''] = pointerToSegments(e.instancePath);
      const label = /^[0-9]+$/.test(inner) ? `${field} item ${inner}` : `${field} value of "${inner}"`;
      return typeProblem(basePath + e.instancePath, `${label} must be a ${expected}.`, expected);
    });
}

function typeProblem(path: string, message: string, expected: string): Problem {
  return { code: 'FIELD_TYPE', severity: 'error', message, path, target: 'value', data: { expected } };
}

/** The value itself has the wrong type: a plain type error, or every anyOf branch refuses its type. */
function isWholeValueMismatch(own: string, errors: readonly ShapeError[]): boolean {
  const anyOf = errors.find((e) => e.keyword === 'anyOf' && e.instancePath === own);
  if (!anyOf) return errors.some((e) => e.keyword === 'type' && e.instancePath === own);
  const branches = new Set<string>();
  for (const e of errors)
    if (e.instancePath === own && e.keyword === 'type') branches.add(branchOf(anyOf.schemaPath, e));
  const count = new Set(errors.map((e) => branchOf(anyOf.schemaPath, e)).filter((b) => b !== '')).size;
  return branches.size >= count;
}

/** An error inside an anyOf branch whose own type did not match (so its inner errors do not count). */
function isMismatchedBranch(own: string, error: ShapeError, errors: readonly ShapeError[]): boolean {
  const anyOf = errors.find((e) => e.keyword === 'anyOf' && e.instancePath === own);
  if (!anyOf) return false;
  const branch = branchOf(anyOf.schemaPath, error);
  return errors.some((e) => e.instancePath === own && e.keyword === 'type' && branchOf(anyOf.schemaPath, e) === branch);
}

function branchOf(anyOfPath: string, error: ShapeError): string {
  if (!error.schemaPath.startsWith(`${anyOfPath}/`)) return '';
  return error.schemaPath.slice(anyOfPath.length + 1).split('/')[0] ?? '';
}

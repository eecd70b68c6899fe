import { EngineError } from './engine-error.ts';

/**
 * The engine's pattern for role and static-role names, `\w(([\w-.@]+)?\w)?`: word characters, with
 * `-`, `.` and `@` allowed inside. A name outside it matches no route, so the engine would answer a
 * puzzling `404 unsupported path`.
 */
const ENGINE_NAME_PATTERN = /^\w(?:[\w\-.@]*\w)?$/;

/** Whether the engine accepts `name` as a role or static-role name. */
export function isValidEngineName(name: string): boolean {
  return ENGINE_NAME_PATTERN.test(name);
}

/**
 * Throws `ENGINE_INVALID_NAME` (before any request) when `name` is not a valid role name.
 * `kind` names the thing in the message, e.g. `role` or `static role`.
 */
export function assertValidName(kind: string, name: string, method: string, path: string): void {
  if (isValidEngineName(name)) return;
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 79)}…` : name);
  throw new EngineError({
    code: 'ENGINE_INVALID_NAME',
    message: `Invalid ${kind} name ${shown}: use letters, digits and _, with - . @ allowed inside (pattern \\w(([\\w-.@]+)?\\w)?).`,
    method,
    path,
  });
}

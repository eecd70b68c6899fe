/** `baselineSubjects`' answer. */
export type ParsedBaseline =
  { readonly ok: true; readonly subjects: ReadonlySet<string> } | { readonly ok: false; readonly message: string };

/** Most subject ids a baseline may list (the history names a few hundred subjects). */
const MAX_SUBJECTS = 10_000;

/**
 * The subject ids of an earlier `history changes` JSON report (its `subjectsUsed`), read from its
 * text: changes to these subjects are not new. Errors name the field and the fix.
 *
 * @example
 * baselineSubjects('{"subjectsUsed":["attribute policies enforce"]}'); // { ok: true, subjects: Set(1) }
 */
export function baselineSubjects(text: string): ParsedBaseline {
  const fix = 'give the report of `keyfob history changes --format json` run on the base branch';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not JSON (${(error as Error).message}); ${fix}` };
  }
  const used =
    typeof parsed === 'object' && parsed !== null ? (parsed as { subjectsUsed?: unknown }).subjectsUsed : undefined;
  if (!Array.isArray(used) || !used.every((s): s is string => typeof s === 'string' && s.length <= 1000)) {
    return { ok: false, message: `field "subjectsUsed" must be a list of subject ids; ${fix}` };
  }
  if (used.length > MAX_SUBJECTS)
    return { ok: false, message: `field "subjectsUsed" lists ${used.length} ids, more than ${MAX_SUBJECTS}; ${fix}` };
  return { ok: true, subjects: new Set(used) };
}

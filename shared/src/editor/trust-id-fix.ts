import type { ParsedDocument, ParsedFile } from '../documents/types.ts';
import type { Problem } from '../problem.ts';
import { pointerToSegments, segmentsToPointer } from '../text/json-pointer.ts';
import { addMember, replaceValue } from './member-edits.ts';
import type { QuickFix } from './quick-fix.ts';
import { valueAt } from './value-at.ts';
import { isRecord } from '../text/index.ts';

/**
 * Fixes of the immutable-subject trust rules, from the ids the problem carries (`github-ids.yaml`
 * or the workflow context, never guessed): add `repository_id`/`repository_owner_id` to
 * `bound_claims`, write a `sub` in its repository's format, or bind both exact forms instead of a
 * glob that spans them. A `sub` in a list is rewritten by replacing the list.
 */
export function trustIdFixes(file: ParsedFile, document: ParsedDocument, problem: Problem): QuickFix[] {
  const fix = (title: string, edits: QuickFix['edits']): QuickFix[] =>
    edits.length > 0 ? [{ title, kind: 'quickfix', code: problem.code, isPreferred: true, edits }] : [];
  const data = problem.data ?? {};
  if (problem.code === 'JWT_TRUST_NAME_WITHOUT_ID' && isRecord(data.add)) {
    const add = Object.entries(data.add);
    const title = `Add ${add.map(([k, v]) => `bound_claims.${k}: ${JSON.stringify(v)}`).join(', ')} (from ${String(data.source)})`;
    const edits = document.locations.has('/bound_claims')
      ? add.flatMap(([k, v]) => addMember(file, document, '/bound_claims', k, v))
      : addMember(file, document, '', 'bound_claims', Object.fromEntries(add));
    // One claim is added (repository_id or repository_owner_id), so the edits never overlap.
    return fix(title, edits);
  }
  if (problem.code === 'JWT_TRUST_SUB_FORMAT_MISMATCH' && typeof data.replacement === 'string')
    return fix(`Write sub as ${data.replacement}`, replaceAt(file, document, problem.path, [data.replacement]));
  if (problem.code === 'JWT_TRUST_GLOB_SPANS_FORMATS' && Array.isArray(data.values))
    return fix(
      `Bind ${data.values.map(String).join(' and ')}`,
      replaceAt(file, document, problem.path, data.values.map(String)),
    );
  return [];
}

/** Replaces the value at `pointer` by `values` (one value stays a scalar); an item by its list rewritten. */
function replaceAt(file: ParsedFile, document: ParsedDocument, pointer: string, values: readonly string[]) {
  const segments = pointerToSegments(pointer);
  const last = segments[segments.length - 1] ?? '';
  const parent = segments.slice(0, -1);
  const list = valueAt(document.value, parent);
  if (/^\d+$/.test(last) && Array.isArray(list)) {
    const items = [...(list as unknown[])];
    items.splice(Number(last), 1, ...values);
    return replaceValue(file, document, segmentsToPointer(parent), items);
  }
  return replaceValue(file, document, pointer, values.length === 1 ? values[0] : values);
}

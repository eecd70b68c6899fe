import type { ProblemCode } from '../codes/index.ts';
import type { ParsedFile } from '../documents/types.ts';
import type { Problem } from '../problem.ts';
import { fieldInfo } from '../rules/index.ts';
import { legacyFixes } from './legacy-fix.ts';
import { listConversions } from './list-conversion.ts';
import { removeMember, renameKey, replaceValue } from './member-edits.ts';
import { missingFieldFixes } from './missing-field-fix.ts';
import type { QuickFix } from './quick-fix.ts';
import { fieldAt } from './resource-at.ts';
import type { FileKind } from './resource-at.ts';
import { suppressionFix } from './suppression-fix.ts';
import { trustIdFixes } from './trust-id-fix.ts';
import { valueAt } from './value-at.ts';
import { pointerToSegments, segmentsToPointer } from '../text/json-pointer.ts';

// A field the credential type does not allow (or ignores): removing it keeps the rest intact.
const REMOVE_FIELD: ReadonlySet<ProblemCode> = new Set<ProblemCode>([
  'ROLE_ARNS_NOT_ALLOWED',
  'ROLE_POLICY_NOT_ALLOWED',
  'ROLE_STS_TTL_NOT_ALLOWED',
  'ROLE_ASSUMED_ROLE_FIELD_NOT_ALLOWED',
  'ROLE_IAM_USER_FIELD_NOT_ALLOWED',
  'ROLE_FIELD_UNUSED',
  'ROOT_SECRET_IN_FILE',
  'REQUEST_TTL_NOT_ALLOWED',
  'REQUEST_FIELD_UNUSED',
]);

/** What the fixes need besides the problem: the parsed file and the kind of the problem's document. */
export interface QuickFixContext {
  readonly file: ParsedFile;
  /** Kind of the problem's document; list conversions need it to know list fields. */
  readonly kind?: FileKind;
}

/**
 * Every fix for one problem, best first: rename a misspelt key, remove a field the credential
 * type does not allow, fix a value (`1d` -> `24h`, a credential type's spelling), move a legacy
 * `policy`/`arn`, add a missing required field, clean a list; last, a suppression comment.
 * Edits are against `context.file.text`; applying a fix (other than the suppression) answers the problem.
 */
export function quickFixesFor(problem: Problem, context: QuickFixContext): QuickFix[] {
  const { file } = context;
  const document = file.documents[problem.document ?? 0];
  if (!document) return [];
  const fixes: QuickFix[] = [];
  const field = pointerToSegments(problem.path).pop() ?? '';
  const present = document.locations.has(problem.path);
  const suggestion = typeof problem.data?.['suggestion'] === 'string' ? problem.data['suggestion'] : undefined;
  const replacement = problem.data?.['replacement'];
  const add = (title: string, edits: QuickFix['edits'], isPreferred = false): void => {
    if (edits.length)
      fixes.push({ title, kind: 'quickfix', code: problem.code, edits, ...(isPreferred ? { isPreferred } : {}) });
  };
  if (problem.code === 'FIELD_UNKNOWN' && suggestion && present) {
    add(`Rename ${field} to ${suggestion}`, renameKey(file, document, problem.path, suggestion), true);
  }
  if (problem.code === 'ROLE_UNKNOWN_CREDENTIAL_TYPE' && suggestion && present) {
    add(`Change credential_type to ${suggestion}`, replaceValue(file, document, problem.path, suggestion), true);
  }
  fixes.push(...trustIdFixes(file, document, problem));
  if (
    present &&
    problem.target !== 'key' &&
    isScalar(replacement) &&
    problem.code !== 'JWT_TRUST_SUB_FORMAT_MISMATCH'
  ) {
    add(`Change ${field} to ${String(replacement)}`, replaceValue(file, document, problem.path, replacement), true);
  }
  if (problem.code === 'ROLE_LEGACY_FIELD' && present) {
    fixes.push(...legacyFixes(file, document, problem, valueAt(document.value, pointerToSegments(problem.path))));
  }
  fixes.push(...missingFieldFixes(file, document, problem));
  if ((REMOVE_FIELD.has(problem.code) || problem.code === 'FIELD_UNKNOWN') && present) {
    add(`Remove ${field}`, removeMember(file, document, problem.path), REMOVE_FIELD.has(problem.code));
  }
  if (problem.code === 'FIELD_EMPTY_ITEM') fixes.push(...emptyItemFix(problem, context));
  const suppression = suppressionFix(file, problem);
  if (suppression) fixes.push(suppression);
  return fixes;
}

/** An empty item in a comma list: rewrite the list without it (as a list, the clearer form). */
function emptyItemFix(problem: Problem, context: QuickFixContext): QuickFix[] {
  const document = context.file.documents[problem.document ?? 0];
  if (!document) return [];
  // The problem may point at the item or at the field; fix the field that holds the list.
  const segments = pointerToSegments(problem.path);
  const owner = /^\d+$/.test(segments[segments.length - 1] ?? '') ? segments.slice(0, -1) : segments;
  const pointer = segmentsToPointer(owner);
  return listConversions(context.file, document, pointer)
    .filter((fix) => fix.title.endsWith('to a list'))
    .map((fix) => ({
      ...fix,
      kind: 'quickfix' as const,
      code: problem.code,
      title: `${fix.title} without empty items`,
    }));
}

/** List fields under the cursor offer a rewrite between a comma string and a list. */
export function listRewritesAt(context: QuickFixContext, document: number, pointer: string): QuickFix[] {
  const parsed = context.file.documents[document];
  if (!parsed || !context.kind) return [];
  const at = fieldAt(context.kind, pointerToSegments(pointer));
  if (!at || at.resource.base.length !== pointerToSegments(pointer).length - 1) return [];
  if (fieldInfo(at.resource.kind, at.field)?.value !== 'list') return [];
  return listConversions(context.file, parsed, pointer);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

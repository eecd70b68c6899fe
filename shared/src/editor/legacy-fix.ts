import type { ParsedDocument, ParsedFile } from '../documents/types.ts';
import type { Problem } from '../problem.ts';
import { addMember, renameKey, replaceValue } from './member-edits.ts';
import type { QuickFix } from './quick-fix.ts';
import { sequentialEdit } from './sequential-edit.ts';
import type { EditStep } from './sequential-edit.ts';
import { pointerToSegments, segmentsToPointer } from '../text/json-pointer.ts';

/**
 * Moves a legacy `policy` or `arn` (seed 1, Role rule 1) to the fields that replaced it, the way the
 * engine upgrades stored legacy roles: JSON policy text -> `policy_document` (the engine's upgrade gives
 * it both iam_user and federation_token, so one fix per type); a role ARN -> `role_arns` with
 * `assumed_role`; a policy ARN -> `policy_arns` with `iam_user`. Not preferred: the types differ in meaning.
 */
export function legacyFixes(file: ParsedFile, document: ParsedDocument, problem: Problem, value: unknown): QuickFix[] {
  const segments = pointerToSegments(problem.path);
  const field = segments[segments.length - 1];
  if ((field !== 'policy' && field !== 'arn') || typeof value !== 'string') return [];
  const parent = segmentsToPointer(segments.slice(0, -1));
  const hasType = document.locations.has(segmentsToPointer([...segments.slice(0, -1), 'credential_type']));
  const build = (newField: string, newValue: unknown, type: string): QuickFix => {
    const steps: EditStep[] = [];
    if (newValue !== value) steps.push((f, d) => replaceValue(f, d, problem.path, newValue));
    steps.push((f, d) => renameKey(f, d, problem.path, newField));
    if (!hasType) steps.push((f, d) => addMember(f, d, parent, 'credential_type', type, newField));
    return {
      title: `Move legacy ${field} to ${newField}${hasType ? '' : ` with credential_type ${type}`}`,
      kind: 'quickfix',
      code: problem.code,
      edits: sequentialEdit(file.text, file.format, document.index, steps),
    };
  };
  if (field === 'policy')
    return [build('policy_document', value, 'iam_user'), build('policy_document', value, 'federation_token')];
  if (/^arn:[^:]+:iam::[^:]*:role\//.test(value)) return [build('role_arns', [value], 'assumed_role')];
  return [build('policy_arns', [value], 'iam_user')];
}

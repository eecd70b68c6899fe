import type { ProblemCode } from '../codes/index.ts';
import type { ParsedDocument, ParsedFile } from '../documents/types.ts';
import type { Problem } from '../problem.ts';
import { CREDENTIAL_TYPES } from '../rules/index.ts';
import { addMember } from './member-edits.ts';
import type { QuickFix } from './quick-fix.ts';
import { pointerToSegments, segmentsToPointer } from '../text/json-pointer.ts';

interface Placeholder {
  readonly field: string;
  readonly values: readonly unknown[];
}

// Placeholders pass `keyfob lint` (real ARN shapes, durations with units) so the fix leaves no new
// problem behind; the user then replaces them. 123456789012 is the documented example account.
const PLACEHOLDERS: Partial<Record<ProblemCode, Placeholder>> = {
  ROLE_ARNS_REQUIRED: { field: 'role_arns', values: [['arn:aws:iam::123456789012:role/replace-me']] },
  ROLE_POLICY_REQUIRED: { field: 'policy_arns', values: [['arn:aws:iam::aws:policy/ReadOnlyAccess']] },
  ROLE_MISSING_CREDENTIAL_TYPE: { field: 'credential_type', values: CREDENTIAL_TYPES },
  STATIC_ROLE_MISSING_USERNAME: { field: 'username', values: ['replace-me'] },
  STATIC_ROLE_MISSING_ROTATION_PERIOD: { field: 'rotation_period', values: ['24h'] },
  LEASE_MISSING_LEASE: { field: 'lease', values: ['1h'] },
  LEASE_MISSING_LEASE_MAX: { field: 'lease_max', values: ['24h'] },
};

/**
 * "Add `field`" fixes for a missing required field: one per placeholder value (one per credential
 * type for a missing `credential_type`), inserted after the problem's anchor when it names a sibling.
 */
export function missingFieldFixes(file: ParsedFile, document: ParsedDocument, problem: Problem): QuickFix[] {
  const placeholder = PLACEHOLDERS[problem.code];
  if (!placeholder) return [];
  const segments = pointerToSegments(problem.path);
  const parent =
    segments[segments.length - 1] === placeholder.field ? segmentsToPointer(segments.slice(0, -1)) : problem.path;
  if (document.locations.has(segmentsToPointer([...pointerToSegments(parent), placeholder.field]))) return [];
  const anchor =
    typeof problem.data?.['anchor'] === 'string' ? pointerToSegments(problem.data['anchor']).pop() : undefined;
  return placeholder.values
    .map((value) => ({
      title: `Add ${placeholder.field}: ${Array.isArray(value) ? `[${value.join(', ')}]` : String(value)}`,
      kind: 'quickfix' as const,
      code: problem.code,
      isPreferred: placeholder.values.length === 1,
      edits: addMember(file, document, parent, placeholder.field, value, anchor),
    }))
    .filter((fix) => fix.edits.length > 0);
}

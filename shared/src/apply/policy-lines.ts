import type { ParsedFile } from '../documents/index.ts';
import { statementPositions } from '../iam-policy/index.ts';

/** Where a role's policy is in its file: the line of `policy_document` and of each statement (1-based). */
export interface PolicyLines {
  readonly line: number;
  readonly statements: readonly number[];
}

/**
 * The file lines of a role's `policy_document` and its statements, from the parsed file: a YAML
 * or JSON object's statements by their own place; a JSON text in a YAML block scalar (`|`) by the
 * statement's line inside the text; a one-line string puts every statement on its line.
 */
export function policyLines(file: ParsedFile, document: number, pointer: string): PolicyLines | undefined {
  const locations = file.documents[document]?.locations;
  const location = locations?.get(pointer);
  const value = location?.value;
  if (!locations || !value) return undefined;
  const line = file.lines.position((location.key ?? value).start).line;
  const valueLine = file.lines.position(value.start).line;
  const statement = locations.get(`${pointer}/Statement`);
  if (statement) {
    const items: number[] = [];
    for (let i = 0; locations.has(`${pointer}/Statement/${i}`); i++)
      items.push(file.lines.position(locations.get(`${pointer}/Statement/${i}`)?.value.start ?? 0).line);
    return { line, statements: items.length > 0 ? items : [file.lines.position(statement.value.start).line] };
  }
  const raw = file.text.slice(value.start, value.end);
  const block = /^[|>]/.test(raw);
  const text = file.documents[document]?.value;
  const json = pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (at, key) => (at as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      text,
    );
  if (typeof json !== 'string') return { line, statements: [] };
  return { line, statements: statementPositions(json).map((s) => (block ? valueLine + s.start.line : valueLine)) };
}

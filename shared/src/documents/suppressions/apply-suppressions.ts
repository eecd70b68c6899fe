import { describeCode, problemCodes } from '../../codes/index.ts';
import type { ProblemCode } from '../../codes/index.ts';
import type { Problem, TextRange } from '../../problem.ts';
import type { ParsedDocument, Suppression } from '../types.ts';

/**
 * Drops the problems a document's suppression comments silence, then reports the comments
 * themselves: `SUPPRESSION_NO_REASON` (no `-- reason`), `SUPPRESSION_NO_CODE` (no code at all),
 * `SUPPRESSION_UNKNOWN_CODE` (a code keyfob does not have, on that code) and `SUPPRESSION_UNUSED`
 * (a listed code that silenced nothing, on that code; info). Suppression problems are never silenced.
 *
 * A `-next-line` comment silences the listed codes on problems whose range starts on the line it
 * applies to; the document form silences them anywhere in the document (and on problems without a
 * range). Problems of another document (`document` set to another index) pass through untouched.
 * Call it once per document, with all of that document's problems (parse, rules and the rest).
 *
 * @example applySuppressions([...doc.problems, ...ruleProblems], doc)
 */
export function applySuppressions(problems: readonly Problem[], document: ParsedDocument): Problem[] {
  if (document.suppressions.length === 0) return [...problems];
  const used = document.suppressions.map((s) => new Array<boolean>(s.codes.length).fill(false));
  const kept = problems.filter((problem) => {
    if (problem.document !== undefined && problem.document !== document.index) return true;
    let silenced = false;
    document.suppressions.forEach((suppression, i) => {
      if (!covers(suppression, problem)) return;
      suppression.codes.forEach((code, j) => {
        if (code !== problem.code) return;
        silenced = true;
        const marks = used[i];
        if (marks) marks[j] = true;
      });
    });
    return !silenced;
  });
  document.suppressions.forEach((suppression, i) =>
    kept.push(...reportSuppression(suppression, used[i] ?? [], document.index)),
  );
  return kept;
}

function covers(suppression: Suppression, problem: Problem): boolean {
  if (suppression.kind === 'document') return true;
  return problem.range !== undefined && problem.range.startLine === suppression.appliesToLine;
}

function reportSuppression(suppression: Suppression, used: readonly boolean[], document: number): Problem[] {
  const found: Problem[] = [];
  const add = (code: ProblemCode, message: string, range: TextRange, data?: Record<string, unknown>): void => {
    found.push({
      code,
      severity: describeCode(code).severity,
      message,
      path: '',
      range,
      document,
      ...(data ? { data } : {}),
    });
  };
  const directive = suppression.kind === 'document' ? 'keyfob-disable' : 'keyfob-disable-next-line';
  if (suppression.codes.length === 0) {
    add(
      'SUPPRESSION_NO_CODE',
      `${directive} names no problem code; list the codes to silence, such as ROLE_UNKNOWN_FIELD.`,
      suppression.range,
    );
  }
  if (suppression.reason === '') {
    add(
      'SUPPRESSION_NO_REASON',
      `${directive} gives no reason; add one after "--", e.g. "-- <why this is fine>".`,
      suppression.range,
    );
  }
  suppression.codes.forEach((code, j) => {
    const range = suppression.codeRanges[j] ?? suppression.range;
    if (!Object.hasOwn(problemCodes, code)) {
      add('SUPPRESSION_UNKNOWN_CODE', `${directive} names ${code}, which is not a keyfob problem code.`, range, {
        code,
      });
    } else if (!used[j]) {
      const where = suppression.kind === 'document' ? 'in this document' : `on line ${suppression.appliesToLine}`;
      add(
        'SUPPRESSION_UNUSED',
        `${directive} silences ${code}, but no ${code} problem is reported ${where}; remove it.`,
        range,
        { code },
      );
    }
  });
  return found;
}

import { problemCodes } from '../codes/index.ts';
import type { CodeInfo } from '../codes/code-info.ts';
import type { Problem } from '../problem.ts';

/**
 * On an HTTP request, turns the errors the real engine's API would accept (codes marked
 * `engineAccepts` in the catalogue, or findings with `data.engineAccepts`) into warnings, in place:
 * keyfob accepts what the engine accepts and says what it knows in `warnings`. Files keep the
 * catalogue's severity. Returns the same array.
 */
export function relaxForRequest(problems: Problem[], source: 'file' | 'request' | undefined): Problem[] {
  if (source !== 'request') return problems;
  problems.forEach((problem, i) => {
    if (problem.severity !== 'error') return;
    const accepted =
      problem.data?.engineAccepts === true || ((problemCodes[problem.code] as CodeInfo).engineAccepts ?? false);
    if (accepted) problems[i] = { ...problem, severity: 'warning' };
  });
  return problems;
}

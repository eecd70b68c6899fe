import { problemCodes, type ProblemCode } from '../codes/index.ts';
import type { Problem } from '../problem.ts';

/**
 * A problem about one action input or CLI flag. `path` is `/<input-name>` (a JSON Pointer into the
 * inputs as an object), so adapters can name the input; the severity comes from the catalogue.
 */
export function inputProblem(code: ProblemCode, input: string, message: string, data?: Readonly<Record<string, unknown>>): Problem {
  return {
    code,
    severity: problemCodes[code].severity,
    message,
    path: `/${input}`,
    target: 'value',
    ...(data === undefined ? {} : { data }),
  };
}

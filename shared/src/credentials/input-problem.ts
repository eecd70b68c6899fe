import { credentialsCodes } from '../codes/credentials.ts';
import type { Problem } from '../problem.ts';

/**
 * A problem about one action input or CLI flag. `path` is `/<input-name>` (a JSON Pointer into the
 * inputs as an object), so adapters can name the input; the severity comes from this area's catalogue
 * (not the whole one, so that bundles using it do not carry every area's codes).
 */
export function inputProblem(
  code: keyof typeof credentialsCodes,
  input: string,
  message: string,
  data?: Readonly<Record<string, unknown>>,
): Problem {
  return {
    code,
    severity: credentialsCodes[code].severity,
    message,
    path: `/${input}`,
    target: 'value',
    ...(data === undefined ? {} : { data }),
  };
}

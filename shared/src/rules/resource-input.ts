import type { Problem } from '../problem.ts';
import { describeJsonType } from './shape.ts';

/** The problem for a resource that is not an object at all (a list, a string, an empty document). */
export function notAnObject(what: string, value: unknown, path: string): Problem {
  return {
    code: 'FIELD_TYPE',
    severity: 'error',
    message:
      value === null || value === undefined
        ? `The ${what} is empty; write its fields as a map.`
        : `The ${what} must be a map of fields, not ${describeJsonType(value)}.`,
    path,
    target: 'value',
    data: { expected: 'object' },
  };
}

/** Options every internal check takes: where the object sits in its document. */
export interface CheckOptions {
  /** JSON Pointer of the object; `""` for a whole document or HTTP body. */
  readonly basePath?: string;
  /**
   * Where the object comes from: a file people write (`file`, the default) or an HTTP request
   * body (`request`). On a request every value form the engine's API accepts is accepted silently
   * (integer seconds and unitless numeric strings for durations); in a file those forms draw a
   * warning that prefers a suffixed duration.
   */
  readonly source?: 'file' | 'request';
}

import { inputProblem } from '@keyfob/shared/credentials';
import { parseDuration } from '@keyfob/shared/duration';
import type { Problem } from '@keyfob/shared/problem';

/** A parsed input value or the problem with it. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: Problem };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(problem: Problem): Parsed<T> => ({ ok: false, problem });

/** YAML 1.2 core booleans, the spelling workflows use (`true`, `True`, `TRUE`, and the same for false). */
export function parseBoolean(name: string, text: string): Parsed<boolean> {
  if (['true', 'True', 'TRUE'].includes(text)) return ok(true);
  if (['false', 'False', 'FALSE'].includes(text)) return ok(false);
  return bad(inputProblem('INPUT_INVALID_BOOLEAN', name, `${name} must be true or false, not "${text}".`));
}

/** A duration (`30s`, `5m`, or bare seconds) as milliseconds; zero is refused. */
export function parseDurationMs(name: string, text: string): Parsed<number> {
  const parsed = parseDuration(text, { path: `/${name}`, field: name });
  const [problem] = parsed.problems;
  if (problem) return bad(problem);
  if (parsed.seconds === undefined || parsed.seconds <= 0) {
    return bad(inputProblem('INPUT_INVALID_VALUE', name, `${name} must be longer than zero, such as "30s".`));
  }
  return ok(Math.round(parsed.seconds * 1000));
}

/** One of a fixed list of choices. */
export function parseChoice<T extends string>(name: string, text: string, choices: readonly T[]): Parsed<T> {
  if ((choices as readonly string[]).includes(text)) return ok(text as T);
  return bad(
    inputProblem('INPUT_INVALID_CHOICE', name, `${name} must be one of ${choices.join(', ')}, not "${text}".`),
  );
}

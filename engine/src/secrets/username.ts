import { parseTemplate, renderUsername, type ParsedTemplate, type UsernameInput } from '@keyfob/shared/template';
import { randomInt } from '../ids.ts';
import { internalError } from '../http/http-error.ts';

/** Parsed templates by text: a mount's template is parsed once, not on every request. */
const parsed = new Map<string, ParsedTemplate>();

function cachedParse(text: string): ParsedTemplate {
  let entry = parsed.get(text);
  if (entry === undefined) {
    entry = parseTemplate(text);
    if (parsed.size > 100) parsed.clear();
    parsed.set(text, entry);
  }
  return entry;
}

/**
 * Renders a username (IAM user name, federation token name, default session name) with the mount's
 * template: the shared `renderUsername` with the parsed template cached; its failures (a broken
 * template, a run-time failure, a name over the cap: 64 IAM, 32 STS) are 500s.
 * `random` is the CSPRNG unless a test injects one.
 */
export function makeUsername(
  templateText: string,
  input: UsernameInput,
  now: () => Date,
  random: (max: number) => number = randomInt,
): string {
  const result = renderUsername(templateText, input, { now, randomInt: random }, cachedParse);
  if (!result.ok) throw internalError(result.message);
  return result.username;
}

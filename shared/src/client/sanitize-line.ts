import { REDACTED, redactSecrets } from './redact-secrets.ts';

/** Longest line a log gets from one message (outside text can be megabytes). */
const MAX_LOG_LINE = 2000;

/** Line breaks a log reader may split on: CR, LF, NEL, LS and PS. */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/** Other control characters (terminal escapes, NUL, BEL...): shown as `�`, tabs as a space. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * A line start a runner takes as a command: GitHub's `::name::` and the older `##[name]` forms,
 * after any leading white space (the runner trims it before looking).
 */
const COMMAND_START = /^(\s*)(::|##\[)/;

/**
 * Makes one log line out of text that carries outside words (engine errors, URLs, file contents,
 * problem messages), in this order:
 * 1. every secret in `secrets` (and anything shaped like one) becomes `***`: before any cut, so a
 *    cut can never leave part of a secret behind;
 * 2. a prefix of a secret that an earlier cut left before a `…` is hidden too;
 * 3. no line break survives (each becomes ` ⏎ `) and control characters become `�`;
 * 4. a line that would start a workflow command (`::stop-commands::`, `::add-mask::`, `##[...]`)
 *    is prefixed so the runner reads it as text;
 * 5. cut at `max` characters, never inside `***` or a surrogate pair.
 *
 * @example sanitizeLine('x\n::add-mask::hvs.abc', ['hvs.abc']) // 'x ⏎ ::add-mask::***'
 */
export function sanitizeLine(text: string, secrets: readonly string[], max = MAX_LOG_LINE): string {
  const redacted = hideCutSecrets(redactSecrets(text, secrets), secrets);
  const flat = printableCharacters(redacted.replace(LINE_BREAKS, ' ⏎ '));
  const safe = flat.replace(COMMAND_START, '$1› $2');
  return cutLine(safe, max);
}

/**
 * `text` with each tab shown as a space and every other control character (terminal escapes, NUL,
 * BEL, C1, and any line break left) as `�`, one character for one, so columns keep their place.
 *
 * @example printableCharacters('a\tb\u001b[2J') // 'a b�[2J'
 */
export function printableCharacters(text: string): string {
  return text.replace(/\t/g, ' ').replace(CONTROLS, '\uFFFD').replace(LINE_BREAKS, '\uFFFD');
}

/** Shortest secret prefix treated as a leak when it ends at a cut mark. */
const MIN_PREFIX = 4;

/**
 * Hides the end of a secret that a cut elsewhere (before this text reached us) left in front of a
 * `…` mark: the cut took the rest, so the whole value no longer matches and would print in clear.
 */
function hideCutSecrets(text: string, secrets: readonly string[]): string {
  if (!text.includes('…')) return text;
  return text.replace(/([^\s…]+)…/g, (match: string, word: string) => {
    for (const secret of secrets) {
      for (let length = Math.min(word.length, secret.length - 1); length >= MIN_PREFIX; length--) {
        if (word.endsWith(secret.slice(0, length))) return `${word.slice(0, word.length - length)}${REDACTED}…`;
      }
    }
    return match;
  });
}

/** Cuts at `max` characters with `…`, moving the cut back out of a `***` run or a surrogate pair. */
function cutLine(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  while (end > 0 && text[end - 1] === '*' && text[end] === '*') end--;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

import { printableCharacters } from '../text/index.ts';
import { cutText } from './cut-text.ts';
import { REDACTED, redactSecrets } from './redact-secrets.ts';

/** Longest line a log gets from one message (outside text can be megabytes). */
const MAX_LOG_LINE = 2000;

/** Line breaks a log reader may split on: CR, LF, NEL, LS and PS. */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;

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
 * 2. a prefix of a secret that a cut made elsewhere left behind is hidden too: before a `…` or
 *    `...` mark (4 characters or more), or at the very end of the text, where a cut without a mark
 *    leaves it (8 characters or more);
 * 3. no line break survives (each becomes ` ⏎ `) and control characters become `�`;
 * 4. a line that would start a workflow command (`::stop-commands::`, `::add-mask::`, `##[...]`)
 *    is prefixed so the runner reads it as text;
 * 5. cut at `max` characters without splitting a word (`cutText`): a secret nobody told us about
 *    (one an earlier step issued) is shown whole, which the runner masks, or not at all.
 *
 * @example sanitizeLine('x\n::add-mask::hvs.abc', ['hvs.abc']) // 'x ⏎ ::add-mask::***'
 */
export function sanitizeLine(text: string, secrets: readonly string[], max = MAX_LOG_LINE): string {
  const redacted = hideCutSecrets(redactSecrets(text, secrets), secrets);
  const flat = printableCharacters(redacted.replace(LINE_BREAKS, ' ⏎ '));
  const safe = flat.replace(COMMAND_START, '$1› $2');
  return cutText(safe, max);
}

/** Shortest secret prefix hidden before a cut mark, and at the end of the text (no mark: it must identify). */
const MIN_PREFIX = { marked: 4, unmarked: 8 } as const;

/**
 * Hides the end of a secret that a cut elsewhere (before this text reached us) left in front of a
 * `…` or `...` mark, or at the end of the text: the cut took the rest, so the whole value no longer
 * matches and would print in clear.
 */
function hideCutSecrets(text: string, secrets: readonly string[]): string {
  const longest = Math.max(0, ...secrets.map((secret) => secret.length));
  if (longest < MIN_PREFIX.marked) return text;
  const ends = [...text.matchAll(/…|\.\.\./g)].map((m) => ({ at: m.index, mark: m[0] }));
  ends.push({ at: text.length, mark: '' });
  let result = '';
  let from = 0;
  for (const { at, mark } of ends) {
    // The word before the mark (at most as long as the longest secret: a longer part cannot be a prefix).
    let start = at;
    while (start > from && at - start < longest && !/[\s…]/.test(text[start - 1] ?? ' ')) start--;
    const word = text.slice(start, at);
    const hidden = prefixLength(word, secrets, mark === '' ? MIN_PREFIX.unmarked : MIN_PREFIX.marked);
    result += text.slice(from, at - hidden) + (hidden > 0 ? REDACTED : '') + mark;
    from = at + mark.length;
  }
  return result;
}

/** Length of the longest prefix of a secret (at least `shortest` long, never the whole) that `word` ends with; 0 if none. */
function prefixLength(word: string, secrets: readonly string[], shortest: number): number {
  let best = 0;
  for (const secret of secrets) {
    for (let length = Math.min(word.length, secret.length - 1); length >= Math.max(shortest, best + 1); length--) {
      if (word.endsWith(secret.slice(0, length))) {
        best = length;
        break;
      }
    }
  }
  return best;
}

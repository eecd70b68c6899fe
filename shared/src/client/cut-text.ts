/** What marks a cut. */
const CUT_MARK = '…';

/**
 * Cuts a text to at most `max` characters, marking the cut with `…`, and never leaves part of a
 * word: a word the cut would split goes whole. A word of outside text may be a secret the caller was
 * never told (one an earlier step issued, which the runner masks): a log masker hides a secret only
 * whole, so a prefix of one would show in clear. Dropping the split word also keeps a cut out of a
 * `***` run and out of a surrogate pair.
 *
 * @example cutText('denied for sk/Hx81lqPz0Wq', 16) // 'denied for …'
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  if (isWordCharacter(text, end)) while (end > 0 && isWordCharacter(text, end - 1)) end--;
  return `${text.slice(0, end)}${CUT_MARK}`;
}

function isWordCharacter(text: string, index: number): boolean {
  const character = text[index];
  return character !== undefined && !/\s/.test(character);
}

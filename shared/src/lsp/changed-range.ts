/** A change of a text as offsets into the old text and what replaces them. */
export interface TextChange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The one change that turns `before` into `after`: the differing middle between their common prefix
 * and common suffix (the two never overlap). A client that sends the whole text on every keystroke
 * (the protocol allows it) is then treated like one that sends the range: a typo is a small edit.
 * Linear in the texts' length, without allocating beyond the replaced part.
 *
 * @example changedRange('credential_type: iam_user', 'credential_type: iam_usr') // { start: 23, end: 24, text: '' }
 */
export function changedRange(before: string, after: string): TextChange {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // Keep a surrogate pair together: never cut between its halves.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let tail = 0;
  while (
    tail < shorter - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  )
    tail++;
  if (tail > 0 && isLowSurrogate(before.charCodeAt(before.length - tail))) tail--;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

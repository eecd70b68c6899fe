/**
 * Byte-level string helpers. Go measures and cuts template strings in UTF-8 bytes (`len`,
 * `truncate`, the 64/32 caps), so keyfob does too; for the ASCII names the engine makes, bytes and
 * characters are the same.
 */

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Length of a string in UTF-8 bytes, as Go's `len` counts it. */
export function utf8Length(text: string): number {
  // Code units, not an iterator: this runs on every value a template makes, on every request.
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: one code point of four bytes. A lone surrogate counts three, as before.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** True when every character is ASCII (one byte each). */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) return false;
  }
  return true;
}

/**
 * The longest prefix of `text` that fits in `maxBytes` UTF-8 bytes. Go's `str[:n]` may split a
 * multi-byte character; a JavaScript string cannot hold half a character, so the cut moves back to
 * the character boundary (identical for ASCII).
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}

/** Number of Unicode code points (Go's rune count, used by printf widths and precisions). */
export function runeCount(text: string): number {
  let count = 0;
  for (const _char of text) count++;
  return count;
}

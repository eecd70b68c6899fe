import { utf8Bytes } from './utf8.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 (with `=` padding) of the UTF-8 bytes of a string, like Go's `base64.StdEncoding`. */
export function encodeBase64(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    out += ALPHABET[(triple >> 18) & 63] ?? '';
    out += ALPHABET[(triple >> 12) & 63] ?? '';
    out += i + 1 < bytes.length ? (ALPHABET[(triple >> 6) & 63] ?? '') : '=';
    out += i + 2 < bytes.length ? (ALPHABET[triple & 63] ?? '') : '=';
  }
  return out;
}

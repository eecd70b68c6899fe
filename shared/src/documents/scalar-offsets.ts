/**
 * Maps an offset in a string's decoded value to its offset in the source token, for the token
 * forms a policy document or a template is written in: a plain scalar, a JSON or YAML
 * double-quoted string (escapes), a YAML single-quoted string (`''`), and a YAML literal block
 * scalar (`|`, `|-`, `|+`, with indentation). Returns undefined when the token is another form
 * (folded `>`, a multi-line flow scalar) or does not decode to `value`: callers then keep the
 * whole token rather than point at the wrong character.
 */
export function sourceOffsets(raw: string, value: string): number[] | undefined {
  const first = raw.charAt(0);
  if (first === '"') return doubleQuoted(raw, value);
  if (first === "'") return singleQuoted(raw, value);
  if (first === '|') return literalBlock(raw, value);
  if (first === '>') return undefined;
  return raw === value ? Array.from({ length: value.length + 1 }, (_, i) => i) : undefined;
}

/** JSON and YAML double-quoted strings on one line: `\\n`, `\\"`, `\\uXXXX` and the other one-letter escapes. */
function doubleQuoted(raw: string, value: string): number[] | undefined {
  if (raw.length < 2 || !raw.endsWith('"') || raw.includes('\n')) return undefined;
  const out: number[] = [];
  let decoded = '';
  let i = 1;
  while (i < raw.length - 1) {
    out.push(i);
    if (raw[i] !== '\\') {
      decoded += raw[i];
      i++;
      continue;
    }
    const next = raw[i + 1] ?? '';
    if (next === 'u') {
      decoded += String.fromCharCode(parseInt(raw.slice(i + 2, i + 6), 16));
      i += 6;
    } else {
      decoded += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0' } as Record<string, string>)[next] ?? next;
      i += 2;
    }
  }
  out.push(raw.length - 1);
  return decoded === value ? out : undefined;
}

function singleQuoted(raw: string, value: string): number[] | undefined {
  if (raw.length < 2 || !raw.endsWith("'") || raw.includes('\n')) return undefined;
  const out: number[] = [];
  let decoded = '';
  let i = 1;
  while (i < raw.length - 1) {
    out.push(i);
    decoded += raw[i];
    i += raw[i] === "'" && raw[i + 1] === "'" ? 2 : 1;
  }
  out.push(raw.length - 1);
  return decoded === value ? out : undefined;
}

/** `|` block: the header line, then lines indented by the block's indentation, which the value drops. */
function literalBlock(raw: string, value: string): number[] | undefined {
  const header = raw.indexOf('\n');
  if (header < 0) return undefined;
  const lines = raw.slice(header + 1).split('\n');
  const indentOf = (line: string): number => line.length - line.trimStart().length;
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map(indentOf));
  if (!Number.isFinite(indent)) return undefined;
  const out: number[] = [];
  let decoded = '';
  let at = header + 1;
  for (const line of lines) {
    const body = line.slice(Math.min(indent, line.length));
    const start = at + Math.min(indent, line.length);
    for (let j = 0; j <= body.length; j++) out.push(start + j);
    decoded += `${body}\n`;
    at += line.length + 1;
  }
  // Chomping (`|-` strips, `|` keeps one, `|+` keeps all line breaks) only changes the end: compare the text before it.
  const trimmed = decoded.replace(/\n+$/, '');
  if (!value.startsWith(trimmed) || value.slice(trimmed.length).replace(/\n/g, '') !== '') return undefined;
  return out.slice(0, value.length + 1);
}

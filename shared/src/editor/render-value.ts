/** YAML words that would not stay strings if written plain (YAML 1.2 core schema plus 1.1 booleans readers still honour). */
const RESERVED =
  /^(?:true|false|null|yes|no|on|off|y|n|~|[-+]?(?:\.inf|\.nan)|[-+]?[0-9][0-9_.eE+-]*|0x[0-9a-fA-F]+|0o[0-7]+)$/i;
const SAFE_PLAIN = /^[A-Za-z0-9_./@=+()][A-Za-z0-9_./@=+:, ()*-]*$/;

/** A string as a YAML scalar: plain when that reads back as the same string, else double-quoted (JSON escapes are valid YAML). */
export function yamlScalar(value: string): string {
  if (SAFE_PLAIN.test(value) && !RESERVED.test(value) && !/:\s|\s#|\s$|,\s*$/.test(value)) return value;
  return JSON.stringify(value);
}

/** A scalar (string, number, boolean, null) as YAML text. */
function yamlScalarOf(value: unknown): string {
  if (typeof value === 'string') return yamlScalar(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null || value === undefined ? 'null' : JSON.stringify(value);
}

/**
 * A value as the text that follows `key:` in a YAML block mapping whose keys sit at `indent` columns:
 * ` scalar` on the same line, or a block list / mapping on the next lines indented two more.
 */
export function yamlValueAfterColon(value: unknown, indent: number): string {
  const pad = ' '.repeat(indent + 2);
  if (Array.isArray(value)) {
    if (value.length === 0) return ' []';
    return value.map((item) => `\n${pad}- ${yamlScalarOf(item)}`).join('');
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return ' {}';
    return entries.map(([k, v]) => `\n${pad}${yamlScalar(k)}: ${yamlScalarOf(v)}`).join('');
  }
  return ` ${yamlScalarOf(value)}`;
}

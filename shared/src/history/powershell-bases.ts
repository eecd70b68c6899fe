/**
 * PowerShell's base URLs: a module builds its API root once (`$baseApiUrl = "https://" + $Hostname +
 * "/api/v2/"`, `$script:OrgUri = "$BaseUri/organizations/$Org/"`), may keep it in an object's property
 * (`New-Object PSObject -Property @{ ServerUri = $baseApiUrl }`, `[PSCustomObject]@{ … }`,
 * `$Global:Tfc.ServerUri = …`), and writes each request's URL on it: `"$($Global:Tfc.ServerUri)workspaces"`,
 * `"${OrgUri}oauth-clients"`, `"$BaseUri/runs"`. Names are case-insensitive, as PowerShell's are; a
 * property is known by its own name (whoever holds it). A name assigned two different values is not a
 * base (a `$url` set per request says nothing about the next one).
 */

/** At most this many lines are read as assignments, and this long a value. */
const MAX_LINES = 20_000;
const MAX_VALUE = 300;

/** `$name = …`, `$scope:name = …`, `$obj.Prop = …` at a line start. Group 1: the name, 2: a property. */
const ASSIGNMENT =
  /^[ \t]*\$(?:(?:global|script|local|private):)?([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)*)[ \t]*=(?!=)[ \t]*(.*)$/i;
/** A hashtable entry `Prop = $value` or `'Prop' = "…"` on its own line (`-Property @{`, `[PSCustomObject]@{`). */
const ENTRY = /^[ \t]*["']?([A-Za-z_]\w*)["']?[ \t]*=(?!=)[ \t]*([$"'].*)$/;

/** The key a base is kept under: a property by `.name`, a variable by its name, lower-cased. */
const powerShellKey = (name: string, property: boolean): string => `${property ? '.' : ''}${name.toLowerCase()}`;

/** Reads the bases of a PowerShell text (see the module comment): key → the URL text the name holds. */
export function readPowerShellBases(text: string): Map<string, string> {
  const bases = new Map<string, string>();
  const conflicting = new Set<string>();
  if (!text.includes('/')) return bases;
  let start = 0;
  for (let n = 0; start < text.length && n < MAX_LINES; n++) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    start = end + 1;
    if (!line.includes('=')) continue;
    const assigned = ASSIGNMENT.exec(line);
    const entry = assigned ? undefined : ENTRY.exec(line);
    const key = assigned
      ? assigned[2]
        ? powerShellKey(assigned[2].slice(assigned[2].lastIndexOf('.') + 1), true)
        : powerShellKey(assigned[1] ?? '', false)
      : entry
        ? powerShellKey(entry[1] ?? '', true)
        : undefined;
    const expression = assigned?.[3] ?? entry?.[2];
    if (key === undefined || expression === undefined || conflicting.has(key)) continue;
    const value = evaluate(expression, bases);
    if (value === undefined) {
      // Set to something that is no URL: not a base here.
      if (assigned && bases.has(key)) conflicting.add(key);
      continue;
    }
    const before = bases.get(key);
    if (before !== undefined && before !== value) {
      bases.delete(key);
      conflicting.add(key);
    } else if (isBase(value)) bases.set(key, value);
  }
  return bases;
}

/** A value that can be a URL's start: a full URL, a path, or one built on another base. */
const isBase = (value: string): boolean => value.includes('/') && /^(?:https?:|\/|\$|\{)/.test(value);

/**
 * The text of an expression made of strings and variables joined by `+` (`"https://" + "${Hostname}" +
 * "/api/v2/"`, `$baseApiUrl + "organizations/"`): strings as written (interpolations kept), a known base
 * by its value, another variable as `{}`. Undefined for anything else (a call, a pipeline, arithmetic).
 */
function evaluate(expression: string, bases: ReadonlyMap<string, string>): string | undefined {
  let out = '';
  let i = 0;
  const text = expression.replace(/[ \t]*;?[ \t]*(?:#.*)?$/, '');
  if (text === '' || text.length > MAX_VALUE * 2) return undefined;
  for (;;) {
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
    const c = text.charAt(i);
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close === -1) return undefined;
      const body = text.slice(i + 1, close);
      out += c === '"' ? (expandLeading(body, bases) ?? body) : body;
      i = close + 1;
    } else if (c === '$') {
      const m = /^\$(?:\{((?:\w+:)?\w+)\}|((?:\w+:)?\w+))/.exec(text.slice(i));
      const name = m?.[1] ?? m?.[2];
      if (!m || name === undefined) return undefined;
      out += bases.get(powerShellKey(name.replace(/^\w+:/, ''), false)) ?? '{}';
      i += m[0].length;
    } else return undefined;
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
    if (i >= text.length) break;
    if (text.charAt(i) !== '+') return undefined;
    i++;
  }
  return out.length > MAX_VALUE ? undefined : out;
}

/**
 * A leading `$(…)` subexpression naming a variable or property (`$($Global:Tfc.ServerUri)`), `${name}` or
 * `$name` in a double-quoted string: its key and how many characters it takes; undefined for anything else.
 */
export function leadingReference(text: string): { key: string; length: number } | undefined {
  const sub = /^\$\([ \t]*\$(?:\w+:)?(\w+)((?:\.\w+)*)[ \t]*\)/.exec(text);
  if (sub) {
    const props = sub[2] ?? '';
    const key = props
      ? powerShellKey(props.slice(props.lastIndexOf('.') + 1), true)
      : powerShellKey(sub[1] ?? '', false);
    return { key, length: sub[0].length };
  }
  const braced = /^\$\{(?:\w+:)?(\w+)\}/.exec(text);
  if (braced) return { key: powerShellKey(braced[1] ?? '', false), length: braced[0].length };
  const plain = /^\$(?:(?:global|script|local|private|env):)?([A-Za-z_]\w*)/i.exec(text);
  return plain ? { key: powerShellKey(plain[1] ?? '', false), length: plain[0].length } : undefined;
}

/** A string's text with its leading reference replaced by the base it names, or undefined. */
function expandLeading(body: string, bases: ReadonlyMap<string, string>): string | undefined {
  const ref = leadingReference(body);
  const base = ref ? bases.get(ref.key) : undefined;
  return ref && base !== undefined ? base + body.slice(ref.length) : undefined;
}

/**
 * Go structs of JSON:API models that have no `jsonapi:"primary,…"` tag of their own but are the
 * type of an attribute of one that has: go-tfe's `GlobalRunTask` is `RunTask`'s
 * `jsonapi:"attr,global-configuration"`, `WorkspacePermissions` is `Workspace`'s `permissions`. Their
 * fields belong to the holder's resource. A struct held by structs of different types (a shared
 * `VCSRepo`) gets nothing: its resource cannot be known. Read in the one text (two rounds, so a struct
 * held by a held struct gets the type too).
 */
const STRUCT = /^type (\w+) struct \{[ \t]*$/gm;
const FIELD = /^\t\w+[ \t]+[*[\]]*(\w+)[ \t]+`[^`\n]*jsonapi:"attr,([^",]+)/gm;
const PRIMARY = /jsonapi:"primary,([^",]+)/;

/** The `{` of each held struct and the JSON:API type of its holder. */
export function heldStructTypes(text: string): { readonly open: number; readonly type: string }[] {
  if (!text.includes('jsonapi:"primary,')) return [];
  const structs = new Map<string, { open: number; type: string | undefined; fields: { goType: string }[] }>();
  STRUCT.lastIndex = 0;
  for (let m = STRUCT.exec(text); m !== null; m = STRUCT.exec(text)) {
    const open = m.index + m[0].lastIndexOf('{');
    const end = text.indexOf('\n}', open);
    const body = text.slice(open, end === -1 ? text.length : end);
    const fields: { goType: string }[] = [];
    FIELD.lastIndex = 0;
    for (let f = FIELD.exec(body); f !== null; f = FIELD.exec(body)) fields.push({ goType: f[1] ?? '' });
    structs.set(m[1] ?? '', { open, type: PRIMARY.exec(body)?.[1], fields });
  }
  const out: { open: number; type: string }[] = [];
  for (let round = 0; round < 2; round++) {
    const holders = new Map<string, Set<string>>();
    for (const s of structs.values())
      if (s.type !== undefined)
        for (const f of s.fields) {
          const inner = structs.get(f.goType);
          if (inner && inner.type === undefined)
            holders.set(f.goType, (holders.get(f.goType) ?? new Set()).add(s.type));
        }
    for (const [name, types] of holders) {
      const inner = structs.get(name);
      const [type] = types;
      if (!inner || types.size !== 1 || type === undefined) continue;
      inner.type = type;
      out.push({ open: inner.open, type });
    }
  }
  return out;
}

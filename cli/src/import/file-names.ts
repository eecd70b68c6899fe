import { isAbsolute, relative, resolve } from 'node:path';

/** The longest file base name import writes (before its `.role.yaml` suffix). */
const MAX_BASE = 100;

/**
 * A file base name for an engine name: letters, digits, `_`, `-`, `.` and `@` kept, anything else
 * (a `/`, `\`, a control character) becomes `_`, a leading `.` or `-` becomes `_` (no `..`, no
 * hidden or option-like file), and long names are cut. The engine's own names pass unchanged.
 */
export function safeBaseName(name: string): string {
  const base = name
    .replace(/[^\w.@-]/g, '_')
    .replace(/^[.-]/, '_')
    .slice(0, MAX_BASE);
  return base === '' ? '_' : base;
}

/**
 * Gives each wanted file name a unique one in the folder, case-insensitively (a second `Deploy`
 * beside `deploy` becomes `Deploy-2`), so no two objects share a file on any file system.
 */
export function uniqueNames(): (base: string, suffix: string) => string {
  const taken = new Set<string>();
  return (base, suffix) => {
    let name = `${base}${suffix}`;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base}-${n}${suffix}`;
    taken.add(name.toLowerCase());
    return name;
  };
}

/** The absolute path of `file` in `folder`; throws when it would fall outside it (never for a safe base name). */
export function insideFolder(folder: string, file: string): string {
  const path = resolve(folder, file);
  const within = relative(folder, path);
  if (within === '' || within.startsWith('..') || isAbsolute(within))
    throw new Error(`refusing to write ${JSON.stringify(file)} outside ${folder}`);
  return path;
}

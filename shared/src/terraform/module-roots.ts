import type { TfBlock, TfFile } from './terraform-ast.ts';

/** Module calls followed upwards at most (a chain of callers longer than this is cut). */
const ROOT_SEARCH_LIMIT = 256;

/**
 * The folders a Terraform file's `module` blocks call by a local source (`./x`, `../x`), as paths
 * relative to the same base as `folder` (posix, `''` for the base). Registry and remote sources are
 * not folders of the repository and are left out.
 */
export function localModuleCalls(folder: string, file: TfFile): string[] {
  return localModuleBlocks(folder, file.blocks).map((call) => call.folder);
}

/** The `module` blocks among `blocks` with a local source, each with the folder it calls (`localModuleCalls`). */
export function localModuleBlocks(
  folder: string,
  blocks: readonly TfBlock[],
): { readonly block: TfBlock; readonly folder: string }[] {
  const called: { block: TfBlock; folder: string }[] = [];
  for (const block of blocks) {
    if (block.type !== 'module') continue;
    const source = block.attributes.get('source')?.value;
    if (source?.t !== 'literal' || typeof source.value !== 'string') continue;
    if (!/^\.\.?\//.test(source.value)) continue;
    const target = joinPosix(folder, source.value);
    if (target !== undefined) called.push({ block, folder: target });
  }
  return called;
}

/**
 * The root modules of `folder`: the folders that call it (transitively) and are called by none, as
 * Terraform runs them; `folder` itself when nothing calls it (it is a root). `calls` maps a caller's
 * folder to the folders it calls (localModuleCalls).
 */
export function rootModuleFolders(folder: string, calls: ReadonlyMap<string, readonly string[]>): string[] {
  const callers = new Map<string, string[]>();
  for (const [caller, targets] of calls)
    for (const target of targets) {
      if (target === caller) continue;
      const list = callers.get(target) ?? [];
      list.push(caller);
      callers.set(target, list);
    }
  const roots = new Set<string>();
  const seen = new Set<string>([folder]);
  const queue = [folder];
  while (queue.length > 0 && seen.size <= ROOT_SEARCH_LIMIT) {
    const at = queue.shift() as string;
    const up = (callers.get(at) ?? []).filter((c) => !seen.has(c));
    if ((callers.get(at) ?? []).length === 0) roots.add(at);
    for (const c of up) {
      seen.add(c);
      queue.push(c);
    }
  }
  return [...roots].sort();
}

/**
 * `base` joined with a relative path, `.` and `..` resolved (posix, `''` for the base of all);
 * undefined when it climbs above that base. An absolute base keeps its root (`/repo`, `C:/repo`, `file:///repo`).
 */
export function joinPosix(base: string, relative: string): string | undefined {
  const root = (/^(?:[A-Za-z][\w+.-]*:\/\/\/?|[A-Za-z]:[\\/]|[\\/])/.exec(base)?.[0] ?? '').replace(/\\/g, '/');
  const out: string[] = [];
  for (const part of `${base.slice(root.length)}/${relative}`.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return root + out.join('/');
}

/** The path from folder `from` to `to` (both relative to one base, posix): `..` steps then the rest. */
export function relativePosix(from: string, to: string): string {
  const a = from.split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/') || '.';
}

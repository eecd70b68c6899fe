import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { TerraformFs } from '../src/lint/index.ts';

/**
 * The file system below `root` as the one Terraform reader (TerraformTree) reads it in Node: a
 * file is read only when its real path (links resolved) is inside the root's real path, it is a
 * regular file and no bigger than asked; folders list their files and folders, links left out.
 */
export function nodeTerraformFs(root: string): TerraformFs {
  const base = resolve(root);
  let realBase: string | undefined;
  const inside = (path: string): boolean => {
    realBase ??= (() => {
      try {
        return realpathSync(base);
      } catch {
        return base;
      }
    })();
    return path === realBase || path.startsWith(realBase.endsWith(sep) ? realBase : realBase + sep);
  };
  return {
    read: (path, maxBytes) => {
      try {
        const real = realpathSync(resolve(base, path));
        if (!inside(real)) return undefined;
        const info = statSync(real);
        if (!info.isFile() || info.size > maxBytes) return undefined;
        return readFileSync(real, 'utf8');
      } catch {
        return undefined;
      }
    },
    entries: (folder) => {
      try {
        const real = realpathSync(resolve(base, folder));
        if (!inside(real)) return undefined;
        return readdirSync(real, { withFileTypes: true })
          .filter((e) => e.isFile() || e.isDirectory())
          .map((e) => ({ name: e.name, folder: e.isDirectory() }))
          .sort((a, b) => (a.name < b.name ? -1 : 1));
      } catch {
        return undefined;
      }
    },
  };
}

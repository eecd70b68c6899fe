import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { loadHclParser } from '@keyfob/shared/hcl';
import { handsModuleInputs, readsHcl, scanProject, type Match } from '@keyfob/shared/history';
import { localModuleCalls, readTerraformFile } from '@keyfob/shared/terraform';
import { readSource, type SourceFile } from './source-files.ts';

/**
 * The matches of each file given, scanned as one project (`keyfob history scan` and `changes`): the HCL parser loaded
 * when a file needs it, and the Terraform files outside them that decide their values read too (`moduleContext`).
 */
export async function scanSourceFiles(sources: readonly SourceFile[]): Promise<Match[][]> {
  const files: { fileName: string; text: string }[] = [];
  for (const source of sources) files.push({ fileName: source.absolute, text: await readSource(source) });
  if (sources.some((source) => readsHcl(source.absolute))) await loadHclParser();
  const context = await moduleContext(files);
  return scanProject([...files, ...context]).slice(0, files.length);
}

/** Folders above a test or `.tfvars` file looked in for its module (a test's `tests/` folder is one below it). */
const MAX_UP = 4;
/** Local module calls followed. */
const MAX_DEPTH = 4;
/** Terraform files read besides the ones given, and the largest read (the matcher parses no larger one). */
const MAX_FILES = 200;
const MAX_BYTES = 256 * 1024;

/**
 * The Terraform files that decide what the files given hand to the provider when they are scanned without them
 * (`keyfob history scan mod/tests/basic.tftest.hcl`, a `.tfvars` file, a call of a module outside the paths given): a
 * test's or `.tfvars` file's module (the `.tf` files of the nearest folder, its own or up to MAX_UP above, that has
 * some), and the local modules those and the calls given call (MAX_DEPTH deep); none of the files given, at most
 * MAX_FILES. They are read as the project's, never reported. Needs the HCL parser loaded (`readsHcl`).
 */
async function moduleContext(
  given: readonly { readonly fileName: string; readonly text: string }[],
): Promise<{ fileName: string; text: string }[]> {
  const taken = new Set(given.map((g) => g.fileName));
  const queue: { folder: string; depth: number }[] = [];
  for (const { fileName: absolute, text } of given) {
    if (!handsModuleInputs(absolute, text)) continue;
    const folder = dirname(absolute);
    if (/\.tf$/i.test(absolute)) queue.push(...calls(folder, absolute, text, 1));
    else {
      const module = await nearestModule(folder);
      if (module !== undefined) queue.push({ folder: module, depth: 0 });
    }
  }
  const out: { fileName: string; text: string }[] = [];
  const seen = new Set<string>();
  while (queue.length > 0 && out.length < MAX_FILES) {
    const { folder, depth } = queue.shift()!;
    if (seen.has(folder)) continue;
    seen.add(folder);
    for (const fileName of await terraformFiles(folder)) {
      if (taken.has(fileName) || out.length >= MAX_FILES) continue;
      const info = await stat(fileName).catch(() => undefined);
      if (!info?.isFile() || info.size > MAX_BYTES) continue;
      const text = await readFile(fileName, 'utf8');
      out.push({ fileName, text });
      if (depth < MAX_DEPTH) queue.push(...calls(folder, fileName, text, depth + 1));
    }
  }
  return out;
}

/** The nearest folder from `folder` up (MAX_UP) with `.tf` files. */
async function nearestModule(folder: string): Promise<string | undefined> {
  for (let at = folder, up = 0; up <= MAX_UP; up++, at = dirname(at)) {
    if ((await terraformFiles(at)).length > 0) return at;
    if (dirname(at) === at) break;
  }
  return undefined;
}

async function terraformFiles(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names
    .filter((n) => n.endsWith('.tf'))
    .sort()
    .map((n) => join(folder, n));
}

/** The folders a Terraform file's local module calls call, at `depth`. */
function calls(folder: string, fileName: string, text: string, depth: number): { folder: string; depth: number }[] {
  if (!text.includes('module')) return [];
  return localModuleCalls(folder, readTerraformFile(fileName, text)).map((called) => ({ folder: called, depth }));
}

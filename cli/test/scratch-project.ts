import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

/**
 * A scratch folder removed after the test file; the returned function writes files under a fresh
 * sub-folder of it and returns that sub-folder's path.
 */
export function scratchProjects(prefix: string): (name: string, files: Record<string, string | Buffer>) => string {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  return (name, files) => {
    const root = join(scratch, name);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    return root;
  };
}

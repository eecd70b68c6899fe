import type { Match } from './match-types.ts';
import { factsConcern, projectFacts } from './project-facts.ts';
import { scanFile, type ScanOptions } from './scan-text.ts';

/** One file of a project: its text and what `scanText` is told about it (file name, language). */
export interface ProjectFile extends Omit<ScanOptions, 'project' | 'index'> {
  readonly text: string;
}

/**
 * `scanText` over the files of one project (a folder the CLI scans, an editor's open files), with what
 * each file tells the others (`project-facts.ts`: request models sent by another file's functions).
 * Every file is scanned once; a file declaring a model the others name is scanned again with their
 * facts. The matches of each file, in the files' order.
 *
 * @example
 * scanProject([{ text: modelsPy, fileName: 'models/run.py' }, { text: runsPy, fileName: 'resources/runs.py' }]);
 */
export function scanProject(files: readonly ProjectFile[]): Match[][] {
  const first = files.map((f) => scanFile(f.text, f));
  const project = projectFacts(first.map((r) => r.facts));
  return files.map((f, k) =>
    factsConcern(project, f.text) ? scanFile(f.text, { ...f, project }).matches : (first[k]?.matches ?? []),
  );
}

import type { Match } from './match-types.ts';
import { apiNamedNear, factsConcern, namesApiCheaply, projectFacts } from './project-facts.ts';
import { dirOf, readingHclOnce } from './provider-references.ts';
import { scanProjectFile, type ScanOptions } from './scan-text.ts';

/** One file of a project: its text and what `scanText` is told about it (file name, language). */
export interface ProjectFile extends Omit<ScanOptions, 'project' | 'index' | 'apiElsewhere'> {
  readonly text: string;
}

/**
 * `scanText` over the files of one project (a folder the CLI scans, an editor's open files), with what
 * each file tells the others (`project-facts.ts`: request models sent by another file's functions).
 * Every file is scanned once; a file the project's facts concern (`factsConcern`: a model the others name,
 * a call of their helpers or operations) is read again with them, only its parts they change. The matches of each file, in the files' order.
 *
 * @example
 * scanProject([{ text: modelsPy, fileName: 'models/run.py' }, { text: runsPy, fileName: 'resources/runs.py' }]);
 */
export function scanProject(files: readonly ProjectFile[]): Match[][] {
  return readingHclOnce(() => scanFiles(files));
}

function scanFiles(files: readonly ProjectFile[]): Match[][] {
  // Whether the project (in Go, the file's package) names this API, read once before the scan (no second pass): a
  // file's paths on a base it does not show to be this API's are kept when it does (`ScanOptions.apiElsewhere`; false
  // said, so the scan does not read the names again).
  const near = nearApiNames(files);
  const first = files.map((f, k) => scanProjectFile(f.text, { ...f, apiElsewhere: near[k] === true }));
  const project = projectFacts(first.map((r) => r.facts));
  // The second pass redoes only what the facts change (`scanProjectFile`: most often the operation calls alone).
  return first.map((r, k) =>
    factsConcern(project, files[k]!.text, r.markers, files[k]!.fileName) ? r.again(project) : r.settled(project),
  );
}

/** For each file, whether a program near it names this API (`namesApiCheaply`, `apiNamedNear`'s rule). */
function nearApiNames(files: readonly ProjectFile[]): boolean[] {
  const folders = new Set<string>();
  for (const f of files) if (namesApiCheaply(f.text, f.fileName)) folders.add(dirOf(f.fileName ?? ''));
  return files.map((f) => apiNamedNear(folders, f.fileName));
}

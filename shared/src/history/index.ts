// Public surface of the history area.
export type { ChangeLevel, HistoryData } from './data-types.ts';
export type { HistoryEntry, HistorySubject } from './types.ts';
export type { PathSegment } from './path-trie.ts';
export { loadHistory } from './load-history.ts';
export { history } from './history.ts';
export { LEVELS, highestLevel, levelOfChange } from './change-level.ts';
export { subjectId } from './subject-id.ts';
export type { Match } from './match-types.ts';
export { scanFile, scanText } from './scan-text.ts';
export type { ScanOptions } from './scan-text.ts';
export { scanProject } from './project-scan.ts';
export { handsModuleInputs, readsHcl } from './provider-references.ts';
export { factsConcern, NO_FACTS, projectFacts, PROJECT_LIMITS } from './project-facts.ts';
export type { FileFacts, ProjectFacts } from './project-facts.ts';
export { languageOf, languageOfFile, languageOfShebang } from './language-profile.ts';
export { parseTarget, normalizeDate, releaseDate, compareReleases } from './target.ts';
export type { Target } from './target.ts';
export { judgeChange, newerThan, subjectVsTarget, isNewerThanTarget } from './newer-than.ts';
export { annotationFor } from './annotation-for.ts';
export type { Annotation } from './annotation-for.ts';
export { replacementEdit } from './replacement-edit.ts';
export { searchHistory } from './search-history.ts';
export { findSubjects } from './find-subjects.ts';
export { timeline } from './timeline.ts';
export { parseSince } from './since.ts';
export { changesSince, failsOn } from './changes-since.ts';
export type { ChangesReport, FileMatches } from './changes-since.ts';
export { changeAnnotations, changeMessage } from './changes-annotations.ts';
export type { ChangeAnnotation } from './changes-annotations.ts';
export { changesMarkdown, changesText, newChangesMarkdown } from './changes-text.ts';
export { baselineSubjects } from './baseline.ts';
export {
  EDITOR_PROJECT_LIMITS,
  isSkippedProjectFolder,
  listProjectFiles,
  looksBinary,
  nodeProjectFs,
  PROJECT_FILE_RULES,
  WorkspaceProjectFacts,
} from './project-files.ts';
export type { OpenProjectFile, ProjectFs, SavedProjectFile } from './project-files.ts';
export { MAX_LINE_LENGTH } from './long-lines.ts';

// Public surface of the history area.
export type {
  ChangeKind,
  ChangeLevel,
  Edition,
  EntryData,
  HistoryData,
  HttpMethod,
  SubjectData,
  SubjectType,
  ValueField,
} from './data-types.ts';
export type { HistoryEntry, HistoryIndex, HistorySubject, PathCandidate, SubjectChange } from './types.ts';
export type { PathSegment } from './path-trie.ts';
export { loadHistory } from './load-history.ts';
export { history } from './history.ts';
export { LEVELS, highestLevel, levelAtLeast, levelOfChange } from './change-level.ts';
export { subjectId } from './subject-id.ts';
export type { Confidence, Match, MatchVia, MethodToken } from './match-types.ts';
export { scanText } from './scan-text.ts';
export type { ScanOptions } from './scan-text.ts';
export { NEARBY } from './context.ts';
export { languageOfFile } from './language-profile.ts';
export { parseTarget, normalizeDate, releaseDate, compareReleases, describeTarget, targetEdition } from './target.ts';
export type { ParsedTarget, Target } from './target.ts';
export { judgeChange, newerThan, subjectVsTarget, isNewerThanTarget } from './newer-than.ts';
export type { Dated, NewerEntry, TargetConfidence, TargetVerdict } from './newer-than.ts';
export { annotationFor } from './annotation-for.ts';
export type { Annotation, AnnotationSeverity } from './annotation-for.ts';
export { replacementEdit } from './replacement-edit.ts';
export type { ReplacementEdit } from './replacement-edit.ts';
export { searchHistory } from './search-history.ts';
export type { SearchHit, SearchResults } from './search-history.ts';
export { findSubjects, historyOf } from './find-subjects.ts';
export { timeline } from './timeline.ts';
export type { TimelineOptions } from './timeline.ts';
export { parseSince } from './since.ts';
export type { ParsedSince } from './since.ts';
export { changesSince, failsOn } from './changes-since.ts';
export type { ChangeForUs, ChangesOptions, ChangesReport, FileMatches, UsePlace } from './changes-since.ts';
export { ANNOTATION_LEVEL, changeAnnotations, changeMessage } from './changes-annotations.ts';
export type { ChangeAnnotation } from './changes-annotations.ts';
export { changesMarkdown, changesText } from './changes-text.ts';
export { baselineSubjects } from './baseline.ts';
export type { ParsedBaseline } from './baseline.ts';

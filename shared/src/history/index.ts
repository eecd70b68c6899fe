// Public surface of the history area.
export type { ChangeKind, Edition, EntryData, HistoryData, HttpMethod, SubjectData, SubjectType, ValueField } from './data-types.ts';
export type { HistoryEntry, HistoryIndex, HistorySubject, PathCandidate, SubjectChange } from './types.ts';
export type { PathSegment } from './path-trie.ts';
export { loadHistory } from './load-history.ts';
export { history } from './history.ts';
export { subjectId } from './subject-id.ts';
export type { Confidence, Match, MatchVia, MethodToken } from './match-types.ts';
export { scanText } from './scan-text.ts';
export type { ScanOptions } from './scan-text.ts';
export { NEARBY } from './context.ts';
export { languageOfFile } from './language-profile.ts';

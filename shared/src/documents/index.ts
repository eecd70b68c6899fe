// Public surface of the documents area: parsing with exact source ranges, and what rules, the CLI,
// the action and the editor do with those ranges.
export type { DocumentFormat, NodeLocation, ParsedDocument, ParsedFile } from './types.ts';
export { parseDocuments } from './parse-documents.ts';
export { reparseDocuments } from './reparse-documents.ts';
export { attachRanges } from './attach-ranges.ts';
export { applySuppressions } from './suppressions/apply-suppressions.ts';
export { detectFormat } from './detect-format.ts';

// SARIF 2.1.0 output for every keyfob face that reports findings in files (lint, history scan/changes).
export { toSarif } from './to-sarif.ts';
export type { SarifFinding } from './to-sarif.ts';
export { fileFindings } from './file-findings.ts';

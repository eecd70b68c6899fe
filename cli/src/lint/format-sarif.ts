import { fileFindings, toSarif } from '@keyfob/shared/sarif';
import packageJson from '../../package.json' with { type: 'json' };
import type { FileReport } from './report.ts';

/** `keyfob lint --format sarif`: SARIF 2.1.0 for GitHub code scanning (see shared/src/sarif). */
export function formatSarif(reports: readonly FileReport[]): string {
  return `${JSON.stringify(toSarif(fileFindings(reports), { version: packageJson.version, command: 'keyfob lint' }), null, 2)}\n`;
}

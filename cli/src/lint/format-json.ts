import type { FileReport } from './report.ts';

/**
 * The stable JSON interface of `keyfob lint --format json` (ARCHITECTURE.md): 1-based lines and
 * columns, `document` the 0-based index in a multi-document file, `path` a JSON Pointer. A
 * Terraform file's entry lists its checked resources (`resources`, one per document, so a
 * problem's `document` names its resource).
 */
export function formatJson(reports: readonly FileReport[]): string {
  const files = reports.map((r) => ({
    file: r.file,
    documents: r.documents,
    ...(r.resources ? { resources: r.resources } : {}),
  }));
  const problems = reports.flatMap((r) =>
    r.problems.map((p) => ({
      file: r.file,
      document: p.document ?? 0,
      line: p.range?.startLine ?? 1,
      column: p.range?.startColumn ?? 1,
      endLine: p.range?.endLine ?? 1,
      endColumn: p.range?.endColumn ?? 1,
      severity: p.severity,
      code: p.code,
      message: p.message,
      path: p.path,
    })),
  );
  return JSON.stringify({ files, problems }, null, 2) + '\n';
}

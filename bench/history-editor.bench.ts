// The editor's API-history hot paths over a generated 50,000-line TypeScript file: one viewport
// update (the visible lines plus a 50-line margin, cap 200; the scan is cached per document
// version) beside the same notes computed for the whole file, which is what drawing without
// visible ranges costs; a hover look-up by offset (binary search) beside a linear filter; the
// deprecation diagnostics of the file; and the full scan, which runs once per document version.
// Median of interleaved runs in one process. `npm run bench -- history-editor`.
import { annotationFor, scanText } from '@keyfob/shared/history';
import type { Match } from '@keyfob/shared/history';
import { deprecationDiagnostics, lineAnnotations, matchesAt } from '@keyfob/shared/editor';
import { measure, ms, printTable } from './lib/measure.ts';

/** Sub-0.1 ms figures in microseconds, so they do not print as 0.00 ms. */
const time = (value: number): string => (value < 0.1 ? `${(value * 1000).toFixed(1)} µs` : ms(value));

const LINES = 50_000;
/** A typical editor height in lines. */
const VIEWPORT = 60;
const VIEWPORT_TARGET_MS = 1;

/** API uses every 25 lines, in four kinds by turn. */
const API_LINES: readonly ((i: number) => string)[] = [
  (i) => `  await fetch(\`\${base}/registry-modules/actions/delete/\${org}/mod${i}\`, { method: 'POST' });`,
  (i) => `  const vs${i} = { data: { type: 'varsets', attributes: { name: 'set${i}', priority: true } } };`,
  () => `  await fetch(\`\${base}/workspaces/\${ws}/relationships/tags\`, { method: 'DELETE' });`,
  (i) => `  const admin${i} = { 'terraform-build-worker-plan-timeout': '2h' };`,
];

/** Ordinary code (everyday keys such as `name`, `enabled`, `tags`, `priority`) with an API use every 25 lines. Same text every run. */
function generate(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const api = i % 25 === 12 ? API_LINES[Math.floor(i / 25) % API_LINES.length] : undefined;
    out.push(
      api ? api(i) : `  const ui${i} = { name: 'row-${i}', enabled: ${i % 2 === 0}, tags: [], priority: ${i % 5} };`,
    );
  }
  return out.join('\n');
}

const text = generate(LINES);
const matches = scanText(text, { languageId: 'typescript' });
const middle = Math.floor(LINES / 2);
const visible = [{ startLine: middle, endLine: middle + VIEWPORT - 1 }];
const hoverOffset = matches[Math.floor(matches.length / 2)]?.start ?? 0;
let drawn = 0;

const viewport = await measure(() => (drawn = lineAnnotations(matches, visible, { mode: 'important' }).length), {
  runs: 200,
  warmup: 20,
});
const wholeFile = await measure(() => matches.filter((m) => annotationFor(m).severity !== 'info').length, { runs: 30 });
const hover = await measure(() => matchesAt(matches, hoverOffset).length, { runs: 500, warmup: 50 });
const linearHover = await measure(
  () => matches.filter((m: Match) => m.start <= hoverOffset && m.end >= hoverOffset).length,
  { runs: 500, warmup: 50 },
);
const diagnostics = await measure(() => deprecationDiagnostics(matches).length, { runs: 30 });
const scan = await measure(() => scanText(text, { languageId: 'typescript' }).length, { runs: 15 });

console.log(`${LINES} lines, ${matches.length} matches; viewport ${VIEWPORT} lines + 50 margin draws ${drawn} notes`);
printTable([
  ['measure', 'median', 'min', 'baseline (same run)', 'baseline median'],
  [
    'viewport update (lineAnnotations)',
    time(viewport.median),
    time(viewport.min),
    'notes for the whole file',
    time(wholeFile.median),
  ],
  [
    'hover look-up (matchesAt)',
    time(hover.median),
    time(hover.min),
    'linear filter of all matches',
    time(linearHover.median),
  ],
  [
    'deprecation diagnostics, whole file',
    time(diagnostics.median),
    time(diagnostics.min),
    'full scan (once per version)',
    time(scan.median),
  ],
]);
console.log(
  `target: viewport update < ${VIEWPORT_TARGET_MS} ms ${viewport.median < VIEWPORT_TARGET_MS ? 'met' : 'MISSED'}`,
);

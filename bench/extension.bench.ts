// The extension's hot paths (issue 5): a document change to diagnostics ready for a 500-line role
// file (the lint the diagnostics provider runs, plus turning problems into ranges), and activation
// (loading the built desktop bundle with a stub `vscode` module and calling `activate`). Each beside a
// baseline from the same run: parsing the same text with `yaml` alone. Targets: < 30 ms, < 50 ms.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { lintText } from '@keyfob/shared/lint';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(repo, 'extension', 'dist', 'extension.js');
const coreBundle = join(repo, 'extension', 'dist', 'core.js');

/** A multi-document role file of about `lines` lines: roles of every type, some with mistakes. */
function roleFile(lines: number): string {
  const docs: string[] = [];
  for (let i = 0; docs.join('\n').split('\n').length < lines; i++) {
    const bad = i % 7 === 3;
    docs.push([
      `name: role-${i}`,
      'credential_type: assumed_role',
      'role_arns:',
      `  - arn:aws:iam::123456789012:role/deploy-${i}`,
      `  - arn:aws:iam::123456789012:role/ci-${i}`,
      `default_sts_ttl: ${bad ? '1d' : '1h'}`,
      'max_sts_ttl: 12h',
      'session_tags:',
      '  team: platform',
      bad ? 'polcy_arns: arn:aws:iam::aws:policy/ReadOnlyAccess' : `external_id: partner-${i}`,
    ].join('\n'));
  }
  return `${docs.join('\n---\n')}\n`;
}

interface Timing {
  median: number;
  min: number;
}

/**
 * Times `a` and `b` interleaved (a, b, a, b, ...) so load from other processes on this 2-core machine
 * falls on both alike; returns the median and minimum of each in milliseconds.
 */
function interleaved(a: () => void, b: () => void, runs: number): [Timing, Timing] {
  for (let i = 0; i < 3; i++) {
    a();
    b();
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [index, fn] of [a, b].entries()) {
      const started = performance.now();
      fn();
      times[index]?.push(performance.now() - started);
    }
  }
  const summary = (values: number[]): Timing => {
    values.sort((x, y) => x - y);
    return { median: values[Math.floor(values.length / 2)] ?? 0, min: values[0] ?? 0 };
  };
  return [summary(times[0]), summary(times[1])];
}

// The namespaces and classes of `vscode` the bundle touches while loading and activating.
const VSCODE_KEYS = [
  'languages', 'commands', 'workspace', 'window', 'Uri', 'Range', 'Position', 'Diagnostic', 'DiagnosticSeverity',
  'DiagnosticTag', 'CodeAction', 'CodeActionKind', 'CompletionItem', 'CompletionItemKind', 'SnippetString',
  'MarkdownString', 'Hover', 'DocumentSymbol', 'SymbolKind', 'ProgressLocation', 'RelativePattern', 'WorkspaceEdit',
];

/** A `vscode` stand-in: each namespace answers any property or call with a disposable-like stub. */
function stubVscode(): Record<string, unknown> {
  const handler: ProxyHandler<() => void> = {
    get: (_target, property) => (property === 'then' ? undefined : property === 'textDocuments' || property === 'workspaceFolders' ? [] : stub),
    apply: () => stub,
    construct: () => stub,
  };
  const stub: object = new Proxy(() => {}, handler);
  return Object.fromEntries(VSCODE_KEYS.map((key) => [key, stub]));
}

/** Loads the bundle fresh with `vscode` stubbed, calls activate; returns the milliseconds it took. */
function activateOnce(): number {
  const require = createRequire(import.meta.url);
  delete require.cache[bundle];
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  const vscode = stubVscode();
  loader._load = (request: string, ...rest: unknown[]) => (request === 'vscode' ? vscode : original(request, ...rest));
  try {
    const started = performance.now();
    const extension = require(bundle) as { activate: (context: unknown) => void };
    extension.activate({ subscriptions: [] });
    return performance.now() - started;
  } finally {
    loader._load = original;
  }
}

/** Loads dist/core.js fresh (what the first check of a document does after activation) and lints a small role. */
function firstUseOnce(): void {
  const require = createRequire(import.meta.url);
  delete require.cache[coreBundle];
  const core = require(coreBundle) as { lintText: typeof lintText };
  core.lintText('credential_type: session_token\n', { fileName: 'first.role.yaml' });
}

if (!existsSync(bundle)) spawnSync(process.execPath, [join(repo, 'extension', 'build.mjs')], { stdio: 'inherit' });
const text = roleFile(500);
const lineCount = text.split('\n').length - 1;
let problems = 0;
const lintChange = (): void => {
  const result = lintText(text, { fileName: 'bench.role.yaml' });
  problems = result.problems.length;
  // The provider turns each problem into a range (offsets to positions): include that work.
  for (const p of result.problems) void (p.range && result.file.lines.position(p.range.start));
};
const parseOnly = (): void => void parseAllDocuments(text);
const [change, baseline] = interleaved(lintChange, parseOnly, 50);
const [activation, activationBaseline] = interleaved(() => void activateOnce(), parseOnly, 20);
const [firstUse, firstUseBaseline] = interleaved(firstUseOnce, parseOnly, 20);

const rows: string[][] = [
  ['measure', 'median', 'min', 'baseline (yaml parse alone, median)'],
  [`change -> diagnostics, ${lineCount} lines, ${problems} problems`, ms(change.median), ms(change.min), ms(baseline.median)],
  ['activation (require dist/extension.js + activate)', ms(activation.median), ms(activation.min), ms(activationBaseline.median)],
  ['first document check (require dist/core.js + lint)', ms(firstUse.median), ms(firstUse.min), ms(firstUseBaseline.median)],
];
const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
console.log(`targets (median): change < 30 ms ${change.median < 30 ? 'met' : 'MISSED'}; activation < 50 ms ${activation.median < 50 ? 'met' : 'MISSED'}`);

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

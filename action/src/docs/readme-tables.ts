// Renders the inputs and outputs tables of action.yml as Markdown and writes them between the
// `<!-- action-inputs:start/end -->` markers of action/README.md and the root README.md.
// A test fails when either file is not current.  Run: npx tsx action/src/docs/readme-tables.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

interface ActionYml {
  readonly inputs: Record<string, { readonly description: string; readonly default?: string | number | boolean }>;
  readonly outputs: Record<string, { readonly description: string }>;
}

const ACTION_YML = new URL('../../action.yml', import.meta.url);
/** Files that carry the tables. */
export const README_FILES = [
  new URL('../../README.md', import.meta.url),
  new URL('../../../README.md', import.meta.url),
];
const START = '<!-- action-inputs:start (generated from action/action.yml by action/src/docs/readme-tables.ts) -->';
const END = '<!-- action-inputs:end -->';

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

/** The two tables, from action.yml as it is now. */
export function renderTables(): string {
  const yml = parse(readFileSync(ACTION_YML, 'utf8')) as ActionYml;
  const inputs = Object.entries(yml.inputs).map(
    ([name, i]) =>
      `| \`${name}\` | ${i.default === undefined ? '' : `\`${String(i.default)}\``} | ${cell(i.description)} |`,
  );
  const outputs = Object.entries(yml.outputs).map(([name, o]) => `| \`${name}\` | ${cell(o.description)} |`);
  return [
    START,
    '',
    '| Input | Default | What it does |',
    '|---|---|---|',
    ...inputs,
    '',
    '| Output | What it holds |',
    '|---|---|',
    ...outputs,
    '',
    END,
  ].join('\n');
}

/** `text` with the block between the markers replaced by the current tables. */
function withTables(text: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end === -1) throw new Error('the README has no action-inputs markers');
  return text.slice(0, start) + renderTables() + text.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of README_FILES) writeFileSync(file, withTables(readFileSync(file, 'utf8')));
  console.log('wrote the action tables into action/README.md and README.md');
}

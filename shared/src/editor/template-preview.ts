import { describeTemplate } from '../template/index.ts';
import type { LengthBound, TemplateDeps } from '../template/index.ts';

/** Clock and randomness for rendering an example username (injected: `shared/` reads no clock). */
export type TemplatePreviewDeps = TemplateDeps;

/**
 * Markdown for a `username_template` (seed 1: generated IAM names are capped at 64 characters, STS
 * names at 32, and a longer name is an HTTP 500): an example per type rendered with the example
 * caller `token-deploy` and role `deploy`, and the worst-case length against each cap.
 */
export function templatePreview(text: string, deps: TemplatePreviewDeps): string {
  const description = describeTemplate(text, deps);
  if (description.problems.length > 0) {
    return `Template does not parse: ${description.problems[0]?.message ?? ''}`;
  }
  const lines = ['**Username template** (example caller `token-deploy`, role `deploy`)', ''];
  for (const type of ['IAM', 'STS'] as const) {
    const example = description.examples[type];
    const limit = description.limits[type];
    const bound = description.analysis?.[type];
    const rendered = example.ok
      ? `\`${example.username}\` (${example.username.length} chars)`
      : `HTTP 500: ${example.message}`;
    lines.push(`- ${type}: ${rendered}; worst case ${worstCase(bound)} of ${limit} ${verdict(bound, limit)}`);
  }
  if (description.analysis && !description.analysis.branchesOnType) {
    lines.push('', 'No `if` on `.Type`: seed 1 wants the template to handle IAM and STS names separately.');
  }
  return lines.join('\n');
}

function worstCase(bound: LengthBound | undefined): string {
  if (!bound) return 'unknown';
  return bound.max === undefined ? 'unbounded' : String(bound.max);
}

function verdict(bound: LengthBound | undefined, limit: number): string {
  if (!bound) return '';
  if (bound.min > limit) return '— always too long';
  if (bound.max === undefined || bound.max > limit) return '— may exceed the cap (pipe it through `truncate`)';
  return '— fits';
}

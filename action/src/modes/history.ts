import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import {
  baselineSubjects,
  changeAnnotations,
  changesMarkdown,
  changesSince,
  failsOn,
  newChangesMarkdown,
  readsHcl,
  scanProject,
} from '@keyfob/shared/history';
import { loadHclParser } from '@keyfob/shared/hcl';
import type { ChangeAnnotation } from '@keyfob/shared/history';
import { annotateAs } from '../annotate.ts';
import { COMMENT_MARKERS, keepComment } from '../pr-comment.ts';
import type { Runner } from '../runner.ts';
import { readSourceFiles } from '../source-files.ts';
import { StepFailure, type Step } from '../step.ts';

/** Most annotations one step makes (GitHub shows few per step anyway); every change is in the summary and the output. */
const MAX_ANNOTATIONS = 50;
/** Largest baseline report read. */
const MAX_BASELINE_BYTES = 20 * 1024 * 1024;

/**
 * `history`: for the platform API subjects the code under `files` uses, every change since `since`
 * (a date or a self-hosted release), grouped by level. Writes the job summary, annotates the lines
 * that use changed subjects (titled with the change id), sets `changes` (the JSON report) and fails
 * the step on a new change at `fail-on` or above. With `baseline`, subjects the base branch used
 * already are reported but neither annotated nor failed on. On a pull request, one comment lists the
 * deprecated or breaking subjects the change starts to use (kept up to date; `comment: false` turns it off).
 */
export async function runHistory(step: Step): Promise<void> {
  const { config, runner } = step;
  const settings = config.history;
  if (!settings) throw new StepFailure('history mode needs the since input.');
  const baseline =
    settings.baseline === undefined ? undefined : await readBaseline(settings.baseline, config.workspace);
  const sources = await readSourceFiles(config.files, config.workspace);
  if (sources.some(({ absolute }) => readsHcl(absolute))) await loadHclParser(); // Terraform's provider uses
  const scanned = scanProject(sources.map(({ absolute, text }) => ({ text, fileName: absolute })));
  const files = sources.map(({ file }, k) => ({ file, matches: scanned[k] ?? [] }));
  const report = changesSince(files, settings.since, baseline === undefined ? {} : { baseline });
  annotate(runner, changeAnnotations(report, { onlyNew: true }));
  runner.setOutput('changes', JSON.stringify(report));
  const { breaking, deprecation, info } = report.counts;
  const verdict = `${sources.length} file${sources.length === 1 ? '' : 's'} scanned, ${report.subjectsUsed.length} API subject${report.subjectsUsed.length === 1 ? '' : 's'} used; since ${report.since}: ${breaking} breaking, ${deprecation} deprecation${deprecation === 1 ? '' : 's'}, ${info} other.`;
  runner.info(verdict);
  if (config.summary) await runner.appendSummary(`${changesMarkdown(report)}\n`);
  // On a pull request: one comment, kept up to date, with the deprecated subjects the change starts to use.
  const fresh = newChangesMarkdown(report);
  const note = await keepComment(step, {
    marker: COMMENT_MARKERS.history,
    markdown: fresh.markdown,
    create: fresh.count > 0,
  });
  if (note !== undefined && config.summary) await runner.appendSummary(note);
  if (settings.failOn !== undefined && failsOn(report, settings.failOn)) {
    const what = settings.failOn === 'breaking' ? 'breaking changes' : 'deprecated or breaking changes';
    throw new StepFailure(
      `The code uses API subjects with ${what} since ${report.since}${baseline === undefined ? '' : ' that the baseline did not use'}: ${verdict} See the annotations and the job summary.`,
    );
  }
}

function annotate(runner: Runner, annotations: readonly ChangeAnnotation[]): void {
  for (const a of annotations.slice(0, MAX_ANNOTATIONS)) {
    const where = {
      file: a.file,
      startLine: a.line,
      startColumn: a.column,
      endLine: a.endLine,
      endColumn: a.endColumn,
      title: a.title,
    };
    annotateAs(runner, a.severity, a.message, where);
  }
  if (annotations.length > MAX_ANNOTATIONS)
    runner.info(
      `${annotations.length - MAX_ANNOTATIONS} more places are in the job summary and the \`changes\` output.`,
    );
}

async function readBaseline(path: string, workspace: string): Promise<ReadonlySet<string>> {
  const absolute = isAbsolute(path) ? path : join(workspace, path);
  const text = await readFile(absolute, 'utf8').catch(() => undefined);
  if (text === undefined)
    throw new StepFailure(
      `Could not read the baseline "${path}" (relative to ${workspace}). Hint: write it first with \`keyfob history changes --format json\` on the base branch.`,
    );
  if (text.length > MAX_BASELINE_BYTES)
    throw new StepFailure(
      `The baseline "${path}" is larger than 20 MB. Hint: give the JSON report of \`keyfob history changes\`.`,
    );
  const parsed = baselineSubjects(text);
  if (!parsed.ok) throw new StepFailure(`The baseline "${path}": ${parsed.message}.`);
  return parsed.subjects;
}

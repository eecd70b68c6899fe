import { spawn } from 'node:child_process';
import {
  diffAccess,
  gitRunner,
  diffFindings,
  failingChanges,
  isAccessModelFileName,
  readAccessModel,
  createAccessReadCache,
  readRevisionFiles,
  renderDiffMarkdown,
  type AccessDiff,
  type AccessFileText,
  type AccessModel,
} from '@keyfob/shared/access';
import { loadHclParser } from '@keyfob/shared/hcl';
import type { AccessDiffSettings } from '../action-config.ts';
import type { PullRequestRef } from '../github-api.ts';
import { COMMENT_MARKERS, keepComment } from '../pr-comment.ts';
import { isInSkippedFolder, readRoleFiles } from '../role-files.ts';
import type { Runner } from '../runner.ts';
import { StepFailure, type Step } from '../step.ts';

/** Most annotations one step makes; every change is in the summary, the comment and the `access-diff` output. */
const MAX_ANNOTATIONS = 50;

/**
 * `access-diff`: what the pull request changes in who can get what. The base is the pull request's
 * base commit from the event (read from git, no checkout), the head the workspace. Writes the diff
 * to the job summary and the `access-diff` output, annotates the lines that grant new access, keeps
 * one comment on the pull request up to date, and fails per `fail-on`.
 */
export async function runAccessDiff(step: Step): Promise<void> {
  const { config, runner } = step;
  const settings = config.accessDiff;
  if (!settings) throw new StepFailure('access-diff mode has invalid inputs.');
  // Both sides share one cache: a file unchanged by the pull request is read once.
  const reading = { ...settings, cache: createAccessReadCache() };
  const github = await loadGithub(step);
  const pr = github.pullRequest;
  if (!pr)
    throw new StepFailure(
      `access-diff compares a pull request with its base commit, but the ${github.eventName || 'run'} event names no pull request. Hint: run it on: pull_request (see examples/workflows/access-review.yml).`,
    );
  await loadHclParser(); // ACL policies are HCL
  const [before, after] = await Promise.all([
    baseFiles(step, pr).then((files) => modelOf(files, reading, `the base ${pr.baseSha.slice(0, 12)}`)),
    headFiles(step).then((files) => modelOf(files, reading, 'the pull request')),
  ]);
  const diff = diffAccess(before, after);
  annotate(runner, diff);
  runner.setOutput('access-diff', JSON.stringify({ base: pr.baseSha, head: pr.headSha, ...diff }));
  const failing = failingChanges(diff, settings.failOn);
  const gained = diff.changes.filter((c) => c.change === 'gained').length;
  const verdict = `${diff.changes.length} access change${diff.changes.length === 1 ? '' : 's'} since the base ${pr.baseSha.slice(0, 12)}: ${gained} gained, ${diff.changes.length - gained} removed or narrowed.`;
  runner.info(verdict);
  const markdown = report(diff, pr, failing.length, settings);
  if (config.summary) await runner.appendSummary(`${markdown}\n`);
  const note = await keepComment(step, {
    marker: COMMENT_MARKERS['access-diff'],
    markdown: `${markdown}\n<sub>${pr.headSha.slice(0, 12)} compared with the base${runLink(runner.env, pr)}; updated on each push.</sub>\n`,
    create: diff.changes.length > 0,
  });
  if (note !== undefined && config.summary) await runner.appendSummary(note);
  if (failing.length > 0)
    throw new StepFailure(
      `The pull request changes access in ways fail-on ${settings.failOn.join(',')} names: ${failing.length} change${failing.length === 1 ? '' : 's'}. ${verdict} See the annotations and the job summary.`,
    );
}

async function loadGithub(step: Step) {
  try {
    return (await step.deps.loadGithub())();
  } catch (error) {
    throw new StepFailure(
      `Could not read the workflow event (GITHUB_EVENT_PATH): ${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'}.`,
    );
  }
}

/** The base commit's files, from git; a shallow checkout without it fetches that one commit from origin first. */
async function baseFiles(step: Step, pr: PullRequestRef): Promise<AccessFileText[]> {
  const git = gitRunner(spawn, step.config.workspace);
  // The same files as the workspace walk reads: no dependencies or build output.
  const select = (file: string): boolean => isAccessModelFileName(file) && !isInSkippedFolder(file);
  const read = () => readRevisionFiles(git, pr.baseSha, step.config.files, select);
  let files = await read();
  if (!files.ok) {
    step.runner.info(`The base commit ${pr.baseSha} is not in the checkout; fetching it from origin.`);
    await git(['fetch', '--no-tags', '--depth=1', 'origin', pr.baseSha]).catch(() => undefined);
    files = await read();
  }
  if (!files.ok)
    throw new StepFailure(
      `The pull request's base commit ${pr.baseSha} is not in the repository at ${step.config.workspace}, and fetching it from origin failed. Hint: check out with actions/checkout and fetch-depth: 0, or let the job fetch (permissions: contents: read).`,
    );
  return files.files;
}

async function headFiles(step: Step): Promise<AccessFileText[]> {
  return (await readRoleFiles(step.config.files, step.config.workspace)).filter((f) => isAccessModelFileName(f.file));
}

function modelOf(
  files: readonly AccessFileText[],
  settings: Parameters<typeof readAccessModel>[1],
  side: string,
): AccessModel {
  const { model, errors } = readAccessModel(files, settings);
  if (errors.length === 0) return model;
  const listed = errors
    .slice(0, 5)
    .map((e) => `${e.file}: ${e.message}`)
    .join('; ');
  throw new StepFailure(
    `The files of ${side} have errors, so nothing was compared: ${listed}${errors.length > 5 ? ` (and ${errors.length - 5} more)` : ''}. Hint: run mode lint on them.`,
  );
}

/** One warning per gained access, at the line that grants it, titled with its code. */
function annotate(runner: Runner, diff: AccessDiff): void {
  const findings = diffFindings(diff);
  for (const f of findings.slice(0, MAX_ANNOTATIONS))
    runner.warning(f.message, {
      file: f.file,
      ...(f.range ? { startLine: f.range.startLine, endLine: f.range.endLine } : {}),
      title: f.code,
    });
  if (findings.length > MAX_ANNOTATIONS)
    runner.info(
      `${findings.length - MAX_ANNOTATIONS} more gained access lines are in the job summary and the \`access-diff\` output.`,
    );
}

/** The Markdown of the summary and the comment: the diff and the verdict of fail-on. */
function report(diff: AccessDiff, pr: PullRequestRef, failing: number, settings: AccessDiffSettings): string {
  const verdict =
    settings.failOn.length === 0
      ? ''
      : failing > 0
        ? `\n**${failing} change${failing === 1 ? '' : 's'} that \`fail-on: ${settings.failOn.join(',')}\` names: the check fails.**\n`
        : `\nNothing that \`fail-on: ${settings.failOn.join(',')}\` names.\n`;
  return `${renderDiffMarkdown(diff, pr.baseSha.slice(0, 12), '### keyfob: access changes')}${verdict}`;
}

/** ` in [run N](…/actions/runs/N)` when the runner names a run, for the comment's footer. */
function runLink(env: Runner['env'], pr: PullRequestRef): string {
  const id = env.GITHUB_RUN_ID ?? '';
  const server = env.GITHUB_SERVER_URL ?? '';
  if (!/^\d{1,20}$/.test(id) || !/^https?:\/\/[^\s()<>]{1,200}$/.test(server)) return '';
  return ` in [run ${id}](${server}/${pr.owner}/${pr.repo}/actions/runs/${id})`;
}

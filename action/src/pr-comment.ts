import { httpStatusOf, type IssueComment } from './github-api.ts';
import type { Step } from './step.ts';

/** The hidden first line of each mode's comment: how the next run finds the comment to edit. */
export const COMMENT_MARKERS = {
  'access-diff': '<!-- keyfob:access-diff -->',
  history: '<!-- keyfob:history -->',
} as const;

/** GitHub refuses comment bodies longer than this (characters). */
const MAX_BODY = 65_536;
/** Most comments read to find ours (a pull request with more is unusual; the search stops there). */
const MAX_COMMENTS = 3_000;

/** What to write: the mode's marker, the Markdown, and whether it is worth a new comment (not only an edit). */
export interface CommentRequest {
  readonly marker: string;
  readonly markdown: string;
  /** False when there is nothing to report: an existing comment is still brought up to date, none is created. */
  readonly create: boolean;
}

/**
 * Keeps the one comment of a mode on the pull request up to date: finds it by its hidden marker
 * (the first line of a comment's body), edits it when its text changed, creates it once when there
 * is something to say. Nothing happens outside a pull request or with `comment: false`. A comment
 * that cannot be written never fails the step: a 403 (a fork's read-only token, a job without
 * `pull-requests: write`) and any other answer come back as a note for the job summary.
 *
 * @returns a note for the job summary when the comment could not be written, else undefined
 */
export async function keepComment(step: Step, request: CommentRequest): Promise<string | undefined> {
  const { config, runner } = step;
  if (!config.comment.enabled) return undefined;
  const github = (await step.deps.loadGithub())();
  const pr = github.pullRequest;
  if (!pr) {
    runner.debug(`No pull request in the ${github.eventName || 'run'} event: no comment.`);
    return undefined;
  }
  if (config.comment.token === '')
    return degrade(step, 'no `github-token` was given (its default is the job token, `${{ github.token }}`)');
  const api = github.comments(pr, config.comment.token);
  const body = fit(`${request.marker}\n${request.markdown}`);
  try {
    const existing = (await api.list(MAX_COMMENTS)).find((c) => c.body.startsWith(request.marker));
    if (existing) return await edit(step, existing, body, (id, text) => api.update(id, text));
    if (!request.create) return undefined;
    const created = await api.create(body);
    runner.info(`Commented on pull request #${pr.number}: ${created.url}`);
    return undefined;
  } catch (error) {
    const status = httpStatusOf(error);
    if (status === 403)
      return degrade(
        step,
        "GitHub answered 403: the job's token may not write to the pull request (a pull request from a fork gets a read-only token; elsewhere give the job `permissions: pull-requests: write`)",
      );
    const message = error instanceof Error ? error.message : String(error);
    return degrade(
      step,
      `GitHub's API answered ${status === undefined ? 'nothing' : status}: ${message.replace(/\s+/g, ' ').slice(0, 200)}`,
      'warning',
    );
  }
}

async function edit(
  step: Step,
  existing: IssueComment,
  body: string,
  update: (id: number, text: string) => Promise<IssueComment>,
): Promise<undefined> {
  if (existing.body === body) {
    step.runner.info(`The pull request comment is up to date: ${existing.url}`);
    return undefined;
  }
  const updated = await update(existing.id, body);
  step.runner.info(`Updated the pull request comment: ${updated.url}`);
  return undefined;
}

/** Logs why the comment was not written (a notice, or a warning for the unexpected) and returns the summary's note. */
function degrade(step: Step, why: string, level: 'notice' | 'warning' = 'notice'): string {
  const text = `The pull request comment was not written: ${why}. The report is in the job summary.`;
  step.runner[level](text, { title: 'keyfob: pull request comment' });
  return `> [!NOTE]\n> ${text.replace(/\r?\n/g, ' ')}\n`;
}

/** The body cut at a line within GitHub's limit, saying so. */
function fit(body: string): string {
  if (body.length <= MAX_BODY) return body;
  const tail = '\n\n… cut here: GitHub takes at most 65,536 characters. The whole report is in the job summary.\n';
  const cut = body.lastIndexOf('\n', MAX_BODY - tail.length);
  return `${body.slice(0, cut)}${tail}`;
}

// GitHub's side of the pull-request modes, bundled apart as dist/github.cjs: the event through
// @actions/github's context, issue comments through its Octokit (GITHUB_API_URL, the runner's proxy).
import { context, getOctokit } from '@actions/github';
import type { CommentsApi, GithubApi, IssueComment, PullRequestRef } from './github-api.ts';

/** Longest wait for one API request: the comment must never hold the step. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A commit id as git prints it (SHA-1 or SHA-256). */
const COMMIT = /^([0-9a-f]{40}|[0-9a-f]{64})$/;
/** An owner or repository name as GitHub allows them. */
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** The event and the REST API of the run this process is in. */
export function githubApi(): GithubApi {
  return {
    eventName: context.eventName ?? '',
    pullRequest: pullRequestOf(context.payload, process.env.GITHUB_REPOSITORY ?? ''),
    comments: commentsOf,
  };
}

/** The pull request of a `pull_request` or `pull_request_target` payload, its fields checked. */
function pullRequestOf(payload: typeof context.payload, repository: string): PullRequestRef | undefined {
  const pr = payload.pull_request as
    { number?: unknown; base?: { sha?: unknown; ref?: unknown }; head?: { sha?: unknown } } | undefined;
  const [owner = '', repo = ''] = repository.split('/');
  const number = pr?.number;
  const baseSha = pr?.base?.sha;
  const headSha = pr?.head?.sha;
  const baseRef = pr?.base?.ref;
  if (
    typeof number !== 'number' ||
    !Number.isSafeInteger(number) ||
    number < 1 ||
    typeof baseSha !== 'string' ||
    !COMMIT.test(baseSha) ||
    typeof headSha !== 'string' ||
    !COMMIT.test(headSha) ||
    !NAME.test(owner) ||
    !NAME.test(repo)
  )
    return undefined;
  return {
    owner,
    repo,
    number,
    baseSha,
    headSha,
    baseRef: typeof baseRef === 'string' ? baseRef.slice(0, 256) : '',
  };
}

function commentsOf(pr: PullRequestRef, token: string): CommentsApi {
  const octokit = getOctokit(token);
  // One bound per request (Octokit has none of its own).
  octokit.hook.before('request', (options) => {
    options.request = { ...options.request, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
  });
  const where = { owner: pr.owner, repo: pr.repo };
  const shape = (c: { id: number; body?: string | undefined; html_url: string }): IssueComment => ({
    id: c.id,
    body: c.body ?? '',
    url: c.html_url,
  });
  return {
    list: async (max) => {
      const found: IssueComment[] = [];
      for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
        ...where,
        issue_number: pr.number,
        per_page: 100,
      })) {
        found.push(...page.data.map(shape));
        if (found.length >= max) break;
      }
      return found.slice(0, max);
    },
    create: async (body) =>
      shape((await octokit.rest.issues.createComment({ ...where, issue_number: pr.number, body })).data),
    update: async (id, body) =>
      shape((await octokit.rest.issues.updateComment({ ...where, comment_id: id, body })).data),
  };
}

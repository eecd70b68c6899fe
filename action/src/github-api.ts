/** The pull request a run is for, as the event names it. */
export interface PullRequestRef {
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
  /** The base branch's commit the pull request is compared with (`pull_request.base.sha`). */
  readonly baseSha: string;
  readonly baseRef: string;
  readonly headSha: string;
}

/** An issue comment as GitHub's REST API answers it (the fields used here). */
export interface IssueComment {
  readonly id: number;
  readonly body: string;
  readonly url: string;
}

/** The issue comments of one pull request, through the REST API with one token. */
export interface CommentsApi {
  /** Every comment, oldest first, following the `Link` header's pages, at most `max`. */
  list(max: number): Promise<IssueComment[]>;
  create(body: string): Promise<IssueComment>;
  update(id: number, body: string): Promise<IssueComment>;
}

/**
 * What the action takes from GitHub besides the runner: the event (through `@actions/github`'s
 * context) and the REST API (its Octokit). `github.ts` backs it; it is a separate bundle
 * (dist/github.cjs), loaded only by the modes that use it.
 */
export interface GithubApi {
  /** `GITHUB_EVENT_NAME` (`pull_request`, `push`, ...), empty outside a workflow run. */
  readonly eventName: string;
  /** The event's pull request; undefined when the run is not for one. */
  readonly pullRequest: PullRequestRef | undefined;
  /** The comments of `pr` with `token` (`GITHUB_API_URL`, the runner's proxy settings). */
  comments(pr: PullRequestRef, token: string): CommentsApi;
}

/** An error answer of GitHub's API: its HTTP status (0 for no answer). */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

// A local stand-in for GitHub's REST API, the part for issue comments (every pull request is an
// issue), answering as GitHub documents it (docs.github.com/rest/issues/comments): list with `per_page`
// (default 30, at most 100), `page` and a `Link` header (first, prev, next, last); create (201 with a
// `Location`), update (200); 401 without a known token, 403 "Resource not accessible by integration"
// for a read-only token (a fork's pull request), 404 for an unknown issue or comment, 422 without a
// body. The action's GITHUB_API_URL points at it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A comment as GitHub's API answers it. */
interface ApiComment {
  readonly id: number;
  readonly node_id: string;
  readonly url: string;
  readonly html_url: string;
  readonly issue_url: string;
  readonly body: string;
  readonly user: { readonly login: string; readonly id: number; readonly type: 'Bot' | 'User' };
  readonly created_at: string;
  readonly updated_at: string;
  readonly author_association: string;
}

/** One request the server saw. */
interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly status: number;
}

/** A running server. */
export interface GithubApiServer {
  /** GITHUB_API_URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly requests: readonly SeenRequest[];
  /** The comments of an issue, oldest first. */
  comments(issue: number): readonly ApiComment[];
  /** Adds a comment as a person would (before the action runs). */
  seed(issue: number, body: string, login?: string): void;
  stop(): Promise<void>;
}

/** Options: the repository, its issues (pull requests), and the tokens with what they may do. */
export interface GithubApiOptions {
  readonly repository: string;
  readonly issues: readonly number[];
  readonly tokens: Readonly<Record<string, 'write' | 'read'>>;
}

const DOCS = 'https://docs.github.com/rest/issues/comments';
/** The login GitHub shows for comments made with a job's GITHUB_TOKEN. */
const ACTIONS_BOT = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' as const };

/**
 * Starts the server on 127.0.0.1, port 0.
 *
 * @example const github = await startGithubApi({ repository: 'octo/app', issues: [7], tokens: { t: 'write' } });
 */
export async function startGithubApi(options: GithubApiOptions): Promise<GithubApiServer> {
  const store = new Map<number, ApiComment[]>(options.issues.map((n) => [n, []]));
  const requests: SeenRequest[] = [];
  let nextId = 1_000_001;
  let clock = Date.parse('2026-11-28T12:00:00Z');
  let base = '';
  const [owner, repo] = options.repository.split('/');

  const make = (issue: number, body: string, user: ApiComment['user']): ApiComment => {
    const id = nextId++;
    const at = new Date((clock += 1000)).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return {
      id,
      node_id: `IC_kwDO${id.toString(36)}`,
      url: `${base}/repos/${owner}/${repo}/issues/comments/${id}`,
      html_url: `https://github.com/${owner}/${repo}/pull/${issue}#issuecomment-${id}`,
      issue_url: `${base}/repos/${owner}/${repo}/issues/${issue}`,
      body,
      user,
      created_at: at,
      updated_at: at,
      author_association: user.type === 'Bot' ? 'NONE' : 'MEMBER',
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', base);
    const query = Object.fromEntries(url.searchParams);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      requests.push({ method: req.method ?? '', path: url.pathname, query, status });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, message: string, doc: string): void =>
      send(status, { message, documentation_url: `${DOCS}#${doc}`, status: String(status) });
    const text = await readBody(req);
    const auth = /^(?:token|Bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (auth === undefined) return error(401, 'Requires authentication', 'list-issue-comments');
    const access = options.tokens[auth];
    if (access === undefined) return error(401, 'Bad credentials', 'list-issue-comments');
    const prefix = `/repos/${owner}/${repo}/issues/`;
    if (!url.pathname.startsWith(prefix)) return error(404, 'Not Found', 'list-issue-comments');
    const rest = url.pathname.slice(prefix.length);
    const list = /^(\d+)\/comments$/.exec(rest);
    const one = /^comments\/(\d+)$/.exec(rest);
    if (list && req.method === 'GET') {
      const comments = store.get(Number(list[1]));
      if (!comments) return error(404, 'Not Found', 'list-issue-comments');
      const perPage = Math.min(Math.max(Number(query.per_page ?? 30) || 30, 1), 100);
      const page = Math.max(Number(query.page ?? 1) || 1, 1);
      const last = Math.max(Math.ceil(comments.length / perPage), 1);
      const link = pageLinks(`${base}${url.pathname}`, perPage, page, last);
      return send(200, comments.slice((page - 1) * perPage, page * perPage), link ? { link } : {});
    }
    if (list && req.method === 'POST') {
      const comments = store.get(Number(list[1]));
      if (!comments) return error(404, 'Not Found', 'create-an-issue-comment');
      if (access === 'read') return error(403, 'Resource not accessible by integration', 'create-an-issue-comment');
      const body = bodyOf(text);
      if (body === undefined)
        return error(422, 'Invalid request.\n\n"body" wasn\'t supplied.', 'create-an-issue-comment');
      const comment = make(Number(list[1]), body, ACTIONS_BOT);
      comments.push(comment);
      return send(201, comment, { location: comment.url });
    }
    if (one && req.method === 'PATCH') {
      const comments = [...store.values()].find((list) => list.some((c) => c.id === Number(one[1])));
      const index = comments?.findIndex((c) => c.id === Number(one[1])) ?? -1;
      const found = comments?.[index];
      if (!comments || !found) return error(404, 'Not Found', 'update-an-issue-comment');
      if (access === 'read') return error(403, 'Resource not accessible by integration', 'update-an-issue-comment');
      const body = bodyOf(text);
      if (body === undefined)
        return error(422, 'Invalid request.\n\n"body" wasn\'t supplied.', 'update-an-issue-comment');
      const updated = { ...found, body, updated_at: new Date((clock += 1000)).toISOString().replace(/\.\d{3}Z$/, 'Z') };
      comments[index] = updated;
      return send(200, updated);
    }
    return error(404, 'Not Found', 'list-issue-comments');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    comments: (issue) => store.get(issue) ?? [],
    seed: (issue, body, login = 'octocat') =>
      store.get(issue)?.push(make(issue, body, { login, id: 583231, type: 'User' })),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** GitHub's `Link` header: first and prev from page 2 on, next and last before the last page. */
function pageLinks(path: string, perPage: number, page: number, last: number): string | undefined {
  const at = (n: number, rel: string) => `<${path}?per_page=${perPage}&page=${n}>; rel="${rel}"`;
  const links = [
    ...(page > 1 ? [at(page - 1, 'prev')] : []),
    ...(page < last ? [at(page + 1, 'next'), at(last, 'last')] : []),
    ...(page > 1 ? [at(1, 'first')] : []),
  ];
  return links.length > 0 ? links.join(', ') : undefined;
}

function bodyOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { body?: unknown };
    return typeof parsed.body === 'string' ? parsed.body : undefined;
  } catch {
    return undefined;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

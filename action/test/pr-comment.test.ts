// keepComment with a GitHub stand-in: which comment it edits, when it creates one, how it cuts a body
// past GitHub's limit, and that no answer of the API fails the step. (The e2e test drives the same
// code through @actions/github against a local REST server: test/e2e/action/access-diff.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ActionConfig } from '../src/action-config.ts';
import type { GithubApi, IssueComment, PullRequestRef } from '../src/github-api.ts';
import { SecretBook } from '../src/mask.ts';
import { COMMENT_MARKERS, keepComment } from '../src/pr-comment.ts';
import type { Step } from '../src/step.ts';
import { fakeEngine, testDeps } from './fake-engine.ts';
import { FakeRunner } from './fake-runner.ts';

const MARKER = COMMENT_MARKERS['access-diff'];
const PR: PullRequestRef = {
  owner: 'octo',
  repo: 'app',
  number: 3,
  baseSha: 'a'.repeat(40),
  baseRef: 'main',
  headSha: 'b'.repeat(40),
};

/** A pull request's comments in memory; `fail` makes every call throw an Octokit-like error. */
function github(
  comments: IssueComment[],
  fail?: { status: number; message: string },
): { api: GithubApi; writes: string[] } {
  const writes: string[] = [];
  const check = () => {
    if (fail) throw Object.assign(new Error(fail.message), { status: fail.status });
  };
  const api: GithubApi = {
    eventName: 'pull_request',
    pullRequest: PR,
    comments: () => ({
      list: (max) => {
        check();
        return Promise.resolve(comments.slice(0, max));
      },
      create: (body) => {
        check();
        writes.push(`create ${body.length}`);
        const c = { id: comments.length + 1, body, url: `u${comments.length + 1}` };
        comments.push(c);
        return Promise.resolve(c);
      },
      update: (id, body) => {
        check();
        writes.push(`update ${id}`);
        const c = { id, body, url: `u${id}` };
        comments[comments.findIndex((x) => x.id === id)] = c;
        return Promise.resolve(c);
      },
    }),
  };
  return { api, writes };
}

function stepWith(api: GithubApi, runner = new FakeRunner()): Step {
  const config = { comment: { enabled: true, token: 'ghs_unit' } } as unknown as ActionConfig;
  const deps = { ...testDeps(fakeEngine({}).fetch, runner), loadGithub: () => Promise.resolve(() => api) };
  return { config, runner, secrets: new SecretBook(runner), deps, startedAt: 0 };
}

describe('keepComment', () => {
  it('edits the comment whose first line is the marker, not one that quotes it', async () => {
    const comments = [
      { id: 1, body: `> ${MARKER}\nquoted`, url: 'u1' },
      { id: 2, body: `${MARKER}\nold`, url: 'u2' },
    ];
    const { api, writes } = github(comments);
    assert.equal(await keepComment(stepWith(api), { marker: MARKER, markdown: 'new', create: true }), undefined);
    assert.deepEqual(writes, ['update 2']);
    assert.equal(comments[1]?.body, `${MARKER}\nnew`);
  });

  it('creates none when there is nothing to report and none exists', async () => {
    const { api, writes } = github([]);
    await keepComment(stepWith(api), { marker: MARKER, markdown: 'No access changes.', create: false });
    assert.deepEqual(writes, []);
  });

  it("cuts a body past GitHub's 65,536 characters at a line, saying so", async () => {
    const comments: IssueComment[] = [];
    const { api } = github(comments);
    const rows = Array.from({ length: 2000 }, (_, i) => `| row ${i} | ${'x'.repeat(40)} |`).join('\n');
    await keepComment(stepWith(api), { marker: MARKER, markdown: rows, create: true });
    const body = comments[0]?.body ?? '';
    assert.ok(body.length <= 65_536, `${body.length}`);
    assert.ok(body.startsWith(`${MARKER}\n`));
    assert.match(body, /\| x+ \|\n\n… cut here: GitHub takes at most 65,536 characters/);
  });

  it('an API failure other than 403 is a warning and a note, never a failure', async () => {
    const runner = new FakeRunner();
    const { api } = github([], { status: 502, message: 'Bad Gateway\n::error::injected' });
    const note = await keepComment(stepWith(api, runner), { marker: MARKER, markdown: 'x', create: true });
    assert.match(
      note ?? '',
      /^> \[!NOTE\]\n> The pull request comment was not written: GitHub's API answered 502: Bad Gateway ::error::injected/,
    );
    const warning = runner.events.find((e) => e.kind === 'warning');
    assert.equal(warning?.where?.title, 'keyfob: pull request comment');
    assert.ok(!(warning?.text ?? '').includes('\n'), 'one line');
    assert.ok(!runner.events.some((e) => e.kind === 'failed'));
  });
});

// A variable a request call sends with its method (shared/src/history/collect-hits.ts `sentVariable`): the literal last
// assigned to it within 15 lines before counts as sent, its method the call's (go-tfe: `u := "github-app/installations"`
// then `s.client.NewRequest("GET", u, options)`). The reader keeps each line's answer per name; these tests check the
// answers (calls sharing a line included), and the time of a long line of calls is history.bench's long-lines case.
// Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (body: readonly string[]): string[] =>
  scanText(
    [
      'package tfe',
      '',
      'func (s *gHAInstallations) List(ctx context.Context, options *GHAInstallationListOptions) error {',
      ...body,
      '\treturn err',
      '}',
    ].join('\n'),
    { fileName: 'go-tfe/github_app.go' },
  )
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const ASSIGNED = '\tu := "github-app/installations"';
const GET = '4 endpoint GET /github-app/installations';

describe('a variable a request call sends', () => {
  it("the literal assigned to it is the call's path, with the call's method; with no call, or another method, none", () => {
    assert.deepEqual(endpoints([ASSIGNED, '\treq, err := s.client.NewRequest("GET", u, options)']), [GET]);
    // The history has no POST on that path, and a path alone does not decide a method.
    assert.deepEqual(endpoints([ASSIGNED, '\treq, err := s.client.NewRequest("POST", u, options)']), []);
    assert.deepEqual(endpoints([ASSIGNED]), []);
  });

  it('an assignment 15 lines above the call is read, one 16 lines above is not', () => {
    const call = '\treq, err := s.client.NewRequest("GET", u, options)';
    assert.deepEqual(endpoints([ASSIGNED, ...Array<string>(14).fill('\t// …'), call]), [GET]);
    assert.deepEqual(endpoints([ASSIGNED, ...Array<string>(15).fill('\t// …'), call]), []);
  });

  it('calls on one line, each of its own variable or of one they share, each read with its own assignment', () => {
    assert.deepEqual(
      endpoints([
        `${ASSIGNED}; v := "team-projects"`,
        '\treq, err := s.client.NewRequest("GET", u, options); req, err = s.client.NewRequest("POST", v, options); req, err = s.client.NewRequest("GET", u, options)',
      ]),
      [GET, '4 endpoint POST /team-projects'],
    );
  });
});

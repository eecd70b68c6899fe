// A Go package holding two services' clients: a go-tfe program's package keeps paths on an unknown base (the Go package
// rule, unrooted-paths.test), but a type whose own declaration names another API's base URL (its doc comment:
// `https://sentry.io/api/0`, `https://gitlab.example.com/api/v4`; a field's comment) sends that API's paths through its
// methods. A type that shows this API itself (`/api/v2`, a go-tfe type) keeps its paths, whatever its comment mentions;
// a link to a page is no base. Made-up packages in the style of the reviewer's case (rvcases/g1-sentry-mixed).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject } from '@keyfob/shared/history';
import { Lines } from '../../src/history/lines.ts';
import { otherApiSpans } from '../../src/history/other-api.ts';

const tfeFile = [
  'package sync',
  '',
  'import (',
  '\t"context"',
  '',
  '\ttfe "github.com/hashicorp/go-tfe"',
  ')',
  '',
  'func newTFE(token string) (*tfe.Client, error) {',
  '\treturn tfe.NewClient(&tfe.Config{Token: token})',
  '}',
].join('\n');

/** The endpoints of `text` scanned as a package-mate of a go-tfe program's file. */
const beside = (text: string, fileName = 'internal/sync/other.go'): string[] =>
  scanProject([
    { text: tfeFile, fileName: 'internal/sync/tfe.go' },
    { text, fileName },
  ])[1]!
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: a Go type whose declaration names another API’s base', () => {
  it('the reviewer’s Sentry client beside go-tfe says nothing', () => {
    const sentry = [
      'package sync',
      '',
      'import "fmt"',
      '',
      "// sentryClient talks to Sentry's web API (https://sentry.io/api/0).",
      'type sentryClient struct {',
      '\tclient *apiClient',
      '}',
      '',
      'func (s *sentryClient) projects(org string) ([]sentryProject, error) {',
      '\tvar out []sentryProject',
      '\terr := s.client.Get(fmt.Sprintf("/organizations/%s/projects/", org), &out)',
      '\treturn out, err',
      '}',
      '',
      'func (s *sentryClient) dropProject(id string) error {',
      '\treturn s.client.Delete("/projects/" + id)',
      '}',
    ].join('\n');
    assert.deepEqual(beside(sentry, 'internal/sync/sentry.go'), []);
    // The same client with a doc comment that names no API is the package's, as before.
    const plain = sentry.replace("// sentryClient talks to Sentry's web API (https://sentry.io/api/0).", '// a client');
    assert.deepEqual(beside(plain, 'internal/sync/sentry.go'), ['17 endpoint DELETE /projects/:project_id']);
  });

  it('a base in a later doc line, in a field’s comment, on a value receiver', () => {
    const text = [
      'package sync',
      '',
      "// glClient is a small client of GitLab's REST API.",
      '//',
      '// Base: https://gitlab.example.com/api/v4',
      'type glClient struct {',
      '\thttp *apiClient',
      '}',
      '',
      'func (c glClient) deleteProject(id string) error {',
      '\treturn c.http.Delete("/projects/" + id)',
      '}',
      '',
      'type pusher struct {',
      '\tbase string // https://onesignal.com/api/v1',
      '}',
      '',
      'func (p *pusher) removeProject(id string) error {',
      '\treturn httpDelete("/projects/" + id)',
      '}',
      '',
      '// syncer has no other base: its paths are the package’s.',
      'type syncer struct {',
      '\tapi *apiClient',
      '}',
      '',
      'func (s *syncer) drop(id string) error {',
      '\treturn s.api.Delete("/projects/" + id)',
      '}',
    ].join('\n');
    assert.deepEqual(beside(text), ['28 endpoint DELETE /projects/:project_id']);
  });

  it('a type that shows this API keeps its paths; a link to a page is no base', () => {
    const aside = [
      'package sync',
      '',
      'import tfe "github.com/hashicorp/go-tfe"',
      '',
      '// wsSyncer mirrors workspaces; errors go to Sentry (https://sentry.io/api/0) through the logger.',
      'type wsSyncer struct {',
      '\tclient *tfe.Client',
      '\tapi    *apiClient',
      '}',
      '',
      'func (w *wsSyncer) drop(id string) error {',
      '\treturn w.api.Delete("/projects/" + id)',
      '}',
      '',
      '// projSyncer replaced the old GitLab hook (https://gitlab.com/api/v4); it speaks to HCP Terraform now.',
      'type projSyncer struct {',
      '\tapi *apiClient',
      '}',
      '',
      'func (p *projSyncer) drop(id string) error {',
      '\treturn p.api.Delete("/api/v2/projects/" + id)',
      '}',
      '',
      'func (p *projSyncer) dropOther(id string) error {',
      '\treturn p.api.Delete("/projects/" + id)',
      '}',
    ].join('\n');
    assert.deepEqual(beside(aside), [
      '12 endpoint DELETE /projects/:project_id',
      '21 endpoint DELETE /projects/:project_id',
      '25 endpoint DELETE /projects/:project_id',
    ]);
    const link = [
      'package sync',
      '',
      '// client wraps our HTTP helper; see https://github.com/acme/httpx for its retries',
      '// and https://developer.hashicorp.com/terraform/cloud-docs/api-docs for the routes.',
      'type client struct {',
      '\tapi *apiClient',
      '}',
      '',
      'func (c *client) dropProject(id string) error {',
      '\treturn c.api.Delete("/projects/" + id)',
      '}',
    ].join('\n');
    assert.deepEqual(beside(link), ['10 endpoint DELETE /projects/:project_id']);
  });

  it('declarations are read only at a line’s start: the text’s first line too, not a word inside a line', () => {
    // `otherApiSpans` finds `type ` and `func` where a line starts (the text's first character included).
    const first = [
      'type sentryClient struct { // https://sentry.io/api/0',
      '\tclient *apiClient',
      '}',
      'func (s *sentryClient) drop(id string) error {',
      '\treturn s.client.Delete("/projects/" + id)',
      '}',
      'func (s *sentryClient) again(id string) error { return s.client.Delete("/projects/" + id) }',
    ].join('\n');
    const spans = otherApiSpans(first, new Lines(first), 'go');
    assert.deepEqual(
      spans.map(([s, e]) => first.slice(s, e).split('\n')[0]),
      [
        'func (s *sentryClient) drop(id string) error {',
        'func (s *sentryClient) again(id string) error { return s.client.Delete("/projects/" + id) }',
      ],
    );
    // The same words inside a line (a comment's `type `, a call's `func`) declare nothing.
    const inside = [
      '// the type sentryClient struct { https://sentry.io/api/0',
      'x := func (s *sentryClient) drop() {}',
    ].join('\n');
    assert.deepEqual(otherApiSpans(inside, new Lines(inside), 'go'), []);
  });

  it('a type declared many times: its methods given once, and a later declaration naming the base still counts', () => {
    // Pasted files: `sentryClient` declared 50 times, once with no base first. Each method's span once (read once a
    // name, not once a declaration), from the first declaration that names another API's base.
    const text = ['package sync', '', '// a client', 'type sentryClient struct {', '\tclient *apiClient', '}', ''];
    for (let k = 0; k < 50; k++)
      text.push(
        "// sentryClient talks to Sentry's web API (https://sentry.io/api/0).",
        'type sentryClient struct {',
        '\tclient *apiClient',
        '}',
        `func (s *sentryClient) drop${k}(id string) error {`,
        '\treturn s.client.Delete("/projects/" + id)',
        '}',
      );
    const source = text.join('\n');
    const spans = otherApiSpans(source, new Lines(source), 'go');
    assert.deepEqual(
      spans.map(([s, e]) => source.slice(s, e).split('\n')[0]),
      Array.from({ length: 50 }, (_, k) => `func (s *sentryClient) drop${k}(id string) error {`),
    );
    assert.deepEqual(beside(source, 'internal/sync/sentry.go'), []);
  });
});

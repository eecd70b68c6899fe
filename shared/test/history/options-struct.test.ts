import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** How many of each subject id (and method) a Go source yields. */
function counts(source: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of scanText(source, { languageId: 'go' })) {
    const key = `${m.subject.id}${m.method ? ` <${m.method.text}>` : ''}`;
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  return found;
}

const Q = 'parameter q /organizations/:organization_name/team-tokens';
const GET = 'endpoint GET /organizations/:organization_name/team-tokens <GET>';

/** The function that takes `TeamTokenListOptions` and sends it with its URL, far from the struct (no nearer URL binds a tag). */
const TAKER = [
  '',
  ...Array<string>(300).fill('// nothing here'),
  '',
  'func (s *teamTokens) List(ctx context.Context, org string, options *TeamTokenListOptions) error {',
  '\tu := fmt.Sprintf("organizations/%s/team-tokens", url.PathEscape(org))',
  '\treq, err := s.client.NewRequest("GET", u, options)',
  '}',
].join('\n');

/** One line of `n` url tags (a struct field's tag repeated: each is one key of the options struct). */
function tagLine(n: number): string {
  return '\tQuery string ' + '`url:"q,omitempty"` '.repeat(n) + '\n';
}

// A long line of tags was read back to its start once per tag (and back to the text's start for the struct's
// `type` line where none was near): the tags are now read in place and the `type` lines found once.
describe('options struct: a long line of url tags', () => {
  it('binds every tag of the line to the URL of the function that takes the struct', () => {
    const found = counts('type TeamTokenListOptions struct {\n' + tagLine(250) + '}' + TAKER);
    assert.equal(found.get(Q), 250);
    assert.equal(found.get(GET), 1);
  });

  it('binds the tags on the `type` line itself', () => {
    const found = counts('type TeamTokenListOptions struct {' + '`url:"q"`'.repeat(300) + '}' + TAKER);
    assert.equal(found.get(Q), 300);
  });

  it('leaves silent the tags of a struct no function takes, after one that is taken', () => {
    assert.equal(counts('type Other struct {\n' + tagLine(250) + '}' + TAKER).get(Q), undefined);
    const both =
      'type TeamTokenListOptions struct {\n' + tagLine(250) + '}\n\ntype Other struct {\n' + tagLine(250) + '}';
    assert.equal(counts(both + TAKER).get(Q), 250);
  });

  it('reads a tag only within 6,000 characters of its `type` line', () => {
    // The line starts 35 characters after the `type` line's start and its first tag 14 further; tags are 20 characters.
    assert.equal(counts('type TeamTokenListOptions struct {\n' + tagLine(400) + '}' + TAKER).get(Q), 298);
  });
});

// A tag's struct named for another resource (resolve-names' structNamedFor, through options-struct's
// enclosingStructName): go-tfe's RegistryComponentUpdateOptions holds no workspace's `tag-bindings`. Snippets written for
// these tests.
describe("options struct: a tag's struct named for another resource", () => {
  const tagBindings = (struct: string, before = ''): string[] =>
    scanText(
      `package tfe\n\n${struct === '' ? '' : `type ${struct} struct {\n`}${before}\tTagBindings []*TagBinding \`jsonapi:"relation,tag-bindings,omitempty"\`\n}\n`,
      { fileName: 'tfe/options.go' },
    ).map((m) => `${m.line} ${m.subject.id}`);
  const line = (n: number): string[] => [`${n} attribute workspaces tag-bindings`];

  it("an …Options struct whose name has the resource's words says it; one of another resource's says none", () => {
    assert.deepEqual(tagBindings('WorkspaceUpdateOptions'), line(4));
    assert.deepEqual(tagBindings('RegistryComponentUpdateOptions'), []);
  });

  it('a struct that is no …Options one, a `type` line past 6,000 characters or none at all says nothing against it', () => {
    assert.deepEqual(tagBindings('Payload'), line(4));
    assert.deepEqual(tagBindings('RegistryComponentUpdateOptions', '\t// a field\n'.repeat(600)), line(604));
    assert.deepEqual(tagBindings(''), line(3));
  });

  // What each tag is read as; the time of such a file is history.bench's eighth case, not asserted here.
  it('a file of many tags and no `type` line: each tag read alike', () => {
    const field = '\tTagBindings []*TagBinding `jsonapi:"relation,tag-bindings,omitempty"`\n';
    const found = scanText(`package tfe\n\n${field.repeat(3_000)}`, { fileName: 'tfe/generated.go' });
    assert.equal(found.length, 3_000);
    assert.ok(found.every((m) => m.subject.id === 'attribute workspaces tag-bindings'));
  });
});

// The URL a struct's tag binds to is kept per struct and parameter (options-struct's answers): each tag still gets its
// own parameter's. This checks the answers; the time of many tags is history-sweep's. A recall fixture's shape.
describe("options struct: each tag its own parameter's URL", () => {
  it('four keys of one struct, one function sending it: each key read as its own parameter of that URL', () => {
    const source = [
      'package tfe',
      '',
      'type WorkspaceListOptions struct {',
      '\tSearch      string `url:"search[name],omitempty"`',
      '\tTags        string `url:"search[tags],omitempty"`',
      '\tExcludeTags string `url:"search[exclude-tags],omitempty"`',
      '\tSort        string `url:"sort,omitempty"`',
      '}',
      '',
      'func (c *Client) List(ctx context.Context, org string, opts *WorkspaceListOptions) ([]*Workspace, error) {',
      '\tu := fmt.Sprintf("organizations/%s/workspaces", url.PathEscape(org))',
      '\treq, err := c.newRequest("GET", u, opts)',
      '\treturn nil, err',
      '}',
    ].join('\n');
    const found = counts(source);
    for (const parameter of ['search[tags]', 'search[exclude_tags]', 'sort'])
      assert.equal(found.get(`parameter ${parameter} /organizations/:organization_name/workspaces`), 1, parameter);
  });
});

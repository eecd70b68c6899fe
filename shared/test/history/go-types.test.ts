// go-tfe fields and service calls on values typed elsewhere in the file (go-types.ts): a variable typed by a
// service call's result, a range over a list's Items, parameters, a program's own struct fields, and what
// an unknown type says (nothing).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject, scanText } from '@keyfob/shared/history';

/** `line: SdkName → subject` of every SDK match. */
function sdkUses(source: string): string[] {
  return scanText(source, { languageId: 'go' })
    .filter((m) => m.sdk !== undefined)
    .map((m) => `${m.line}: ${m.sdk?.name ?? ''} → ${m.subject.id}`);
}

const go = (...lines: string[]): string =>
  ['package main', '', 'import (', '\t"context"', '\ttfe "github.com/hashicorp/go-tfe"', ')', '', ...lines].join('\n');

describe('go-tfe values typed elsewhere in the file', () => {
  it('a variable typed by a service call: its fields, and a chain through a held struct names the last field only', () => {
    const source = go(
      'func show(ctx context.Context, client *tfe.Client, org, name string) string {', // 8
      '\tws, err := client.Workspaces.Read(ctx, org, name)',
      '\tif err != nil {',
      '\t\treturn ""',
      '\t}',
      '\tif ws.Project != nil {', // 13
      '\t\treturn ws.Project.Name', // 14
      '\t}',
      '\treturn ws.UpdatedAt.Format("2006-01-02")', // 16
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '9: Workspaces.Read → endpoint GET /organizations/:organization_name/workspaces/:name',
      '13: Workspace.Project → attribute workspaces project',
      '14: Project.Name → attribute projects name',
      '16: Workspace.UpdatedAt → attribute workspaces updated-at',
    ]);
  });

  it('every dot is read once: a service call and a service taken as a value on one line, fields of a chain after', () => {
    // The dots' pattern consumes `.Workspaces.Read(`: the uses after it on the line are still found. (`dotNames` also
    // resumes at the dot after each find's own, as the lookaheads did; no case found, here or in the corpora, where a
    // find's inner dot changes the output: `.Workspaces.Readme(`'s `.Readme`, a field's name too, adds nothing.)
    const source = go(
      'func show(ctx context.Context, client *tfe.Client, org string) {', // 8
      '\tws, _ := client.Workspaces.Read(ctx, org, "a"); runs := client.Runs', // 9
      '\tr, _ := runs.Read(ctx, ws.CurrentRun.ID)', // 10
      '\tfmt.Println(ws.AutoApplyRunTrigger, ws.Project.Name, r.Status, client.Teams.List)', // 11
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '9: Workspaces.Read → endpoint GET /organizations/:organization_name/workspaces/:name',
      '11: Workspace.AutoApplyRunTrigger → attribute workspaces auto-apply-run-trigger',
      '11: Project.Name → attribute projects name',
    ]);
  });

  it("a held struct's ID alone is the relationship's data: the holder's field", () => {
    const source = go(
      'func ids(w *tfe.Workspace) []string {', // 8
      '\tout := []string{w.Project.ID}', // 9
      '\tif w.Project.Name != "" {', // 10
      '\t\tout = append(out, w.Project.ID.String())', // 11
      '\t}',
      '\treturn append(out, w.Project.IDs...)', // 13
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '9: Workspace.Project → attribute workspaces project',
      '10: Project.Name → attribute projects name',
    ]);
  });

  it("a range over a list's Items, parameters and a program's own struct fields", () => {
    const source = go(
      'type app struct {', // 8
      '\tclient *tfe.Client',
      '\tws     *tfe.Workspace',
      '}',
      '',
      'func (a *app) find(ctx context.Context, org, name string) string {', // 13
      '\tlist, err := a.client.Projects.List(ctx, org, &tfe.ProjectListOptions{',
      '\t\tName: name,',
      '\t})',
      '\tif err != nil {',
      '\t\treturn ""',
      '\t}',
      '\tfor _, p := range list.Items {', // 20
      '\t\tif p.Name == name {', // 21
      '\t\t\treturn p.Description', // 22
      '\t\t}',
      '\t}',
      '\treturn a.ws.TagNames[0]', // 25
      '}',
      '',
      'func describe(p *tfe.Project, runs []*tfe.Workspace) string {', // 28
      '\treturn p.Name + runs[0].Project.Description', // 29
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '14: Projects.List → endpoint GET /organizations/:organization_name/projects',
      '15: ProjectListOptions.Name → parameter filter[names] /organizations/:organization_name/projects',
      '21: Project.Name → attribute projects name',
      '22: Project.Description → attribute projects description',
      '25: Workspace.TagNames → attribute workspaces tag-names',
      '29: Project.Name → attribute projects name',
      '29: Project.Description → attribute projects description',
    ]);
  });

  it("a list's options struct: its query fields are the parameters of the path the list method sends", () => {
    const source = go(
      'func list(ctx context.Context, client *tfe.Client, org string) {',
      '\topts := &tfe.WorkspaceListOptions{', // 9
      '\t\tTags:        "app",',
      '\t\tExcludeTags: "old",',
      '\t}',
      '\topts.Sort = "-name"', // 13
      '\t_, _ = client.Workspaces.List(ctx, org, opts)',
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '10: WorkspaceListOptions.Tags → parameter search[tags] /organizations/:organization_name/workspaces',
      '11: WorkspaceListOptions.ExcludeTags → parameter search[exclude_tags] /organizations/:organization_name/workspaces',
      '13: WorkspaceListOptions.Sort → parameter sort /organizations/:organization_name/workspaces',
      '14: Workspaces.List → endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });

  it("a list's query fields the history lists for a path it has no entry of the list for (runs, teams, memberships)", () => {
    const source = go(
      'func pending(ctx context.Context, client *tfe.Client, ws, org string) {',
      '\truns, _ := client.Runs.List(ctx, ws, &tfe.RunListOptions{Status: "pending", Operation: "plan_only"})', // 9
      '\tteams, _ := client.Teams.List(ctx, org, &tfe.TeamListOptions{Names: []string{"owners"}})', // 10
      '\tmembers := &tfe.OrganizationMembershipListOptions{}', // 11
      '\tmembers.Emails = []string{"a@example.com"}', // 12
      '\t_, _, _ = runs, teams, members',
      '}',
    );
    assert.deepEqual(
      sdkUses(source).filter((u) => !u.includes('Runs.List') && !u.includes('Teams.List')),
      [
        '9: RunListOptions.Status → parameter filter[status] /workspaces/:workspace_id/runs',
        '9: RunListOptions.Operation → parameter filter[operation] /workspaces/:workspace_id/runs',
        '10: TeamListOptions.Names → parameter filter[names] /organizations/:organization_name/teams',
        '12: OrganizationMembershipListOptions.Emails → parameter filter[email] /organizations/:organization_name/organization-memberships',
      ],
    );
  });

  it("a list's options struct named for another list (…ListForOrganizationOptions) embeds ListOptions too", () => {
    const source = go(
      'func page(ctx context.Context, client *tfe.Client, org string) {',
      '\topts := &tfe.RunListForOrganizationOptions{}',
      '\topts.PageNumber = 2', // 10
      '\t_, _ = client.Runs.ListForOrganization(ctx, org, opts)',
      '}',
    );
    assert.ok(
      sdkUses(source).includes('10: ListOptions.PageNumber → parameter page[number] *'),
      sdkUses(source).join('\n'),
    );
  });

  it('a read go-tfe sends by name or else by id is the endpoint by name (the one the history has)', () => {
    const source = go(
      'func module(ctx context.Context, client *tfe.Client, org string) {',
      '\tid := tfe.RegistryModuleID{Organization: org, Name: "vpc", Provider: "aws"}',
      '\t_, _ = client.RegistryModules.Read(ctx, id)', // 10
      '\t_, _ = client.RegistryProviders.Read(ctx, tfe.RegistryProviderID{}, nil)', // 11
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '10: RegistryModules.Read → endpoint GET /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider',
      '11: RegistryProviders.Read → endpoint GET /organizations/:organization_name/registry-providers/:registry_name/:namespace/:name',
    ]);
  });

  it("a service held by a parameter typed by its interface or by a field assigned a client's service", () => {
    const source = go(
      'type syncer struct {',
      '\tpools poolReader',
      '}',
      'func newSyncer(client *tfe.Client) *syncer {',
      '\treturn &syncer{',
      '\t\tpools: client.AgentPools,',
      '\t}',
      '}',
      'func (s *syncer) pool(ctx context.Context, id string) {',
      '\t_, _ = s.pools.ReadWithOptions(ctx, id, nil)', // 17
      '\t_ = s.pools.Describe(id)',
      '}',
      'func sets(ctx context.Context, ws string, sets tfe.VariableSets, mixed tfe.Projects) {',
      '\tlist, _ := sets.ListForWorkspace(ctx, ws, nil)', // 21
      '\t_, _ = sets.Read(id)',
      '\tmixed := client.Workspaces',
      '\t_, _ = mixed.Read(ctx, "org", "name")',
      '\t_ = list',
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '17: AgentPools.ReadWithOptions → endpoint GET /agent-pools/:id',
      '21: VariableSets.ListForWorkspace → endpoint GET /workspaces/:workspace_id/varsets',
    ]);
  });

  it("a service held by an embedded field: the embedding struct's methods call it through their receiver", () => {
    const source = (embedded: string): string =>
      go(
        'type workspaceClient interface {',
        '	List(context.Context, string, *tfe.WorkspaceListOptions) (*tfe.WorkspaceList, error)',
        '}',
        'type workspaceLister struct {',
        `	${embedded}`,
        '}',
        'func (wl *workspaceLister) fetch(org string) {',
        '	list, _ := wl.List(context.Background(), org, nil)', // 15
        '	_ = list',
        '}',
        'func run(client *tfe.Client) {',
        '	lister := &workspaceLister{',
        '		workspaceClient: client.Workspaces,',
        '	}',
        '	lister.fetch("org")',
        '}',
      );
    assert.deepEqual(sdkUses(source('workspaceClient')), [
      '15: Workspaces.List → endpoint GET /organizations/:organization_name/workspaces',
    ]);
    // A named field (`workspaceClient workspaceClient`) is no embedding: its methods are not the struct's.
    assert.deepEqual(sdkUses(source('other workspaceClient')), []);
  });

  it("go-tfe's own service interface embedded (`tfe.Workspaces`, the field `Workspaces`) is called through the receiver", () => {
    const source = go(
      'type workspaceLister struct {',
      '	tfe.Workspaces',
      '}',
      'func newLister(client *tfe.Client) *workspaceLister {',
      '	return &workspaceLister{Workspaces: client.Workspaces}',
      '}',
      'func (wl *workspaceLister) all(org string) error {',
      '	_, err := wl.List(context.Background(), org, &tfe.WorkspaceListOptions{})', // 15
      '	return err',
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '15: Workspaces.List → endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });

  it('many structs embedding one holder: each receiver holds the service, and a receiver name holding two holds none', () => {
    // 100 starters embed `*runClient` (which embeds `tfe.Runs`), their receivers all named `s`: each struct type and
    // its receivers are read once (`embeddersOf`, `receiversOf`; a positional literal's struct too, `positionalField`),
    // and `s` holds Runs whatever the count of asks.
    const lines = ['type runClient struct {', '\ttfe.Runs', '}', 'func newRunClient(client *tfe.Client) *runClient {'];
    lines.push('\treturn &runClient{client.Runs}', '}');
    const expected: string[] = [];
    for (let k = 0; k < 100; k++) {
      lines.push(
        `type starter${k} struct {`,
        '\t*runClient',
        '}',
        `func (s starter${k}) start${k}(ws *tfe.Workspace) error {`,
      );
      lines.push(
        '\t_, err := s.Create(context.Background(), tfe.RunCreateOptions{Workspace: ws})',
        '\treturn err',
        '}',
      );
      // `go` puts 7 lines before these; the call is each struct's fifth line.
      expected.push(`${7 + lines.length - 2}: Runs.Create → endpoint POST /runs`);
      // Each starter's constructor gives the service by position again (the struct's first field read once a type).
      lines.push(
        `func newStarter${k}(client *tfe.Client) *starter${k} {`,
        `\treturn &starter${k}{&runClient{client.Runs}}`,
        '}',
      );
    }
    assert.deepEqual(sdkUses(go(...lines)), expected);
    // A receiver `s` of a struct embedding a Workspaces holder too: `s` holds two services, so none of the calls is read.
    const both = [
      ...lines,
      'type wsClient struct {',
      '\ttfe.Workspaces',
      '}',
      'type lister struct {',
      '\t*wsClient',
      '}',
    ];
    both.push(
      'func newLister(client *tfe.Client) *lister {',
      '\treturn &lister{wsClient: &wsClient{client.Workspaces}}',
      '}',
    );
    both.push('func (s lister) all() {}');
    assert.deepEqual(sdkUses(go(...both)), []);
  });

  it('a service held two structs deep (`runStarter` embeds `*runClient`, which embeds `tfe.Runs`) is called through the outer receiver', () => {
    const source = (runClient: string, value: string): string =>
      go(
        'type runClient struct {',
        `\t${runClient}`,
        '}',
        'type runStarter struct {',
        '\t*runClient',
        '}',
        'func newStarter(client *tfe.Client) *runStarter {',
        `\treturn &runStarter{runClient: &runClient{${value}}}`,
        '}',
        'func (rs runStarter) start(ws *tfe.Workspace) error {',
        '\t_, err := rs.Create(context.Background(), tfe.RunCreateOptions{Workspace: ws})', // 18
        '\treturn err',
        '}',
      );
    // The service given by position (the struct's first field, embedded) or by its field's name.
    assert.deepEqual(sdkUses(source('tfe.Runs', 'client.Runs')), ['18: Runs.Create → endpoint POST /runs']);
    assert.deepEqual(sdkUses(source('tfe.Runs', 'Runs: client.Runs')), ['18: Runs.Create → endpoint POST /runs']);
    // A named field holds the service, but its methods are not the struct's: `rs.Create` is runClient's own.
    assert.deepEqual(sdkUses(source('runs tfe.Runs', 'client.Runs')), []);
    // No service given to the chain in the file: the embedded interface may hold anything (a fake).
    assert.deepEqual(sdkUses(source('tfe.Runs', 'nil')), []);
    // runClient declared elsewhere: what its field is, and whether `Create` is its own, is not written here.
    const elsewhere = go(
      'type runStarter struct {',
      '\t*runClient',
      '}',
      'func newStarter(client *tfe.Client) *runStarter {',
      '\treturn &runStarter{runClient: &runClient{client.Runs}}',
      '}',
      'func (rs runStarter) start(ws *tfe.Workspace) error {',
      '\t_, err := rs.Create(context.Background(), tfe.RunCreateOptions{Workspace: ws})',
      '\treturn err',
      '}',
    );
    assert.deepEqual(sdkUses(elsewhere), []);
    // The text's own struct named `Client` holds the service; go-tfe's `*tfe.Client` embedded elsewhere is not it.
    const named = go(
      'type Client struct {',
      '\ttfe.Workspaces',
      '}',
      'type app struct {',
      '\t*tfe.Client',
      '}',
      'func newClient(c *tfe.Client) *Client {',
      '\treturn &Client{Workspaces: c.Workspaces}',
      '}',
      'func (a *app) show(ctx context.Context) {',
      '\t_, _ = a.Read(ctx, "org", "name")',
      '}',
    );
    assert.deepEqual(sdkUses(named), []);
  });

  it('a method whose path the options field set picks maps by that field; options unknown say nothing', () => {
    const source = go(
      'type members struct {',
      '\tteam teamAdder',
      '}',
      'func newMembers(client *tfe.Client) *members {',
      '\tm := &members{}',
      '\tm.team = client.TeamMembers',
      '\treturn m',
      '}',
      'func (m *members) grant(ctx context.Context, client *tfe.Client, team string, ids, names []string, o tfe.TeamMemberRemoveOptions) {',
      '\t_ = m.team.Add(ctx, team, tfe.TeamMemberAddOptions{OrganizationMembershipIDs: ids})', // 17
      '\t_ = client.TeamMembers.Remove(ctx, team, tfe.TeamMemberRemoveOptions{', // 18
      '\t\tOrganizationMembershipIDs: ids,',
      '\t})',
      '\t_ = client.TeamMembers.Add(ctx, team, tfe.TeamMemberAddOptions{Usernames: names})',
      '\t_ = client.TeamMembers.Remove(ctx, team, o)',
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '17: TeamMembers.Add(OrganizationMembershipIDs) → endpoint POST /teams/:team_id/relationships/organization-memberships',
      '18: TeamMembers.Remove(OrganizationMembershipIDs) → endpoint DELETE /teams/:team_id/relationships/organization-memberships',
    ]);
  });

  it('a range over a slice declared by var and grown by append (pages gathered, then read)', () => {
    const source = go(
      'func all(ctx context.Context, client *tfe.Client, org string) {',
      '\tvar gathered []*tfe.Workspace',
      '\tpage, _ := client.Workspaces.List(ctx, org, nil)',
      '\tgathered = append(gathered, page.Items...)',
      '\tfor i, w := range gathered {',
      '\t\t_, _ = i, w.ResourceCount', // 13
      '\t}',
      '}',
    );
    assert.ok(
      sdkUses(source).includes('13: Workspace.ResourceCount → attribute workspaces resource-count'),
      sdkUses(source).join('\n'),
    );
  });

  it('an unknown type says nothing: another function, a later untyped declaration, a program struct of the same name', () => {
    const source = go(
      'type Project struct{ Name string }',
      '',
      'func one(p *tfe.Project) string { return p.Name }', // 10
      '',
      'func two(p *Project) string {', // 12
      '\tq := p',
      '\treturn p.Name + q.Name',
      '}',
      '',
      'func three(ctx context.Context, client *tfe.Client) string {', // 17
      '\tws, _ := client.Workspaces.ReadByID(ctx, "ws-1")',
      '\tws2 := ws.Project', // 19
      '\tws, _ = other()', // 20
      '\treturn ws.Name + ws2.Name', // 21
      '}',
    );
    assert.deepEqual(sdkUses(source), [
      '10: Project.Name → attribute projects name',
      '18: Workspaces.ReadByID → endpoint GET /workspaces/:workspace_id',
      '19: Workspace.Project → attribute workspaces project',
      '21: Project.Name → attribute projects name',
    ]);
  });
  it("a value returned by the file's own function or interface method; two declarations that disagree, or another package's function, say nothing", () => {
    const source = go(
      'type store interface {', // 8
      '\tFetch(ctx context.Context, id string) (*tfe.Project, error)',
      '\tClose() error',
      '}',
      '',
      'type byID struct{}',
      'type byName struct{}',
      '',
      'func (byID) Find(id string) (*tfe.Workspace, error) { return nil, nil }', // 16
      'func (byName) Find(name string) (*tfe.Project, error) { return nil, nil }',
      '',
      'func gather(ctx context.Context, org string) (found []*tfe.Workspace, err error) { return nil, nil }', // 19
      '',
      'func report(ctx context.Context, s store, b byID, org string) int {', // 21
      '\tall, _ := gather(ctx, org)',
      '\ttotal := 0',
      '\tfor _, w := range all {',
      '\t\ttotal += w.ResourceCount', // 25
      '\t}',
      '\tp, _ := s.Fetch(ctx, "prj-1")',
      '\tprintln(p.Name)', // 28
      '\tx, _ := b.Find("ws-1")',
      '\tprintln(x.Name)', // 30
      '\ty := strings.Fetch("prj-1")',
      '\tprintln(y.Name)', // 32
      '\treturn total',
      '}',
    ).replace('\t"context"', '\t"context"\n\t"example.com/strings"');
    assert.deepEqual(sdkUses(source), [
      '26: Workspace.ResourceCount → attribute workspaces resource-count',
      '29: Project.Name → attribute projects name',
    ]);
  });

  it("a value returned by another file's function or method: by its package, or any receiver's; the program's own types, another library's, and two files that disagree say nothing", () => {
    const lib = [
      'package internal',
      '',
      'import (',
      '\t"github.com/google/go-github/github"',
      '\t"github.com/hashicorp/go-tfe"',
      ')',
      '',
      'type Team struct {',
      '\tName string',
      '}',
      '',
      'func GetWorkspaces(client *tfe.Client, orgs []*tfe.Organization) ([]*tfe.Workspace, error) {',
      '\tvar all []*tfe.Workspace',
      '\treturn all, nil',
      '}',
      '',
      'func GetTeams(client *tfe.Client) ([]*Team, error) { return nil, nil }',
      'func GetRepos(client *github.Client) ([]*github.Repository, error) { return nil, nil }',
      'func (s *Store) Find(id string) (*tfe.Project, error) { return nil, nil }',
    ].join('\n');
    const applier = [
      'package main',
      '',
      'import "github.com/hashicorp/go-tfe"',
      '',
      'type Applier struct{ client *tfe.Client }',
      '',
      'func (a *Applier) CreateConfigurationVersion(id string) (*tfe.ConfigurationVersion, error) { return nil, nil }',
      'func (a *Applier) Find(id string) (*tfe.Workspace, error) { return nil, nil }',
      'func gather(org string) []*tfe.Run { return nil }',
    ].join('\n');
    const main = [
      'package main',
      '',
      'import (',
      '\t"github.com/hashicorp/go-tfe"',
      '\t"example.com/tool/internal"',
      '\t"example.com/other"',
      ')',
      '',
      'func run(client *tfe.Client, a *Applier, orgs []*tfe.Organization) {', // 9
      '\tworkspaces, _ := internal.GetWorkspaces(client, orgs)',
      '\tfor _, w := range workspaces {',
      '\t\tprintln(w.ResourceCount)', // 12
      '\t}',
      '\tcv, _ := a.CreateConfigurationVersion("ws-1")',
      '\tprintln(cv.UploadURL)', // 15
      '\tfor _, r := range gather("acme") {',
      '\t\tprintln(r.RefreshOnly)', // 17
      '\t}',
      '\tteams, _ := internal.GetTeams(client)',
      '\tfor _, t := range teams {',
      '\t\tprintln(t.Name)', // 21
      '\t}',
      '\trepos, _ := internal.GetRepos(nil)',
      '\tprintln(repos[0].Name)', // 24
      '\tmore, _ := other.GetWorkspaces(client, orgs)',
      '\tprintln(more[0].ResourceCount)', // 26
      '\tfound, _ := a.Find("x")',
      '\tprintln(found.Name)', // 28
      '}',
    ].join('\n');
    const [, , found] = scanProject([
      { text: lib, fileName: 'internal/workspace.go', languageId: 'go' },
      { text: applier, fileName: 'applier.go', languageId: 'go' },
      { text: main, fileName: 'main.go', languageId: 'go' },
    ]);
    assert.deepEqual(
      (found ?? [])
        .filter((m) => m.sdk !== undefined && m.sdk.name.includes('.') && !/^[A-Z]\w*s\./.test(m.sdk.name))
        .map((m) => `${m.line}: ${m.sdk?.name ?? ''} → ${m.subject.id}`),
      [
        '12: Workspace.ResourceCount → attribute workspaces resource-count',
        '15: ConfigurationVersion.UploadURL → attribute configuration-versions upload-url',
        '17: Run.RefreshOnly → attribute runs refresh-only',
      ],
    );
    // Alone, the file types none of them.
    assert.deepEqual(
      scanText(main, { languageId: 'go' }).filter(
        (m) => m.sdk !== undefined && /\.(ResourceCount|UploadURL|RefreshOnly|Name)$/.test(m.sdk.name),
      ),
      [],
    );
  });
});

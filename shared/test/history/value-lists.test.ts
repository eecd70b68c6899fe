import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** The status subjects a source yields, with their lines. */
function statuses(source: string, languageId: string): string[] {
  return scanText(source, { languageId })
    .filter((m) => m.subject.type === 'status')
    .map((m) => `${m.line} ${m.subject.id}`)
    .sort();
}

const at = (line: number, resource: string, ...values: string[]): string[] =>
  values.map((v) => `${line} status ${resource} ${v}`).sort();

// Enumerated values held in a collection and used where the API takes them (`value-lists.ts`). Plain words
// (`read`, `admin`, `fetching`) say nothing alone: every member must be a value of one enumeration, and the
// collection's flow (a line using it names the field, or a type named for resource and field) or its holding the
// whole enumeration decides, with the resource known in the text. Learned from held27 and held31 (nine misses).
describe('enumerated values held in a collection', () => {
  it('Go: the whole enumeration in a file of the SDK service; a loop handing each to the typed value', () => {
    const whole = [
      'package connector',
      '',
      'import "github.com/hashicorp/go-tfe"',
      '',
      'var levels = []string{"read", "write", "maintain", "admin", "custom"}',
      '',
      'func (b *builder) Grants(ctx context.Context, id string) error {',
      '\tres, err := b.client.TeamProjectAccess.List(ctx, tfe.TeamProjectAccessListOptions{ProjectID: id})',
      '\treturn err',
      '}',
    ].join('\n');
    assert.deepEqual(statuses(whole, 'go'), at(5, 'team-projects', 'read', 'write', 'maintain', 'admin', 'custom'));
    const loop = [
      'package sync',
      '',
      'var granted = []string{"admin", "maintain"}',
      'var seen = map[string]bool{"read": true, "write": true}',
      '',
      'func grant(ctx context.Context, c *tfe.Client, project *tfe.Project, team *tfe.Team) {',
      '\tfor _, level := range granted {',
      '\t\tc.TeamProjectAccess.Add(ctx, tfe.TeamProjectAccessAddOptions{',
      '\t\t\tAccess:  tfe.TeamProjectAccessType(level),',
      '\t\t\tProject: project,',
      '\t\t\tTeam:    team,',
      '\t\t})',
      '\t}',
      '}',
      '',
      'func known(a *tfe.TeamProjectAccess) bool { return seen[string(a.Access)] }',
    ].join('\n');
    assert.deepEqual(statuses(loop, 'go'), [
      ...at(3, 'team-projects', 'admin', 'maintain'),
      ...at(4, 'team-projects', 'read', 'write'),
    ]);
  });

  it('Go: another enumeration, another API or no resource named says nothing', () => {
    const others = [
      'package connector',
      '',
      'import "github.com/hashicorp/go-tfe"',
      '',
      '// Workspace team access levels, then a GitHub repository permission list.',
      'var workspaceLevels = []string{"read", "plan", "write", "admin", "custom"}',
      'var repoPermissions = []string{"read", "triage", "write", "maintain", "admin"}',
      '',
      'func (b *builder) Grants(ctx context.Context, id string) error {',
      '\t_, err := b.client.TeamProjectAccess.List(ctx, tfe.TeamProjectAccessListOptions{ProjectID: id})',
      '\treturn err',
      '}',
    ].join('\n');
    assert.deepEqual(statuses(others, 'go'), []);
    const nowhere = [
      'package roles',
      '',
      'var levels = []string{"read", "write", "maintain", "admin", "custom"}',
      '',
      'func valid(access string) bool { return slices.Contains(levels, access) }',
    ].join('\n');
    assert.deepEqual(statuses(nowhere, 'go'), []);
  });

  it('Python: a set checked against the value sent as the field; a list used for something else', () => {
    const py = [
      'VALID_LEVELS = {"admin", "maintain", "write", "read"}',
      '',
      'class Teams:',
      '    def set_access(self, access_id, access):',
      '        if access not in VALID_LEVELS:',
      '            raise ValueError(f"bad level {access}")',
      '        body = {"data": {"type": "team-projects", "attributes": {"access": access}}}',
      '        return self.client.patch(f"/team-projects/{access_id}", json=body)',
      '',
      '    def label(self, level):',
      '        shown = ["read", "write"]',
      '        return level.title() if level in shown else "-"',
    ].join('\n');
    assert.deepEqual(statuses(py, 'python'), at(1, 'team-projects', 'admin', 'maintain', 'write', 'read'));
    const loop = [
      'import requests',
      '',
      'def grant_all(org_url, project_id, team_id):',
      '    for level in ("read", "write"):',
      '        payload = {',
      '            "data": {',
      '                "type": "team-projects",',
      '                "attributes": {"access": level},',
      '            }',
      '        }',
      '        requests.post(f"{org_url}/api/v2/team-projects", json=payload)',
    ].join('\n');
    assert.deepEqual(statuses(loop, 'python'), at(4, 'team-projects', 'read', 'write'));
  });

  it("JavaScript: run statuses a response's status is compared with; a list of steps only logged", () => {
    const js = [
      "const WAITING = ['fetching', 'queuing'];",
      'const STEPS = [',
      "  'fetching',",
      "  'queuing',",
      '];',
      '',
      'async function waiting(workspaceId) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/workspaces/${workspaceId}/runs`, { headers });',
      '  const runs = (await res.json()).data;',
      '  STEPS.forEach((step) => console.log(step));',
      '  return runs.filter((run) => WAITING.includes(run.attributes.status));',
      '}',
    ].join('\n');
    assert.deepEqual(statuses(js, 'javascript'), at(1, 'runs', 'fetching', 'queuing'));
  });
  it('a value assigned to a name that reaches the field: shell through jq, Python and JavaScript branches', () => {
    const sh = [
      '#!/usr/bin/env bash',
      'for team in $(echo "$teams" | jq -c ".[]"); do',
      '  level=$(echo "$team" | jq -r \\',
      '    \'.attributes | if ."organization-access"."manage-projects" then "admin" else "read" end\')',
      '  body=$(jq -n --arg access "$level" --arg team "$team_id" \\',
      '    \'{data: {type: "team-projects", attributes: {access: $access}}}\')',
      '  curl -s -X POST --data "$body" "https://$HOST/api/v2/team-projects"',
      'done',
    ].join('\n');
    assert.deepEqual(statuses(sh, 'shellscript'), at(4, 'team-projects', 'admin', 'read'));
    const py = [
      'def grant(client, team, project_id):',
      '    level = "maintain" if team.owner else "write"',
      '    payload = {"data": {"type": "team-projects", "attributes": {"access": level}}}',
      '    return client.post("/team-projects", json=payload)',
    ].join('\n');
    assert.deepEqual(statuses(py, 'python'), at(2, 'team-projects', 'maintain', 'write'));
    const js = [
      'export async function grant(team, projectId) {',
      "  const level = team.owner ? 'admin' : 'read';",
      "  const body = { data: { type: 'team-projects', attributes: { access: level } } };",
      "  return fetch('https://app.terraform.io/api/v2/team-projects', { method: 'POST', body: JSON.stringify(body) });",
      '}',
    ].join('\n');
    assert.deepEqual(statuses(js, 'javascript'), at(2, 'team-projects', 'admin', 'read'));
  });

  it('shell: one name bound to a list 200 times, each sent as the filter in the line below it', () => {
    // The name's places are searched from each list's lines, the search kept across them (`usesOf`' `#nextOf`: the
    // script writes `${active}`, never `$active`, whose search ran to the text's end for each list); each list reads
    // its own use.
    const lines: string[] = [];
    const expected: string[] = [];
    for (let k = 0; k < 200; k++) {
      lines.push('active="pending,fetching,queuing,pre_plan_running"');
      lines.push(`curl -s "$API/workspaces/$ws${k}/runs?filter%5Bstatus%5D=\${active}"`);
      expected.push(`${1 + 2 * k} fetching`, `${1 + 2 * k} queuing`, `${1 + 2 * k} pre_plan_running`);
    }
    const found = scanText(lines.join('\n'), { languageId: 'shellscript' })
      .filter((m) => m.subject.type === 'status')
      .map((m) => `${m.line} ${m.text}`);
    assert.deepEqual(found, expected);
  });

  it("a name that is the field's word names no field by being used; a value handed to a call is no assignment", () => {
    const go = [
      'package cloud',
      '',
      'func summary(ev *tfe.PolicyEvaluation) string {',
      '\tvar kind string',
      '\tif ev.PolicyKind == tfe.OPA {',
      '\t\tkind = "OPA"',
      '\t}',
      '\treturn fmt.Sprintf("%s policies passed", kind)',
      '}',
    ].join('\n');
    assert.deepEqual(
      statuses(go, 'go').filter((m) => m.startsWith('6 ')),
      [],
    );
    const py = [
      'def grant(client, project_id):',
      '    role = roles.get("admin")',
      '    payload = {"data": {"type": "team-projects", "attributes": {"access": role.level}}}',
      '    return client.post("/team-projects", json=payload)',
    ].join('\n');
    assert.deepEqual(statuses(py, 'python'), []);
  });

  it("another system's access field, or the word in a message, is no field the value reaches", () => {
    const py = [
      '"""Copy Bitbucket workspace roles into HCP Terraform."""',
      'import httpx',
      '',
      'BB_ELEVATED = ["write", "admin"]',
      '',
      'def elevated(session, ws):',
      '    perms = session.get(f"{BITBUCKET}/workspaces/{ws}/permissions").json()["values"]',
      '    return [p["user"]["uuid"] for p in perms if p["access"] in BB_ELEVATED]',
      '',
      'def link(session, tid, pid):',
      '    session.post(f"{HCP}/api/v2/team-projects", json={"data": {"type": "team-projects"}})',
    ].join('\n');
    assert.deepEqual(statuses(py, 'python'), []);
    const go = [
      'package mirror',
      '',
      'var giteaRoles = []string{"admin", "write", "read"}',
      '',
      'func sync(hc *http.Client, repo GiteaRepo) {',
      '\tfor _, role := range giteaRoles {',
      '\t\tif repo.Access == role {',
      '\t\t\tlog.Printf("gitea role %s", role)',
      '\t\t}',
      '\t}',
      '\thc.Get("https://app.terraform.io/api/v2/team-projects")',
      '}',
    ].join('\n');
    assert.deepEqual(statuses(go, 'go'), []);
    const logged = [
      'def open_repo(gh, repo):',
      '    perm = "maintain"',
      '    gh.put(f"/repos/{repo}/collaborators/bot", json={"permission": perm})',
      '    print("gave the bot %s access to %s" % (perm, repo))',
      '',
      'def accesses(tfc):',
      '    return tfc.get("/api/v2/team-projects").json()',
    ].join('\n');
    assert.deepEqual(statuses(logged, 'python'), []);
  });
});

describe("a generic value is its own key's, not the field named beside it", () => {
  // A team's project access body: `"write"` is the `variables` permission inside `workspace-access`, not the team's
  // `access` level (`custom`), though `access` is written on the same line.
  const body = (variables: string): string =>
    [
      'import requests',
      '',
      'def grant(api, token, project_id, team_id):',
      '    body = {"data": {"type": "team-projects", "attributes": {"access": "custom", "workspace-access": {"runs": "apply", ' +
        `${variables}}}}, "relationships": {"project": {"data": {"type": "projects", "id": project_id}}}}}`,
      '    return requests.post(f"{api}/api/v2/team-projects", json=body, headers={"Authorization": f"Bearer {token}"})',
    ].join('\n');
  it('Python: `"variables": "write"` says nothing; `"access": "custom"` is the access level', () => {
    assert.deepEqual(statuses(body('"variables": "write"'), 'python'), at(4, 'team-projects', 'custom'));
  });
  it('a key that spells the field (`team_access`, `accessLevel`) is the field', () => {
    const level = (key: string): string =>
      [
        'def grant(api, project_id, team_id):',
        '    body = {"data": {"type": "team-projects", ' + `"attributes": {"${key}": "write"}}}`,
        '    return requests.post(f"{api}/api/v2/team-projects", json=body)',
      ].join('\n');
    assert.deepEqual(statuses(level('access'), 'python'), at(2, 'team-projects', 'write'));
    assert.deepEqual(statuses(level('variables'), 'python'), []);
  });
  it('a key that is another attribute of the resource (`workspace_access`, `project_access`) is not the field (review v5 item 3)', () => {
    const text = [
      'TEAMS = [',
      '    {"name": "dev", "workspace_access": "write", "project_access": "read"},',
      '    {"name": "ops", "workspace_access": "admin", "project_access": "maintain"},',
      ']',
      '',
      'def grant(api, team_id, level):',
      '    body = {"data": {"type": "team-projects", "attributes": {"access": level}}}',
      '    return requests.post(f"{api}/api/v2/team-projects", json=body)',
    ].join('\n');
    assert.deepEqual(statuses(text, 'python'), []);
  });
});

// The lines a value's name is read in (value-lists' nameUses and loopUses, LOOP_LINES): a use within 30 lines of the
// assignment or the loop's header decides, one past them does not. Only those lines are searched (session 36: the uses
// of the whole text, kept to the window after, made a file of many constants of one type quadratic).
describe("a collection's uses read within 30 lines", () => {
  const grant = (head: readonly string[], indent: string, gap: number): string[] =>
    statuses(
      [
        'def grant(client, team, teams):',
        ...head,
        ...Array<string>(gap).fill(`${indent}log.debug("granting")`),
        `${indent}payload = {"data": {"type": "team-projects", "attributes": {"access": level}}}`,
        `${indent}client.post("/team-projects", json=payload)`,
      ].join('\n'),
      'python',
    );
  const both = at(2, 'team-projects', 'maintain', 'write');

  it('a value assigned to a name: the use 30 lines under decides, 31 lines under does not', () => {
    const head = ['    level = "maintain" if team.owner else "write"'];
    assert.deepEqual(grant(head, '    ', 29), both);
    assert.deepEqual(grant(head, '    ', 30), []);
  });

  it("a loop's variable: the use 30 lines under the header decides, 31 lines under does not", () => {
    const head = ['    for level in ["maintain", "write"]:'];
    assert.deepEqual(grant(head, '        ', 29), both);
    assert.deepEqual(grant(head, '        ', 30), []);
  });
});

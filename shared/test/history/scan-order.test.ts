// A scan is a pure function of its input: the editor scans files in any order, and a file's matches must not
// depend on what the process scanned before it. The matcher keeps answers between calls (the last text read,
// answers by index and name); this test scans a few made-up files first in a fresh process, then again after
// the others in several orders (and after the same text read as other languages or under another name), and
// wants the same matches each time. The files exercise those kept answers: Python and Rust models holding a
// struct named for another resource (`OrganizationAccess` in a team's attributes), a Go file importing go-tfe
// and one of its program that calls go-tfe services on a client, a shell script with a string spanning lines,
// and a TypeScript client made on the API root that answers a run task's callback URL.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { scanProject, scanText } from '@keyfob/shared/history';

const FILES: readonly { fileName: string; text: string }[] = [
  {
    fileName: 'pkg/models/team.py',
    text: [
      'from pydantic import BaseModel, Field',
      '',
      'class OrganizationAccess(BaseModel):',
      '    read_workspaces: bool = Field(False, alias="read-workspaces")',
      '    manage_run_tasks: bool = Field(False, alias="manage-run-tasks")',
      '',
      'class Team(BaseModel):',
      '    name: str',
      '    allow_member_token_management: bool = Field(False, alias="allow-member-token-management")',
      '    organization_access: OrganizationAccess | None = Field(None, alias="organization-access")',
      '',
    ].join('\n'),
  },
  {
    fileName: 'src/models.rs',
    text: [
      '#[derive(Deserialize)]',
      'pub struct OrganizationAccess {',
      '    #[serde(rename = "read-projects")]',
      '    pub read_projects: bool,',
      '    #[serde(rename = "manage-agent-pools")]',
      '    pub manage_agent_pools: bool,',
      '}',
      '',
      '#[derive(Deserialize)]',
      'pub struct TeamAttributes {',
      '    pub name: String,',
      '    #[serde(rename = "organization-access")]',
      '    pub organization_access: Option<OrganizationAccess>,',
      '}',
      '',
    ].join('\n'),
  },
  {
    fileName: 'internal/client/client.go',
    text: [
      'package client',
      '',
      'import (',
      '\t"context"',
      '',
      '\ttfe "github.com/hashicorp/go-tfe"',
      ')',
      '',
      'func (c *LockCommand) Lock(ctx context.Context, id string) error {',
      '\tclient := c.Meta.Client',
      '\tws, err := client.Workspaces.ReadByID(ctx, id)',
      '\tif err != nil {',
      '\t\treturn err',
      '\t}',
      '\t_, err = client.Workspaces.Lock(ctx, ws.ID, tfe.WorkspaceLockOptions{})',
      '\treturn err',
      '}',
      '',
    ].join('\n'),
  },
  {
    fileName: 'internal/command/project_delete.go',
    text: [
      'package command',
      '',
      'func (c *ProjectDeleteCommand) Run(args []string) int {',
      '\tclient := c.Meta.Client',
      '\tif err := client.Projects.Delete(c.Context(), args[0]); err != nil {',
      '\t\treturn 1',
      '\t}',
      '\treturn 0',
      '}',
      '',
    ].join('\n'),
  },
  {
    fileName: 'scripts/run.sh',
    text: [
      '#!/bin/sh',
      'curl -s -X POST -H "Authorization: Bearer $TOKEN" -d "{',
      '  \\"data\\": { \\"type\\": \\"runs\\" }',
      '}" "https://app.terraform.io/api/v2/runs"',
      'curl -s "https://app.terraform.io/api/v2/organizations/$ORG/workspaces?page[size]=100"',
      '',
    ].join('\n'),
  },
  {
    fileName: 'src/handler.ts',
    text: [
      "import axios from 'axios';",
      '',
      "const api = axios.create({ timeout: 5000, baseURL: 'https://app.terraform.io/api/v2' });",
      '',
      'export async function answer(payload: { task_result_callback_url: string; access_token: string }) {',
      "  await api.get('/organizations/acme/workspaces');",
      '  await axios.patch(payload.task_result_callback_url, {',
      "    data: { type: 'task-results', attributes: { status: 'passed', message: 'ok' } },",
      '  });',
      '}',
      '',
    ].join('\n'),
  },
];

type Found = readonly { readonly start: number; readonly end: number; readonly subject: { readonly id: string } }[];
const key = (matches: Found): string[] => matches.map((m) => `${m.start}-${m.end} ${m.subject.id}`);
const alone = (file: { fileName: string; text: string }): string[] =>
  key(scanText(file.text, { fileName: file.fileName }));

/** Set in the child process this test starts to scan one file (by its place in FILES, or `project`) alone. */
const ALONE = process.env.KEYFOB_SCAN_ORDER_ALONE;

/** Each file's matches, and the project's, each from a process that scanned nothing else. */
function freshScans(): { files: string[][]; project: string[][] } {
  const run = (which: string): unknown => {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? ''], {
      encoding: 'utf8',
      env: { ...process.env, KEYFOB_SCAN_ORDER_ALONE: which },
    });
    assert.equal(child.status, 0, child.stderr);
    return JSON.parse(child.stdout.trim().split('\n').pop() ?? '');
  };
  return { files: FILES.map((_, i) => run(String(i)) as string[]), project: run('project') as string[][] };
}

if (ALONE !== undefined) {
  const file = FILES[Number(ALONE)];
  process.stdout.write(`${JSON.stringify(ALONE === 'project' || !file ? scanProject(FILES).map(key) : alone(file))}\n`);
} else
  describe('history scan order', () => {
    const fresh = freshScans();

    it('the made-up files have matches to lose', () => {
      for (const [i, found] of fresh.project.entries()) assert.ok(found.length > 0, FILES[i]?.fileName);
    });

    it('a file scanned after others, in any order, gives the matches it gives alone', () => {
      for (const order of [FILES, [...FILES].reverse()])
        for (const file of order) assert.deepEqual(alone(file), fresh.files[FILES.indexOf(file)], file.fileName);
      for (const file of FILES) {
        // The same text twice in a row (the answers kept for the last text), and after it was read otherwise.
        assert.deepEqual(alone(file), fresh.files[FILES.indexOf(file)], `${file.fileName} again`);
        for (const languageId of ['go', 'python', 'rust', 'typescript', 'shellscript', 'java'])
          scanText(file.text, { languageId });
        scanText(file.text, { fileName: `other/${file.fileName.split('/').pop() ?? ''}` });
        assert.deepEqual(alone(file), fresh.files[FILES.indexOf(file)], `${file.fileName} after other readings`);
      }
    });

    it('a project scanned after others, its files in any order, gives the same matches per file', () => {
      for (const file of FILES) alone(file);
      assert.deepEqual(scanProject(FILES).map(key), fresh.project);
      const reversed = scanProject([...FILES].reverse())
        .map(key)
        .reverse();
      assert.deepEqual(reversed, fresh.project);
    });
  });

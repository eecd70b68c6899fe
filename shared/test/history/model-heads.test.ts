// Model readers asked about many heads of one text (models.ts, held-structs.ts, go-declarations.ts): a head left open
// read on to the text's end (or its limit) once per head, and each model was matched against every other model, so a
// file of many open heads or many models took time growing with their count squared (7.5 s for 400 KB of Go
// `type T struct {` lines, 16 s for 400 KB of Python classes, a heap exhausted by Go structs' fields). Checked here:
// the brace pairs read once answer every offset as a count from there does, and a text of many such heads still gives
// the matches of its models (the heads themselves add none).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';
import { BracketPairs, matchingClose } from '../../src/history/brackets.ts';
import { goDeclarations } from '../../src/history/go-declarations.ts';
import { Lines } from '../../src/history/lines.ts';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.text} ${m.subject.id}`);

describe('bracket pairs read once (BracketPairs)', () => {
  it('answers every offset and limit as matchingClose counts from there, braces alone or all brackets', () => {
    // A fixed pseudo-random text of brackets, stray closes and other characters.
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 20; round++) {
      let text = '';
      for (let k = 0; k < 300; k++) text += '{{}}x\n}([])'.charAt(next() % 11);
      for (const kinds of ['braces', 'all'] as const) {
        const pairs = new BracketPairs(text, kinds);
        for (let at = 0; at < text.length; at++)
          for (const limit of [1, 5, 40, 1_000])
            assert.equal(
              pairs.close(at, limit),
              matchingClose(text, at, limit, kinds),
              `${kinds} ${round} ${at}+${limit}`,
            );
      }
    }
  });
});

describe('many open heads or many models in a text', () => {
  it('Go: open `type T struct {` heads after a json-tagged struct leave its matches as they were', () => {
    const text = [
      'package main',
      '',
      'type VariablesetList struct {',
      '\tData []struct {',
      '\t\tAttributes struct {',
      '\t\t\tPriority bool `json:"priority"`',
      '\t\t} `json:"attributes"`',
      '\t} `json:"data"`',
      '}',
      '',
    ].join('\n');
    const alone = found(text, 'structs.go');
    assert.ok(alone.includes('6 priority attribute varsets priority'), alone.join('\n'));
    assert.deepEqual(found(text + 'type T struct {\n'.repeat(2_000), 'structs.go'), alone);
  });
  it('TypeScript: open `interface W {` heads after a model leave its matches as they were', () => {
    const text = ['export interface OrganizationWorkspace {', '  applyDurationAverage: number;', '}', ''].join('\n');
    const alone = found(text, 'src/types.ts');
    assert.ok(alone.includes('2 applyDurationAverage attribute workspaces apply-duration-average'), alone.join('\n'));
    assert.deepEqual(found(text + 'interface W {\n'.repeat(2_000), 'src/types.ts'), alone);
  });
  it('Python: many classes after a model holding another leave the held one its holder’s resource', () => {
    const text = [
      'from pydantic import BaseModel, Field',
      '',
      'class VcsRepoConfig(BaseModel):',
      '    github_app_installation_id: Optional[str] = Field(None, alias="github-app-installation-id")',
      '',
      'class BaseWorkspaceRequest(BaseModel):',
      '    vcs_repo: Optional[VcsRepoConfig] = Field(None, alias="vcs-repo")',
      '',
    ].join('\n');
    const alone = found(text, 'client/models.py');
    assert.ok(
      alone.includes('4 github_app_installation_id attribute workspaces vcs-repo.code-host-app-installation-id'),
      alone.join('\n'),
    );
    const many =
      'class W(BaseModel):\n    x: W\n'.repeat(1_000) + 'class RunStatus(BaseModel):\n    run_status: RunStatus\n';
    assert.deepEqual(found(text + many.repeat(2), 'client/models.py'), alone);
  });
  it('Go with go-tfe: many structs leave a struct copied from go-tfe’s data silent, and one not copied read', () => {
    const head = [
      'package main',
      'import "github.com/hashicorp/go-tfe"',
      'type Project struct {',
      '\tName string `json:"name"`',
      '\tWorkspaceCount int `json:"workspace-count"`',
      '}',
      '',
    ].join('\n');
    const copy = [
      'func f(p *tfe.Project) {',
      '\tout := &Project{',
      '\t\tName: p.Name,',
      '\t\tWorkspaceCount: p.WorkspaceCount,',
      '\t}',
      '}',
      '',
    ].join('\n');
    let many = '';
    for (let k = 0; k < 1_000; k++)
      many += `type S${k} struct {\n\tA string \`json:"a"\`\n}\nvar v${k} = S${k}{\n\tA: p.A,\n}\n`;
    const read = found(head, 'a.go');
    assert.ok(read.includes('4 name attribute projects name'), read.join('\n'));
    assert.deepEqual(found(head + many, 'a.go'), read);
    const copied = found(head + copy, 'a.go');
    assert.ok(!copied.some((m) => m.startsWith('4 ')), copied.join('\n'));
    assert.deepEqual(found(head + copy + many, 'a.go'), copied);
  });
  it('Go: a struct or interface left open is read up to the next head, not over every head after it', () => {
    const text = [
      'package main',
      'type A struct {',
      '\tX string',
      'type B struct {',
      '\tY int',
      '}',
      'type I interface {',
      '\tGet() string',
      'type J interface {',
      '\tPut() error',
      '}',
      '',
    ].join('\n');
    const decls = goDeclarations(text, new Lines(text));
    assert.deepEqual(
      decls.localStructs().map((s) => [s.name, s.fields.map((f) => f.name)]),
      [
        ['A', ['X']],
        ['B', ['Y']],
      ],
    );
    assert.deepEqual(
      decls.interfaceMethods().map((m) => m.name),
      ['Get', 'Put'],
    );
  });
});

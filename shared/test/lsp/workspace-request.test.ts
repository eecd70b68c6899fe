import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readWorkspaceSnapshot } from '../../src/lsp/workspace-request.ts';

describe("readWorkspaceSnapshot: a client's workspace answer read at the edge", () => {
  const file = (path: unknown, text: unknown = 'x') => ({ path, text });
  const cases: { name: string; raw: unknown; files: string[]; workflows?: string[]; dropped: number }[] = [
    {
      name: 'files and workflows kept',
      raw: { files: [file('a/b.role.yaml')], workflows: [file('.github/workflows/x.yml')] },
      files: ['a/b.role.yaml'],
      workflows: ['.github/workflows/x.yml'],
      dropped: 0,
    },
    { name: 'not an object', raw: 'nope', files: [], dropped: 0 },
    { name: 'null', raw: null, files: [], dropped: 0 },
    { name: 'lists that are not lists', raw: { files: {}, workflows: 'x' }, files: [], dropped: 0 },
    { name: 'an absolute path', raw: { files: [file('/etc/passwd')] }, files: [], dropped: 1 },
    { name: 'a Windows drive path', raw: { files: [file('C:/x.role.yaml')] }, files: [], dropped: 1 },
    { name: 'a .. segment', raw: { files: [file('a/../../x.role.yaml')] }, files: [], dropped: 1 },
    { name: 'an empty segment', raw: { files: [file('a//x.role.yaml')] }, files: [], dropped: 1 },
    { name: 'a text that is not a string', raw: { files: [file('a.role.yaml', 42)] }, files: [], dropped: 1 },
    { name: 'a path too long', raw: { files: [file(`${'a'.repeat(1100)}.role.yaml`)] }, files: [], dropped: 1 },
    {
      name: 'entries past 2,000 counted, not kept',
      raw: { files: Array.from({ length: 2005 }, (_, i) => file(`f${i}.role.yaml`)) },
      files: Array.from({ length: 2000 }, (_, i) => `f${i}.role.yaml`),
      dropped: 5,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { value, dropped } = readWorkspaceSnapshot(c.raw);
      assert.deepEqual(
        value.files.map((f) => f.path),
        c.files,
      );
      assert.deepEqual(
        value.workflows.map((f) => f.path),
        c.workflows ?? [],
      );
      assert.equal(dropped, c.dropped);
    });
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentFormat } from '@keyfob/shared/documents';
import type { NodeAtOffset } from '../../src/documents/node-at-offset.ts';
import { detectFormat, parseDocuments } from '@keyfob/shared/documents';
import { nodeAtOffset } from '../../src/documents/node-at-offset.ts';
import { pointerToSegments } from '@keyfob/shared/text';
import { segmentsToPointer } from '../../src/text/json-pointer.ts';

describe('nodeAtOffset', () => {
  const yaml = 'name: deploy\ntags:\n  team: x\nlist: [a, b]\nempty:\n';
  const json = '{"name": "deploy", "list": [1, {"k": true}]}';
  // The cursor is given as the text before it, so each case reads as "cursor after ...".
  const cases: {
    name: string;
    format: DocumentFormat;
    text: string;
    before: string;
    expected: NodeAtOffset | undefined;
  }[] = [
    { name: 'start of a key', format: 'yaml', text: yaml, before: '', expected: { path: '/name', part: 'key' } },
    { name: 'inside a key', format: 'yaml', text: yaml, before: 'na', expected: { path: '/name', part: 'key' } },
    {
      name: 'right after a value',
      format: 'yaml',
      text: yaml,
      before: 'name: deploy',
      expected: { path: '/name', part: 'value' },
    },
    {
      name: 'nested key',
      format: 'yaml',
      text: yaml,
      before: 'name: deploy\ntags:\n  te',
      expected: { path: '/tags/team', part: 'key' },
    },
    {
      name: 'flow item',
      format: 'yaml',
      text: yaml,
      before: 'name: deploy\ntags:\n  team: x\nlist: [a, ',
      expected: { path: '/list/1', part: 'value' },
    },
    {
      name: 'flow bracket',
      format: 'yaml',
      text: yaml,
      before: 'name: deploy\ntags:\n  team: x\nlist: ',
      expected: { path: '/list', part: 'value' },
    },
    {
      name: 'empty value after the colon',
      format: 'yaml',
      text: yaml,
      before: 'name: deploy\ntags:\n  team: x\nlist: [a, b]\nempty:',
      expected: { path: '/empty', part: 'value' },
    },
    {
      name: 'indentation inside a nested map',
      format: 'yaml',
      text: yaml,
      before: 'name: deploy\ntags:\n ',
      expected: { path: '', part: 'value' },
    },
    { name: 'past the end of the content', format: 'yaml', text: yaml, before: yaml, expected: undefined },
    {
      name: 'JSON key with its quotes',
      format: 'json',
      text: json,
      before: '{"',
      expected: { path: '/name', part: 'key' },
    },
    {
      name: 'JSON nested literal',
      format: 'json',
      text: json,
      before: '{"name": "deploy", "list": [1, {"k": t',
      expected: { path: '/list/1/k', part: 'value' },
    },
    {
      name: 'JSON between members',
      format: 'json',
      text: json,
      before: '{"name": "deploy", "list": [1,',
      expected: { path: '/list', part: 'value' },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const doc = parseDocuments(c.text, c.format).documents[0];
      assert.ok(doc);
      assert.deepEqual(nodeAtOffset(doc, c.before.length), c.expected);
    });
  }
});

describe('JSON Pointers', () => {
  const cases: [string, string[]][] = [
    ['', []],
    ['/name', ['name']],
    ['/role_arns/0', ['role_arns', '0']],
    ['/a~1b/c~0d', ['a/b', 'c~d']],
    ['/~01', ['~1']],
    ['/', ['']],
    ['//x', ['', 'x']],
    ['/ключ/😀', ['ключ', '😀']],
  ];
  for (const [pointer, segments] of cases) {
    it(`${JSON.stringify(pointer)} <-> ${JSON.stringify(segments)}`, () => {
      assert.deepEqual(pointerToSegments(pointer), segments);
      assert.equal(segmentsToPointer(segments), pointer);
    });
  }

  it('refuses a pointer without a leading slash', () => {
    assert.throws(() => pointerToSegments('name'), TypeError);
  });
});

describe('detectFormat', () => {
  const cases: [string, DocumentFormat | undefined][] = [
    ['deploy.role.yaml', 'yaml'],
    ['deploy.role.yml', 'yaml'],
    ['DEPLOY.YML', 'yaml'],
    ['roles/deploy.json', 'json'],
    ['settings.jsonc', 'json'],
    ['notes.txt', undefined],
    ['Makefile', undefined],
    ['archive.yaml.bak', undefined],
  ];
  for (const [fileName, format] of cases) {
    it(`${fileName} -> ${String(format)}`, () => assert.equal(detectFormat(fileName), format));
  }
});

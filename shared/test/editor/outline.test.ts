import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocuments } from '@keyfob/shared/documents';
import { outlineSymbols } from '../../src/editor/outline.ts';

const MULTI =
  'name: reader\ncredential_type: iam_user\npolicy_arns: [x]\n---\nname: deployer\ncredential_type: assumed_role\nrole_arns: [y]\n';

describe('outlineSymbols', () => {
  it('one symbol per document of a multi-document file, named by `name`, with fields', () => {
    const file = parseDocuments(MULTI, 'yaml');
    const symbols = outlineSymbols(file, [
      { index: 0, kind: 'role', name: 'reader' },
      { index: 1, kind: 'role', name: 'deployer' },
    ]);
    assert.deepEqual(
      symbols.map((s) => [s.name, s.detail]),
      [
        ['reader', 'role · iam_user'],
        ['deployer', 'role · assumed_role'],
      ],
    );
    const second = symbols[1];
    assert.ok(second);
    assert.equal(file.lines.position(second.range.start).line, 5);
    assert.equal(MULTI.slice(second.selectionRange.start, second.selectionRange.end), 'deployer');
    assert.deepEqual(
      second.children.map((c) => c.name),
      ['name', 'credential_type', 'role_arns'],
    );
    assert.equal(second.children[1]?.detail, 'assumed_role');
  });

  it('a manifest lists its roles and static roles', () => {
    const text =
      'mount: cloud\nroles:\n  ci:\n    credential_type: session_token\nstatic_roles:\n  bot:\n    username: bot\n    rotation_period: 24h\n';
    const symbols = outlineSymbols(parseDocuments(text, 'yaml'), [{ index: 0, kind: 'manifest' }]);
    assert.deepEqual(
      symbols.map((s) => [s.name, s.kind]),
      [
        ['ci', 'role'],
        ['bot', 'static-role'],
      ],
    );
    assert.equal(text.slice(symbols[0]!.selectionRange.start, symbols[0]!.selectionRange.end), 'ci');
  });

  it('a document without a name is numbered; empty documents are skipped', () => {
    const symbols = outlineSymbols(parseDocuments('---\n---\ncredential_type: session_token\n', 'yaml'), [
      { index: 0, kind: 'role' },
      { index: 1, kind: 'role' },
    ]);
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['document 2'],
    );
  });
});

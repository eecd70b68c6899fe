import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SCAFFOLD_KINDS, scaffoldFileSuffix, scaffoldText } from '../../src/editor/scaffolds.ts';
import { lintText } from '@keyfob/shared/lint';

/** Snippet text with tab stops replaced by their defaults and escapes removed. */
function expand(snippet: string): string {
  return snippet
    .replace(/\$\{\d+:((?:\\.|[^}\\])*)\}/g, (_m, inner: string) => inner.replace(/\\(.)/g, '$1'))
    .replace(/\\\$/g, '$');
}

describe('scaffolds', () => {
  for (const kind of SCAFFOLD_KINDS) {
    for (const format of ['yaml', 'json'] as const) {
      it(`${kind} in ${format} lints clean, as text and as an expanded snippet`, () => {
        const fileName = `new${scaffoldFileSuffix(kind, format)}`;
        const plain = scaffoldText(kind, format, { schema: true });
        assert.deepEqual(
          lintText(plain, { fileName }).problems.map((p) => p.code),
          [],
        );
        assert.equal(expand(scaffoldText(kind, format, { snippet: true, schema: true })), plain);
      });
    }
  }

  it('a nested YAML scaffold is indented on every line', () => {
    const text = scaffoldText('assumed_role', 'yaml', { indent: '    ' });
    assert.ok(
      text
        .trimEnd()
        .split('\n')
        .every((line) => line.startsWith('    ')),
    );
  });
});

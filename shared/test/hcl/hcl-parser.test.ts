// keyfob's one HCL parser (tree-sitter's HCL grammar on web-tree-sitter): the embedded WebAssembly is
// what scripts/generate-hcl-wasm.ts writes from the installed packages, and the literal reader and
// syntax errors the policy and Terraform readers share.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { renderHclWasm } from '../../../scripts/generate-hcl-wasm.ts';
import { hclSyntaxError, isHclParserLoaded, readHclLiteral, withHclTree } from '@keyfob/shared/hcl';

test('shared/src/hcl/hcl-wasm.generated.ts is what scripts/generate-hcl-wasm.ts writes now', () => {
  const file = new URL('../../src/hcl/hcl-wasm.generated.ts', import.meta.url);
  assert.ok(readFileSync(file, 'utf8') === renderHclWasm(), 'run: npx tsx scripts/generate-hcl-wasm.ts');
});

describe('readHclLiteral: what a literal evaluates to, undefined for anything else', () => {
  const cases: readonly { name: string; text: string; expected: unknown }[] = [
    { name: 'string with escapes', text: '"a\\n\\"b\\"\\u00e9 $${x} %%{y}"', expected: 'a\n"b"é ${x} %{y}' },
    { name: 'number', text: '3600', expected: 3600 },
    { name: 'negative number', text: '-1.5', expected: -1.5 },
    { name: 'bool', text: 'true', expected: true },
    { name: 'null', text: 'null', expected: null },
    { name: 'heredoc', text: '<<EOT\n  {"a": 1}\nEOT\n', expected: '  {"a": 1}\n' },
    { name: 'indented heredoc', text: '<<-EOT\n    one\n      two\n    EOT\n', expected: 'one\n  two\n' },
    { name: 'interpolation', text: '"arn:${var.x}"', expected: undefined },
    { name: 'heredoc with interpolation', text: '<<EOT\n${var.x}\nEOT\n', expected: undefined },
    { name: 'reference', text: 'var.x', expected: undefined },
    { name: 'function call', text: 'upper("a")', expected: undefined },
  ];
  for (const c of cases)
    test(c.name, () => {
      const value = withHclTree(`v = ${c.text}\n`, (root) => {
        const attribute = root.descendantsOfType('attribute')[0];
        assert.ok(attribute);
        return readHclLiteral(attribute.namedChildren[1] as NonNullable<(typeof attribute.namedChildren)[number]>);
      });
      assert.deepEqual(value, c.expected);
    });
});

describe('hclSyntaxError', () => {
  test('a missing bracket is shown at the text after it', () => {
    const text = 'a = [1, 2\nb = 3\n';
    const error = withHclTree(text, (root) => hclSyntaxError(text, root));
    assert.ok(error);
    assert.ok(isHclParserLoaded());
  });
  test('an open string', () => {
    const text = 'path "a {\n';
    const error = withHclTree(text, (root) => hclSyntaxError(text, root));
    assert.equal(error?.message, 'literal not terminated');
    assert.equal(error?.range.start, 5);
  });
  test('none in valid text', () => {
    const text = 'resource "x" "y" {\n  a = jsonencode({ b = [1] })\n}\n';
    assert.equal(
      withHclTree(text, (root) => hclSyntaxError(text, root)),
      undefined,
    );
  });
});

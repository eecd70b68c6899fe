// shell-values.ts: the one answer to "assigned once, and to what" for the shell family, asked by the shell value flow
// and by shell-commands.ts's helpers (whether a URL's base held in a variable is the API's). Snippets written for it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Lines } from '../../src/history/lines.ts';
import { shellValues } from '../../src/history/shell-values.ts';

const written = (lines: string[], name: string, powershell = false): string | undefined => {
  const text = lines.join('\n');
  return shellValues(text, new Lines(text), powershell).written(name);
};

describe('shellValues: what a variable assigned once holds, as written', () => {
  it('a shell or Makefile assignment, a default, a CI key', () => {
    assert.equal(
      written(['TFE_API="https://$HOST/api/v2"', 'f() { curl "$TFE_API/$1"; }'], 'TFE_API'),
      'https://$HOST/api/v2',
    );
    assert.equal(
      written(['export API="${API:-https://app.terraform.io/api/v2}"'], 'API'),
      'https://app.terraform.io/api/v2',
    );
    assert.equal(written(['API ?= https://app.terraform.io/api/v2'], 'API'), 'https://app.terraform.io/api/v2');
    assert.equal(
      written(['env:', '  TFE_API: "https://app.terraform.io/api/v2"'], 'TFE_API'),
      'https://app.terraform.io/api/v2',
    );
  });

  it('another variable\'s default is the value (`:-`, `-`, `:=`, `=`; `: "${X:=…}"`); without one, that variable', () => {
    assert.equal(written(['GH=${GH_API:-https://api.github.com}'], 'GH'), 'https://api.github.com');
    assert.equal(written(['GH="${GH_API-https://api.github.com}"'], 'GH'), 'https://api.github.com');
    assert.equal(written(['export TFE=${TFE_URL:=https://app.terraform.io}'], 'TFE'), 'https://app.terraform.io');
    assert.equal(written([': "${TFE_HOST:=https://tfe.acme.corp}"'], 'TFE_HOST'), 'https://tfe.acme.corp');
    assert.equal(written([': ${TFE_HOST=https://tfe.acme.corp}'], 'TFE_HOST'), 'https://tfe.acme.corp');
    assert.equal(written(['BASE="${TFE_BASE:-}"'], 'BASE'), '${TFE_BASE}');
    // The no-op default counts as an assignment: with another, the variable holds no one value.
    assert.equal(written([': "${TFE_HOST:=https://a}"', 'TFE_HOST="https://b"'], 'TFE_HOST'), undefined);
  });

  it('nothing for a variable also assigned by read, a loop, or twice', () => {
    const base = 'TFE_API="https://app.terraform.io/api/v2"';
    assert.equal(written([base, '[ -f api.txt ] && read -r TFE_API < api.txt'], 'TFE_API'), undefined);
    assert.equal(written([base, 'for TFE_API in "$@"; do :; done'], 'TFE_API'), undefined);
    assert.equal(written([base, 'TFE_API="https://tfe.example/api/v2"'], 'TFE_API'), undefined);
    assert.equal(written(['echo "$TFE_API"'], 'TFE_API'), undefined);
  });

  it("PowerShell: `$Base = '…'` (a type, a scope), names in any case; twice, nothing", () => {
    assert.equal(
      written(['$TfeBase = "https://app.terraform.io/api/v2"'], 'TfeBase', true),
      'https://app.terraform.io/api/v2',
    );
    assert.equal(written(["[string]$script:tfebase = 'https://x/api/v2'"], 'TfeBase', true), 'https://x/api/v2');
    const twice = ['$TfeBase = "https://a/api/v2"', 'if ($Eu) { $tfebase = "https://b/api/v2" }'];
    assert.equal(written(twice, 'TfeBase', true), undefined);
  });
});

describe('shellValues: where assignments are read', () => {
  const count = (text: string, name: string): number => shellValues(text, new Lines(text), false).assignments(name);

  it("a line's start (the text's first, after any line terminator), a `;` or `{`, a loop's or read's word", () => {
    assert.equal(count('X=1', 'X'), 1);
    assert.equal(count('a=1;X=2; X=3', 'X'), 2);
    assert.equal(count('f() { X=1; }; g() {X=2;}; echo ${X} ${X=3}', 'X'), 2);
    assert.equal(count('cat f | read X; (for X in 1 2); true&&read -r X; forX=1; unread X', 'X'), 3);
    assert.equal(count('X=1\rX=2\u2028X=3\u2029X=4\r\nX=5\nX=6', 'X'), 6);
    assert.equal(count('X=1 # a comment;', 'X'), 1);
    assert.equal(count('echo X=1 {', 'X'), 0);
  });

  it('a value site at a line start after any line terminator', () => {
    assert.equal(written(['A=1\rX="https://x"'], 'X'), 'https://x');
    assert.equal(written(['A=1\u2028X="https://x"'], 'X'), 'https://x');
    assert.equal(written(['echo; X="https://x"'], 'X'), undefined);
  });
});

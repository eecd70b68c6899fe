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

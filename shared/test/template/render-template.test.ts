import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { DEFAULT_USERNAME_TEMPLATE, parseTemplate } from '@keyfob/shared/template';
import { renderTemplate } from '../../src/template/render-template.ts';
import { TemplateRenderError } from '../../src/template/template-render-error.ts';
import type { Template } from '../../src/template/ast.ts';
import type { TemplateVars } from '../../src/template/render-template.ts';
import { fixedDeps } from './fixed-deps.ts';

const IAM: TemplateVars = { Type: 'IAM', DisplayName: 'token-deploy', PolicyName: 'deploy' };

function parsed(text: string): Template {
  const { template, problems } = parseTemplate(text);
  assert.deepEqual(problems, [], `template should parse: ${text}`);
  assert.ok(template);
  return template;
}

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

describe('renderTemplate', () => {
  const cases: { name: string; text: string; vars?: TemplateVars; expected: string }[] = [
    {
      name: 'the default template, IAM',
      text: DEFAULT_USERNAME_TEMPLATE,
      expected: 'keyfob-token-deploy-deploy-1717243200-ABCDEFGHIJKLMNOPQRST',
    },
    {
      name: 'the default template, STS (the engine passes empty names)',
      text: DEFAULT_USERNAME_TEMPLATE,
      vars: { Type: 'STS', DisplayName: '', PolicyName: '' },
      expected: 'keyfob-1717243200-ABCDEFGHIJKLMN',
    },
    {
      name: 'text and fields',
      text: '{{ .Type }}:{{ .DisplayName }}:{{ .PolicyName }}',
      expected: 'IAM:token-deploy:deploy',
    },
    {
      name: 'printf %s %d %v %q %%',
      text: '{{ printf "%s|%d|%v|%v|%q|%%" "a" 42 true 7 "x\\"y" }}',
      expected: 'a|42|true|7|"x\\"y"|%',
    },
    {
      name: 'printf width, flags and precision',
      text: '{{ printf "%-5s|%5s|%05d|%+d|%.3s|%x|%X" "ab" "cd" 42 3 "abcdef" "hi" 255 }}',
      expected: 'ab   |   cd|00042|+3|abc|6869|FF',
    },
    {
      name: 'printf wrong verb, missing and extra operands',
      text: '{{ printf "%d %s" "x" }}{{ printf "%s" "a" 1 }}',
      expected: '%!d(string=x) %!s(MISSING)a%!(EXTRA int=1)',
    },
    { name: 'printf %q escapes control characters', text: '{{ printf "%q" "a\\tb\\x01" }}', expected: '"a\\tb\\x01"' },
    {
      name: 'a piped value becomes the last argument',
      text: '{{ .DisplayName | uppercase | printf "%s!" }}',
      expected: 'TOKEN-DEPLOY!',
    },
    { name: 'a pipeline into replace', text: '{{ "a-b-c" | replace "-" "_" }}', expected: 'a_b_c' },
    { name: 'replace with an empty old string', text: '{{ replace "" "-" "ab" }}', expected: '-a-b-' },
    {
      name: 'parenthesised sub-expressions',
      text: '{{ printf "%s/%s" (lowercase "AB") (.PolicyName | truncate 3) }}',
      expected: 'ab/dep',
    },
    {
      name: 'if / else if chooses IAM',
      text: '{{ if eq .Type "STS" }}s{{ else if eq .Type "IAM" }}i{{ else }}o{{ end }}',
      expected: 'i',
    },
    {
      name: 'if / else if chooses STS',
      text: '{{ if eq .Type "STS" }}s{{ else if eq .Type "IAM" }}i{{ else }}o{{ end }}',
      vars: { ...IAM, Type: 'STS' },
      expected: 's',
    },
    {
      name: 'if / else if falls to else',
      text: '{{ if eq .Type "STS" }}s{{ else if eq .Type "IAM" }}i{{ else }}o{{ end }}',
      vars: { ...IAM, Type: 'X' },
      expected: 'o',
    },
    {
      name: 'if without else, false',
      text: 'a{{ if .DisplayName }}b{{ end }}c',
      vars: { ...IAM, DisplayName: '' },
      expected: 'ac',
    },
    {
      name: 'eq is true when any later argument matches',
      text: '{{ if eq .PolicyName "a" "b" "deploy" }}yes{{ end }}',
      expected: 'yes',
    },
    { name: 'ne, lt, ge', text: '{{ ne 1 2 }} {{ lt "a" "b" }} {{ ge 2 3 }}', expected: 'true true false' },
    {
      name: 'and / or return the deciding value',
      text: '[{{ and "x" "" }}][{{ or "" "y" }}][{{ and 1 2 }}][{{ not "" }}]',
      expected: '[][y][2][true]',
    },
    { name: 'len counts bytes', text: '{{ len .DisplayName }} {{ len "é" }}', expected: '12 2' },
    {
      name: 'truncate cuts, and leaves short strings',
      text: '{{ "abcdef" | truncate 3 }} {{ truncate 10 "abc" }}',
      expected: 'abc abc',
    },
    {
      name: 'truncate_sha256 keeps a hash of the cut part',
      text: '{{ truncate_sha256 12 "abcdefghijklmnop" }}',
      expected: `abcd${sha('efghijklmnop').slice(0, 8)}`,
    },
    { name: 'truncate_sha256 leaves short strings', text: '{{ truncate_sha256 12 "short" }}', expected: 'short' },
    {
      name: 'sha256',
      text: '{{ sha256 "abc" }}',
      expected: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    },
    { name: 'base64', text: '{{ base64 "hello" }} {{ base64 "ab" }} {{ base64 "é" }}', expected: 'aGVsbG8= YWI= w6k=' },
    {
      name: 'uppercase and lowercase',
      text: '{{ uppercase "aBc" }} {{ lowercase "ÀBC" }} {{ uppercase "ß" }}',
      expected: 'ABC àbc ß',
    },
    {
      name: 'unix_time and unix_time_millis',
      text: '{{ unix_time }} {{ unix_time_millis }}',
      expected: '1717243200 1717243200123',
    },
    {
      name: 'timestamp RFC 3339',
      text: '{{ timestamp "2006-01-02T15:04:05Z07:00" }}',
      expected: '2024-06-01T12:00:00Z',
    },
    { name: 'timestamp compact', text: '{{ timestamp "20060102150405" }}', expected: '20240601120000' },
    {
      name: 'timestamp names and fractions',
      text: '{{ timestamp "Mon Jan _2 3:04PM .000 .999 -07:00 MST" }}',
      expected: 'Sat Jun  1 12:00PM .123 .123 +00:00 UTC',
    },
    { name: 'random draws [A-Za-z0-9]', text: '{{ random 5 }}-{{ random 3 }}', expected: 'ABCDE-FGH' },
    { name: 'trim markers remove the whitespace beside them', text: 'a  {{- "b" -}}  \n c', expected: 'abc' },
    { name: 'comments print nothing', text: 'x{{/* hi */}}y', expected: 'xy' },
    { name: 'raw strings keep backslashes', text: '{{ `a\\n` }}', expected: 'a\\n' },
    { name: 'Go escapes in strings', text: '{{ "\\x41\\u00e9\\101" }}', expected: 'Aé\x41' },
    { name: 'integer forms', text: '{{ printf "%d %d %d" 0x1F 0o17 1_000 }}', expected: '31 15 1000' },
    { name: 'print spaces non-string operands', text: '{{ print 1 2 "a" "b" }}', expected: '1 2ab' },
  ];
  for (const { name, text, vars, expected } of cases) {
    it(name, () => {
      assert.equal(renderTemplate(parsed(text), vars ?? IAM, fixedDeps()), expected);
    });
  }

  it('uuid has the 8-4-4-4-12 hex shape and uses the random source', () => {
    const deps = fixedDeps();
    const id = renderTemplate(parsed('{{ uuid }}'), IAM, deps);
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal(deps.calls(), 32);
  });

  it('evaluates the clock on every call', () => {
    let t = 1_700_000_000_000;
    const deps = { now: () => new Date((t += 1000)), randomInt: () => 0 };
    assert.equal(renderTemplate(parsed('{{ unix_time }} {{ unix_time }}'), IAM, deps), '1700000001 1700000002');
  });

  it('and stops at the first false argument (no random drawn after it)', () => {
    const deps = fixedDeps();
    assert.equal(renderTemplate(parsed('{{ and "" (random 5) }}'), IAM, deps), '');
    assert.equal(deps.calls(), 0);
  });

  const failures: { name: string; text: string; vars?: TemplateVars; message: RegExp }[] = [
    {
      name: 'truncate of a length computed as 0',
      text: '{{ truncate (len .DisplayName) "abc" }}',
      vars: { ...IAM, DisplayName: '' },
      message: /truncate: max length must be > 0 but was 0/,
    },
    {
      name: 'truncate_sha256 of a length of 8 or less',
      text: '{{ truncate_sha256 (len .PolicyName) "abc" }}',
      message: /truncate_sha256: max length must be > 8 but was 6/,
    },
    {
      name: 'values of different types compared',
      text: '{{ eq (or .DisplayName 1) "x" }}',
      vars: { ...IAM, DisplayName: '' },
      message: /incompatible types for comparison/,
    },
    { name: 'a value past the size cap', text: '{{ random 100000 }}', message: /random: result of 100000 bytes/ },
  ];
  for (const { name, text, vars, message } of failures) {
    it(`throws TemplateRenderError: ${name}`, () => {
      assert.throws(
        () => renderTemplate(parsed(text), vars ?? IAM, fixedDeps()),
        (error: unknown) => {
          assert.ok(error instanceof TemplateRenderError);
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }
});

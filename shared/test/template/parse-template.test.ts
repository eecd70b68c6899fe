import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_USERNAME_TEMPLATE, parseTemplate } from '@keyfob/shared/template';
import type { ProblemCode } from '@keyfob/shared/codes';
import { spanOf } from './fixed-deps.ts';

describe('parseTemplate: valid templates', () => {
  const valid: { name: string; text: string }[] = [
    { name: 'the default template', text: DEFAULT_USERNAME_TEMPLATE },
    { name: 'plain text', text: 'static-name' },
    { name: 'empty text', text: '' },
    { name: 'a field', text: '{{ .DisplayName }}' },
    { name: 'a pipeline with a piped last argument', text: '{{ .DisplayName | truncate 10 | uppercase }}' },
    { name: 'parenthesised sub-expressions', text: '{{ printf "%s-%s" (unix_time) (random 20) }}' },
    { name: 'a niladic function as an argument', text: '{{ printf "%s" unix_time }}' },
    { name: 'if / else if / else', text: '{{ if eq .Type "STS" }}s{{ else if eq .Type "IAM" }}i{{ else }}o{{ end }}' },
    { name: 'nested ifs', text: '{{ if .DisplayName }}{{ if not .PolicyName }}x{{ end }}{{ end }}' },
    { name: 'trim markers', text: 'a {{- "b" -}} c' },
    { name: 'a comment', text: 'a{{/* note */}}b' },
    { name: 'a trimmed comment', text: 'a {{- /* note */ -}} b' },
    { name: 'a raw string containing braces', text: '{{ `}}{{` }}' },
    { name: 'a string containing the closing delimiter', text: '{{ "}}" }}' },
    { name: 'Go escapes', text: '{{ "\\x41\\u00e9\\t\\"\\\\" }}' },
    { name: 'integer forms', text: '{{ printf "%d %d %d %d" 0x1F -7 0o17 1_000 }}' },
    { name: 'booleans', text: '{{ if and true (not false) }}y{{ end }}' },
    { name: 'variadic eq', text: '{{ eq .PolicyName "a" "b" "c" }}' },
    {
      name: 'every engine function',
      text: '{{ truncate_sha256 12 (sha256 (base64 (lowercase (replace "a" "b" (uppercase (timestamp "2006"))))))}}{{ unix_time_millis }}{{ uuid }}',
    },
    { name: 'comparisons and len', text: '{{ if lt (len .DisplayName) 10 }}short{{ end }}' },
    { name: 'a multi-line action', text: '{{ printf "%s"\n  .DisplayName }}' },
    { name: 'a left delimiter with a negative number', text: '{{-3}}' },
  ];
  for (const { name, text } of valid) {
    it(name, () => {
      const parsed = parseTemplate(text);
      assert.deepEqual(parsed.problems, []);
      assert.ok(parsed.template);
      assert.equal(parsed.template.source, text);
    });
  }
});

/** A problem expected at the first occurrence of `needle` (after the previous one); `{{ else }}c` blames `{{ else }}`. */
type Expected = [code: ProblemCode, needle: string, extra?: Record<string, unknown>];

/** The span a needle names: a needle ending in text after `}}` means just the action. */
function expectedSpan(text: string, needle: string, from: number): [number, number] {
  const [offset, length] = spanOf(text, needle, from);
  const close = needle.indexOf('}}');
  return [offset, close >= 0 && close + 2 < needle.length && needle.startsWith('{{') ? close + 2 : length];
}

describe('parseTemplate: problems with their spans', () => {
  const cases: { name: string; text: string; expected: Expected[] }[] = [
    {
      name: 'unknown function with a suggestion',
      text: '{{ trunc 5 .DisplayName }}',
      expected: [['TEMPLATE_UNKNOWN_FUNC', 'trunc', { suggestion: 'truncate' }]],
    },
    {
      name: 'misspelled function',
      text: '{{ radnom 20 }}',
      expected: [['TEMPLATE_UNKNOWN_FUNC', 'radnom', { suggestion: 'random' }]],
    },
    { name: 'unsupported Go builtin', text: '{{ html "x" }}', expected: [['TEMPLATE_UNKNOWN_FUNC', 'html']] },
    {
      name: 'unknown field with a suggestion',
      text: '{{ .RoleName }}',
      expected: [['TEMPLATE_UNKNOWN_FIELD', '.RoleName', { suggestion: '.PolicyName' }]],
    },
    {
      name: 'misspelled field',
      text: 'x-{{ .DisplayNam }}',
      expected: [['TEMPLATE_UNKNOWN_FIELD', '.DisplayNam', { suggestion: '.DisplayName' }]],
    },
    {
      name: 'field of a field',
      text: '{{ printf "%s" .DisplayName.Foo }}',
      expected: [['TEMPLATE_UNKNOWN_FIELD', '.Foo']],
    },
    { name: 'if without end', text: 'ab{{ if .Type }}x', expected: [['TEMPLATE_MISSING_END', '{{ if .Type }}']] },
    { name: 'end without if', text: 'x{{ end }}', expected: [['TEMPLATE_UNMATCHED_END', '{{ end }}']] },
    { name: 'else without if', text: '{{ else }}y', expected: [['TEMPLATE_UNMATCHED_END', '{{ else }}']] },
    {
      name: 'unclosed action',
      text: 'a{{ .DisplayName ',
      expected: [['TEMPLATE_UNCLOSED_ACTION', '{{ .DisplayName ']],
    },
    { name: 'unclosed comment', text: 'a{{/* note ', expected: [['TEMPLATE_UNCLOSED_ACTION', '{{/* note ']] },
    { name: 'comment not touching the delimiter', text: '{{/* c */ }}', expected: [['TEMPLATE_SYNTAX', '{{/* c */']] },
    { name: 'unterminated string', text: '{{ "abc }}', expected: [['TEMPLATE_SYNTAX', '"abc }}']] },
    { name: 'unterminated raw string', text: '{{ `abc }}', expected: [['TEMPLATE_SYNTAX', '`abc }}']] },
    { name: 'bad escape', text: '{{ "a\\qb" }}', expected: [['TEMPLATE_SYNTAX', '\\q']] },
    { name: 'trailing pipe', text: '{{ random 20 | }}', expected: [['TEMPLATE_SYNTAX', '|']] },
    { name: 'empty action', text: 'a{{ }}', expected: [['TEMPLATE_SYNTAX', '}}']] },
    { name: 'unclosed parenthesis', text: '{{ printf "%s" (random 20 }}', expected: [['TEMPLATE_SYNTAX', '(']] },
    { name: 'stray closing parenthesis', text: '{{ random 20) }}', expected: [['TEMPLATE_SYNTAX', ')']] },
    { name: 'missing space between operands', text: '{{ printf "%s""b" }}', expected: [['TEMPLATE_SYNTAX', '"b"']] },
    { name: 'float literal', text: '{{ truncate 1.5 "abc" }}', expected: [['TEMPLATE_SYNTAX', '1.5']] },
    { name: 'variable', text: '{{ $x := 1 }}', expected: [['TEMPLATE_SYNTAX', '$x']] },
    { name: 'the whole data', text: '{{ . }}', expected: [['TEMPLATE_SYNTAX', '.']] },
    { name: 'if without condition', text: '{{ if }}x{{ end }}', expected: [['TEMPLATE_SYNTAX', '{{ if }}']] },
    {
      name: 'second plain else',
      text: '{{ if .Type }}a{{ else }}b{{ else }}c{{ end }}',
      expected: [['TEMPLATE_SYNTAX', '{{ else }}c']],
    },
    {
      name: 'range and its end',
      text: '{{ range .Type }}{{ end }}',
      expected: [
        ['TEMPLATE_SYNTAX', '{{ range .Type }}'],
        ['TEMPLATE_UNMATCHED_END', '{{ end }}'],
      ],
    },
    { name: 'value piped into a value', text: '{{ "x" | "y" }}', expected: [['TEMPLATE_SYNTAX', '"y"']] },
    {
      name: 'arguments after a value',
      text: '{{ .DisplayName 5 }}',
      expected: [['TEMPLATE_SYNTAX', '.DisplayName 5']],
    },
    {
      name: 'string where a number is needed',
      text: '{{ truncate "a" .DisplayName }}',
      expected: [['TEMPLATE_ARG_TYPE', '"a"', { expected: 'int' }]],
    },
    {
      name: 'number where a string is needed',
      text: '{{ uppercase 1 }}',
      expected: [['TEMPLATE_ARG_TYPE', '1', { expected: 'string' }]],
    },
    {
      name: 'piped value of the wrong type',
      text: '{{ len .DisplayName | uppercase }}',
      expected: [['TEMPLATE_ARG_TYPE', 'len .DisplayName']],
    },
    { name: 'len of a number', text: '{{ len 5 }}', expected: [['TEMPLATE_ARG_TYPE', '5']] },
    { name: 'eq across types', text: '{{ eq 1 "a" }}', expected: [['TEMPLATE_ARG_TYPE', '"a"']] },
    {
      name: 'eq across types after constant folding',
      text: '{{ eq (or 0 1) "x" }}',
      expected: [['TEMPLATE_ARG_TYPE', '"x"']],
    },
    {
      name: 'ordering booleans',
      text: '{{ lt true false }}',
      expected: [
        ['TEMPLATE_ARG_TYPE', 'true'],
        ['TEMPLATE_ARG_TYPE', 'false'],
      ],
    },
    {
      name: 'missing argument through a pipe',
      text: '{{ .DisplayName | truncate }}',
      expected: [['TEMPLATE_ARITY', 'truncate', { expected: 'truncate N STRING' }]],
    },
    {
      name: 'too many arguments',
      text: '{{ random 20 | truncate 5 | uppercase 3 }}',
      expected: [['TEMPLATE_ARITY', 'uppercase 3']],
    },
    {
      name: 'niladic function given an argument',
      text: '{{ unix_time 5 }}',
      expected: [['TEMPLATE_ARITY', 'unix_time 5']],
    },
    {
      name: 'function argument that needs arguments',
      text: '{{ printf "%s" random }}',
      expected: [['TEMPLATE_ARITY', 'random']],
    },
    { name: 'eq with one argument', text: '{{ eq .Type }}', expected: [['TEMPLATE_ARITY', 'eq .Type']] },
    { name: 'truncate 0', text: '{{ truncate 0 "a" }}', expected: [['TEMPLATE_ARG_VALUE', '0']] },
    {
      name: 'truncate_sha256 8',
      text: '{{ .DisplayName | truncate_sha256 8 }}',
      expected: [['TEMPLATE_ARG_VALUE', '8']],
    },
    { name: 'negative random', text: '{{ random -1 }}', expected: [['TEMPLATE_ARG_VALUE', '-1']] },
    {
      name: 'several problems, in text order',
      text: '{{ foo }}{{ .Bar }}',
      expected: [
        ['TEMPLATE_UNKNOWN_FUNC', 'foo'],
        ['TEMPLATE_UNKNOWN_FIELD', '.Bar'],
      ],
    },
  ];
  for (const { name, text, expected } of cases) {
    it(name, () => {
      const parsed = parseTemplate(text, { path: '/roles/0/username_template' });
      assert.equal(parsed.template, undefined);
      const actual = parsed.problems.map((p) => [p.code, p.data?.['valueOffset'], p.data?.['valueLength']]);
      let from = 0;
      const wanted = expected.map(([code, needle]) => {
        const [offset, length] = expectedSpan(text, needle, from);
        from = offset + 1;
        return [code, offset, length];
      });
      assert.deepEqual(actual, wanted);
      for (const [i, problem] of parsed.problems.entries()) {
        assert.equal(problem.path, '/roles/0/username_template');
        assert.equal(problem.target, 'value');
        assert.equal(problem.severity, 'error');
        assert.ok(problem.message.length > 10);
        for (const [key, value] of Object.entries(expected[i]?.[2] ?? {}))
          assert.equal(problem.data?.[key], value, key);
      }
    });
  }

  it('uses /username_template as the default path', () => {
    const [problem] = parseTemplate('{{ foo }}').problems;
    assert.equal(problem?.path, '/username_template');
  });

  it('names the unsupported builtin as such', () => {
    const [problem] = parseTemplate('{{ html "x" }}').problems;
    assert.match(problem?.message ?? '', /do not support/);
  });

  it('keeps a broken if open so its else and end still match', () => {
    const codes = parseTemplate('{{ if foo }}a{{ else }}b{{ end }}').problems.map((p) => p.code);
    assert.deepEqual(codes, ['TEMPLATE_UNKNOWN_FUNC']);
  });
});

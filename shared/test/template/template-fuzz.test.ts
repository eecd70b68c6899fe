import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_USERNAME_TEMPLATE, parseTemplate } from '@keyfob/shared/template';
import { analyzeTemplate } from '../../src/template/analyze-template.ts';
import { renderTemplate } from '../../src/template/render-template.ts';
import { TemplateRenderError } from '../../src/template/template-render-error.ts';
import type { LengthBound } from '@keyfob/shared/template';
import type { Template } from '../../src/template/ast.ts';
import type { TemplateVars } from '../../src/template/render-template.ts';
import { utf8Length } from '../../src/template/utf8.ts';
import { seededRandom } from '../../../test/helpers/seeded-random.ts';

const CORPUS = [
  DEFAULT_USERNAME_TEMPLATE,
  '{{ if eq .Type "STS" }}{{ printf "ci-%s" (random 10) }}{{ else }}{{ .DisplayName | truncate 20 }}-{{ .PolicyName | replace "_" "-" | lowercase }}-{{ unix_time }}{{ end }}',
  '{{- /* c */ -}} {{ timestamp "20060102" }}-{{ uuid | truncate 8 }}-{{ sha256 .DisplayName | truncate_sha256 12 }}',
  '{{ if and .DisplayName (ne .Type "STS") }}{{ printf "%-8.4s|%05d|%q" .DisplayName (len .PolicyName) .PolicyName }}{{ else if .PolicyName }}{{ base64 .PolicyName }}{{ else }}x{{ end }}',
];
const PIECES = [
  '{{',
  '}}',
  '{{-',
  '-}}',
  '(',
  ')',
  '|',
  '"',
  '`',
  ' ',
  '.',
  '.Type',
  '.DisplayName',
  'random 5',
  'truncate 3',
  'if',
  'else',
  'end',
  '%s',
  '%d',
  '1',
  '-',
  '$',
  '\\',
  'é',
  '/*',
  '*/',
  'printf',
  'eq',
  'or',
];
const NAME_CHARS = 'abcXYZ019+=,.@_-';

function mutate(text: string, random: () => number): string {
  const at = Math.floor(random() * (text.length + 1));
  const piece = PIECES[Math.floor(random() * PIECES.length)] ?? '';
  switch (Math.floor(random() * 4)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 6));
    case 1:
      return text.slice(0, at) + piece + text.slice(at);
    case 2:
      return text.slice(0, at) + text.slice(at, at + 12) + text.slice(at);
    default:
      return text.slice(0, at) + piece + text.slice(at + piece.length);
  }
}

function randomName(random: () => number, min: number, max: number): string {
  const length = min + Math.floor(random() * (max - min + 1));
  return Array.from({ length }, () => NAME_CHARS[Math.floor(random() * NAME_CHARS.length)]).join('');
}

function assertWithin(length: number, bound: LengthBound, label: string): void {
  assert.ok(length >= bound.min, `${label}: ${length} < min ${bound.min}`);
  if (bound.max !== undefined) assert.ok(length <= bound.max, `${label}: ${length} > max ${bound.max}`);
}

/** Renders with random inputs and checks the output length against the analysis. */
function checkSoundness(template: Template, random: () => number, label: string): void {
  const options = { displayNameMax: 40, policyNameMax: 30 };
  const analysis = analyzeTemplate(template, options);
  const deps = {
    now: () => new Date(Math.floor(random() * 4_000_000_000_000) + 1_000_000_000_000),
    randomInt: (n: number) => Math.floor(random() * n),
  };
  const vars: Record<'IAM' | 'STS', TemplateVars> = {
    IAM: { Type: 'IAM', DisplayName: randomName(random, 0, 40), PolicyName: randomName(random, 1, 30) },
    STS: { Type: 'STS', DisplayName: '', PolicyName: '' },
  };
  for (const type of ['IAM', 'STS'] as const) {
    let output: string;
    try {
      output = renderTemplate(template, vars[type], deps);
    } catch (error) {
      assert.ok(error instanceof TemplateRenderError, `${label}: unexpected ${String(error)}`);
      continue;
    }
    assertWithin(utf8Length(output), analysis[type], `${label} ${type}`);
  }
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** A random string expression of the template language, at most `depth` calls deep. */
function generateExpr(random: () => number, depth: number): string {
  const leaves = [
    '.DisplayName',
    '.PolicyName',
    '.Type',
    '"lit"',
    '""',
    '(random 7)',
    '(unix_time)',
    '(unix_time_millis)',
    '(uuid)',
    '(timestamp "Jan 2 15:04")',
    '(timestamp "2006-01-02T15:04:05.999Z07:00")',
  ];
  if (depth <= 0 || random() < 0.3) return pick(random, leaves);
  const inner = (): string => generateExpr(random, depth - 1);
  const n = 1 + Math.floor(random() * 40);
  const calls = [
    () => `(truncate ${n} ${inner()})`,
    () => `(truncate_sha256 ${n + 8} ${inner()})`,
    () => `(uppercase ${inner()})`,
    () => `(lowercase ${inner()})`,
    () => `(replace "${pick(random, ['a', '-', '', 'ab'])}" "${pick(random, ['', 'x', 'yyy'])}" ${inner()})`,
    () => `(sha256 ${inner()})`,
    () => `(base64 ${inner()})`,
    () => `(printf "${pick(random, ['%s', '%s-%s', '%-6.3s|%s', '%q', '%x', '%5s%%'])}" ${inner()} ${inner()})`,
    () => `(printf "%d" (len ${inner()}))`,
    () => `(or ${inner()} ${inner()})`,
    () => `(and ${inner()} ${inner()})`,
    () => `(print ${inner()} ${n})`,
    () => `(${inner()} | truncate ${n})`,
  ];
  return pick(random, calls)();
}

/** A random valid template: text, outputs and ifs (on .Type or on data). */
function generateTemplate(random: () => number, depth: number): string {
  const parts: string[] = [];
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const roll = random();
    if (roll < 0.2) parts.push(pick(random, ['-', 'x_', 'é']));
    else if (roll < 0.75 || depth <= 0) parts.push(`{{ ${generateExpr(random, 3)} }}`);
    else {
      const condition = pick(random, [
        'eq .Type "STS"',
        'ne .Type "IAM"',
        '.DisplayName',
        `lt (len .PolicyName) 10`,
        'not .DisplayName',
      ]);
      const elseIf =
        random() < 0.3
          ? `{{ else if ${pick(random, ['.PolicyName', 'eq .Type "IAM"'])} }}${generateTemplate(random, depth - 1)}`
          : '';
      const elsePart = random() < 0.6 ? `{{ else }}${generateTemplate(random, depth - 1)}` : '';
      parts.push(`{{ if ${condition} }}${generateTemplate(random, depth - 1)}${elseIf}${elsePart}{{ end }}`);
    }
  }
  return parts.join('');
}

describe('template fuzzing', () => {
  it('never throws on mutated templates, keeps spans inside the text, and the length analysis holds', () => {
    const random = seededRandom(20240601);
    let parsedOk = 0;
    for (let i = 0; i < 3000; i++) {
      let text = CORPUS[i % CORPUS.length] ?? '';
      const edits = 1 + Math.floor(random() * 3);
      for (let e = 0; e < edits; e++) text = mutate(text, random);
      const { template, problems } = parseTemplate(text);
      for (const problem of problems) {
        const offset = problem.data?.['valueOffset'];
        const length = problem.data?.['valueLength'];
        assert.ok(typeof offset === 'number' && typeof length === 'number', JSON.stringify(problem));
        assert.ok(
          offset >= 0 && length >= 0 && offset + length <= text.length,
          `${JSON.stringify(text)}: ${JSON.stringify(problem)}`,
        );
      }
      assert.equal(
        template === undefined,
        problems.some((p) => p.severity === 'error'),
      );
      if (template) {
        parsedOk++;
        checkSoundness(template, random, JSON.stringify(text));
      }
    }
    assert.ok(parsedOk > 150, `only ${parsedOk} mutants parsed; the soundness check saw too few`);
  });

  it('the analysis bounds hold for the corpus itself over many random inputs', () => {
    const random = seededRandom(7);
    for (const text of CORPUS) {
      const { template } = parseTemplate(text);
      assert.ok(template);
      for (let i = 0; i < 200; i++) checkSoundness(template, random, text);
    }
  });

  it('the analysis bounds hold for thousands of generated templates', () => {
    const random = seededRandom(99);
    for (let i = 0; i < 1500; i++) {
      const text = generateTemplate(random, 3);
      const { template, problems } = parseTemplate(text);
      assert.deepEqual(problems, [], text);
      assert.ok(template);
      checkSoundness(template, random, text);
    }
  });

  const hostile: { name: string; text: string; code: string | undefined }[] = [
    { name: 'a long plain text', text: 'a'.repeat(200_000), code: undefined },
    { name: 'thousands of actions', text: '{{ "x" }}'.repeat(20_000), code: undefined },
    { name: 'thousands of unclosed delimiters', text: '{{'.repeat(50_000), code: 'TEMPLATE_UNCLOSED_ACTION' },
    {
      name: 'deeply nested parentheses',
      text: `{{ ${'('.repeat(5000)}"x"${')'.repeat(5000)} }}`,
      code: 'TEMPLATE_SYNTAX',
    },
    {
      name: 'deeply nested ifs',
      text: `${'{{ if .Type }}'.repeat(5000)}${'{{ end }}'.repeat(5000)}`,
      code: 'TEMPLATE_SYNTAX',
    },
    { name: 'a long string literal', text: `{{ "${'x'.repeat(100_000)}" }}`, code: undefined },
  ];
  for (const { name, text, code } of hostile) {
    it(`handles ${name}`, () => {
      const { problems } = parseTemplate(text);
      assert.equal(problems[0]?.code, code);
    });
  }
});

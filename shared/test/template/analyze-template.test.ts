import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_USERNAME_TEMPLATE, parseTemplate } from '@keyfob/shared/template';
import { analyzeTemplate } from '../../src/template/analyze-template.ts';
import type { LengthBound } from '@keyfob/shared/template';
import type { AnalyzeOptions } from '../../src/template/analyze-template.ts';
import type { Template } from '../../src/template/ast.ts';

function parsed(text: string): Template {
  const { template, problems } = parseTemplate(text);
  assert.deepEqual(problems, []);
  assert.ok(template);
  return template;
}

const small: AnalyzeOptions = { displayNameMax: 10, policyNameMax: 5 };
const STS_BRANCH = (sts: string, iam: string): string => `{{ if eq .Type "STS" }}${sts}{{ else }}${iam}{{ end }}`;

describe('analyzeTemplate', () => {
  const cases: {
    name: string;
    text: string;
    options?: AnalyzeOptions;
    IAM: LengthBound;
    STS: LengthBound;
    branches?: boolean;
  }[] = [
    {
      name: 'the default template',
      text: DEFAULT_USERNAME_TEMPLATE,
      IAM: { min: 41, max: 64 },
      STS: { min: 32, max: 32 },
      branches: true,
    },
    {
      name: 'random 40 untruncated exceeds STS',
      text: '{{ random 40 }}',
      IAM: { min: 40, max: 40 },
      STS: { min: 40, max: 40 },
      branches: false,
    },
    {
      name: 'fields use the default maxima (256, 128)',
      text: '{{ printf "%s-%s" .DisplayName .PolicyName }}',
      IAM: { min: 2, max: 385 },
      STS: { min: 1, max: 1 },
    },
    {
      name: 'fields use the given maxima',
      text: '{{ printf "%s-%s" .DisplayName .PolicyName }}',
      options: small,
      IAM: { min: 2, max: 16 },
      STS: { min: 1, max: 1 },
    },
    {
      name: 'truncate N caps',
      text: '{{ .DisplayName | truncate 20 }}',
      IAM: { min: 0, max: 20 },
      STS: { min: 0, max: 0 },
    },
    {
      name: 'truncate keeps a shorter input',
      text: '{{ .PolicyName | truncate 20 }}',
      options: small,
      IAM: { min: 1, max: 5 },
      STS: { min: 0, max: 0 },
    },
    {
      name: 'truncate_sha256 caps',
      text: '{{ .DisplayName | truncate_sha256 20 }}',
      IAM: { min: 0, max: 20 },
      STS: { min: 0, max: 0 },
    },
    {
      name: 'fixed-size functions',
      text: '{{ unix_time }}{{ unix_time_millis }}{{ uuid }}{{ sha256 .DisplayName }}',
      IAM: { min: 123, max: 123 },
      STS: { min: 123, max: 123 },
    },
    {
      name: 'base64 of n bytes is 4*ceil(n/3)',
      text: '{{ base64 .PolicyName }}',
      options: small,
      IAM: { min: 4, max: 8 },
      STS: { min: 0, max: 0 },
    },
    {
      name: 'constants are evaluated exactly',
      text: '{{ base64 "abcd" }}-{{ printf "%05d" 7 }}',
      IAM: { min: 14, max: 14 },
      STS: { min: 14, max: 14 },
    },
    {
      name: 'timestamp layouts',
      text: '{{ timestamp "20060102150405" }}|{{ timestamp "Jan 2" }}',
      IAM: { min: 20, max: 21 },
      STS: { min: 20, max: 21 },
    },
    {
      name: 'uppercase keeps ASCII lengths',
      text: '{{ uppercase .PolicyName }}',
      IAM: { min: 1, max: 128 },
      STS: { min: 0, max: 0 },
    },
    {
      name: 'replace can grow by the difference per match',
      text: '{{ replace "-" "--" .PolicyName }}',
      options: small,
      IAM: { min: 1, max: 10 },
      STS: { min: 0, max: 0 },
    },
    {
      name: 'replace can shrink',
      text: '{{ replace "ab" "" .PolicyName }}',
      options: small,
      IAM: { min: 1, max: 5 },
      STS: { min: 0, max: 0 },
    },
    {
      name: 'printf width and precision',
      text: '{{ printf "%8.3s" .DisplayName }}',
      IAM: { min: 8, max: 8 },
      STS: { min: 8, max: 8 },
    },
    {
      name: 'an if on .Type is decided per type',
      text: STS_BRANCH('{{ random 10 }}', '{{ random 50 }}'),
      IAM: { min: 50, max: 50 },
      STS: { min: 10, max: 10 },
      branches: true,
    },
    {
      name: 'an if without else',
      text: '{{ if eq .Type "STS" }}{{ random 10 }}{{ end }}',
      IAM: { min: 0, max: 0 },
      STS: { min: 10, max: 10 },
      branches: true,
    },
    {
      name: 'an unknown condition takes both arms',
      text: '{{ if .DisplayName }}abc{{ else }}z{{ end }}',
      IAM: { min: 1, max: 3 },
      STS: { min: 1, max: 1 },
      branches: false,
    },
    {
      name: 'else if on .Type',
      text: '{{ if eq .Type "X" }}x{{ else if ne .Type "STS" }}iam{{ else }}s{{ end }}',
      IAM: { min: 3, max: 3 },
      STS: { min: 1, max: 1 },
      branches: true,
    },
    {
      name: 'a .Type condition nested inside another if',
      text: '{{ if .DisplayName }}{{ if eq .Type "STS" }}s{{ end }}{{ end }}',
      IAM: { min: 0, max: 0 },
      STS: { min: 0, max: 0 },
      branches: true,
    },
    {
      name: 'a computed random length is unbounded',
      text: '{{ random (len .DisplayName) }}',
      IAM: { min: 0, max: undefined },
      STS: { min: 0, max: 0 },
    },
    {
      name: 'a computed printf format is unbounded',
      text: '{{ printf .DisplayName }}',
      IAM: { min: 0, max: undefined },
      STS: { min: 0, max: 0 },
    },
    {
      name: 'and/or take the deciding argument',
      text: '{{ or .DisplayName "anonymous" }}',
      options: small,
      IAM: { min: 0, max: 10 },
      STS: { min: 9, max: 9 },
    },
  ];
  for (const { name, text, options, IAM, STS, branches } of cases) {
    it(name, () => {
      const analysis = analyzeTemplate(parsed(text), options);
      assert.deepEqual({ IAM: analysis.IAM, STS: analysis.STS }, { IAM, STS });
      if (branches !== undefined) assert.equal(analysis.branchesOnType, branches);
    });
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkUsernameTemplate, DEFAULT_USERNAME_TEMPLATE, describeTemplate } from '@keyfob/shared/template';
import type { ProblemCode } from '@keyfob/shared/codes';
import type { CheckUsernameTemplateOptions } from '../../src/template/check-username-template.ts';
import { fixedDeps } from './fixed-deps.ts';

const branch = (sts: string, iam: string): string => `{{ if eq .Type "STS" }}${sts}{{ else }}${iam}{{ end }}`;

describe('checkUsernameTemplate', () => {
  const cases: {
    name: string;
    text: string;
    options?: CheckUsernameTemplateOptions;
    expected: [ProblemCode, string?][];
  }[] = [
    { name: 'the default template is clean', text: DEFAULT_USERNAME_TEMPLATE, expected: [] },
    { name: 'an empty template means the default', text: '', expected: [] },
    {
      name: 'a fitting template without a type branch',
      text: '{{ random 20 }}',
      expected: [['TEMPLATE_NO_TYPE_BRANCH']],
    },
    {
      name: 'an STS branch always over 32',
      text: branch('{{ random 40 }}', '{{ random 10 }}'),
      expected: [['TEMPLATE_ALWAYS_EXCEEDS_LIMIT', 'STS']],
    },
    {
      name: 'an IAM branch always over 64',
      text: branch('{{ random 10 }}', '{{ printf "user-%s" (random 64) }}'),
      expected: [['TEMPLATE_ALWAYS_EXCEEDS_LIMIT', 'IAM']],
    },
    {
      name: 'an IAM branch that may exceed 64',
      text: branch('{{ random 10 }}', '{{ .DisplayName }}'),
      expected: [['TEMPLATE_MAY_EXCEED_LIMIT', 'IAM']],
    },
    {
      name: 'the same IAM branch with short display names',
      text: branch('{{ random 10 }}', '{{ .DisplayName }}'),
      options: { displayNameMax: 60 },
      expected: [],
    },
    {
      name: 'role names count through roleNameMax',
      text: branch('{{ random 10 }}', '{{ .PolicyName }}-{{ random 20 }}'),
      options: { roleNameMax: 50 },
      expected: [['TEMPLATE_MAY_EXCEED_LIMIT', 'IAM']],
    },
    {
      name: 'unbounded IAM length',
      text: branch('x', '{{ random (len .DisplayName) }}'),
      expected: [['TEMPLATE_MAY_EXCEED_LIMIT', 'IAM']],
    },
    {
      name: 'no branch, and STS names only sometimes too long',
      text: '{{ random 25 }}-{{ timestamp "January" }}',
      expected: [['TEMPLATE_NO_TYPE_BRANCH'], ['TEMPLATE_MAY_EXCEED_LIMIT', 'STS']],
    },
    {
      name: 'STS gets empty names, so fields add nothing there',
      text: '{{ random 30 }}{{ .DisplayName | truncate 30 }}',
      expected: [['TEMPLATE_NO_TYPE_BRANCH']],
    },
    {
      name: 'parse problems only, no analysis',
      text: '{{ random 40 | trunc 32 }}',
      expected: [['TEMPLATE_UNKNOWN_FUNC']],
    },
  ];
  for (const { name, text, options, expected } of cases) {
    it(name, () => {
      const problems = checkUsernameTemplate(text, { path: '/config/username_template', ...options });
      assert.deepEqual(
        problems.map((p) => p.code),
        expected.map(([code]) => code),
      );
      for (const [i, problem] of problems.entries()) {
        assert.equal(problem.path, '/config/username_template');
        assert.equal(problem.target, 'value');
        const type = expected[i]?.[1];
        if (type === undefined) continue;
        assert.equal(problem.data?.['type'], type);
        assert.match(problem.message, new RegExp(`${type} username`));
        assert.match(problem.message, new RegExp(`truncate ${type === 'IAM' ? 64 : 32}`));
        assert.deepEqual([problem.data?.['valueOffset'], problem.data?.['valueLength']], [0, text.length]);
      }
    });
  }

  // TEMPLATE_USERNAME_CHARACTERS: [template, the refused text as [a unique piece around it, its offset in the piece, its length]].
  const characterCases: { name: string; text: string; spans: [string, number, number][] }[] = [
    {
      name: 'names from fields and functions only',
      text: branch('kf-{{ random 20 }}', 'kf_{{ .DisplayName | truncate 30 }}.{{ .PolicyName | truncate 20 }}@x'),
      spans: [],
    },
    {
      name: 'a space between two parts',
      text: branch('kf-{{ random 20 }}', 'kf {{ random 20 }}'),
      spans: [['kf {{', 2, 1]],
    },
    {
      name: 'a run of refused characters is one finding',
      text: branch('kf/#{{ random 20 }}', 'kf-{{ random 20 }}'),
      spans: [['kf/#', 2, 2]],
    },
    {
      name: 'text a trim marker removed is not judged',
      text: branch('kf{{- " " -}}   {{- random 20 }}', 'a:b{{ random 20 }}'),
      spans: [['a:b', 1, 1]],
    },
    {
      name: 'a line break left at the end (a YAML block scalar)',
      text: `${branch('kf{{ random 20 }}', 'kf{{ random 20 }}')}\n`,
      spans: [['end }}\n', 6, 1]],
    },
  ];
  for (const { name, text, spans } of characterCases) {
    it(`user name characters: ${name}`, () => {
      const found = checkUsernameTemplate(text).filter((p) => p.code === 'TEMPLATE_USERNAME_CHARACTERS');
      const expected = spans.map(([piece, offset, length]) => [text.indexOf(piece) + offset, length]);
      assert.deepEqual(
        found.map((p) => [p.data?.['valueOffset'], p.data?.['valueLength']]),
        expected,
      );
      for (const problem of found) assert.match(problem.message, /ValidationError/);
    });
  }

  it('gives warnings and errors their catalogue severity', () => {
    const severities = checkUsernameTemplate('{{ .PolicyName | truncate 40 }}{{ random 40 }}').map((p) => [
      p.code,
      p.severity,
    ]);
    assert.deepEqual(severities, [
      ['TEMPLATE_NO_TYPE_BRANCH', 'warning'],
      ['TEMPLATE_MAY_EXCEED_LIMIT', 'warning'],
      ['TEMPLATE_ALWAYS_EXCEEDS_LIMIT', 'error'],
    ]);
  });

  it('names the worst length in the message', () => {
    const [problem] = checkUsernameTemplate(branch('{{ random 10 }}', '{{ .DisplayName | truncate 70 }}'));
    assert.equal(problem?.code, 'TEMPLATE_MAY_EXCEED_LIMIT');
    assert.match(problem?.message ?? '', /70 characters/);
  });
});

describe('describeTemplate', () => {
  it('renders the default template per type with the example names', () => {
    const description = describeTemplate('', fixedDeps());
    assert.deepEqual(description.examples.IAM, {
      ok: true,
      username: 'keyfob-token-deploy-deploy-1717243200-ABCDEFGHIJKLMNOPQRST',
    });
    assert.deepEqual(description.examples.STS, { ok: true, username: 'keyfob-1717243200-UVWXYZabcdefgh' });
    assert.deepEqual(description.analysis, {
      IAM: { min: 41, max: 64 },
      STS: { min: 32, max: 32 },
      branchesOnType: true,
    });
    assert.deepEqual(description.limits, { IAM: 64, STS: 32 });
    assert.deepEqual(description.problems, []);
  });

  it('shows the 500 an over-long template causes', () => {
    const description = describeTemplate('{{ random 40 }}', fixedDeps());
    assert.equal(description.examples.IAM.ok, true);
    assert.equal(description.examples.STS.ok, false);
    assert.deepEqual(description.analysis?.STS, { min: 40, max: 40 });
  });

  it('reports parse problems and no analysis for a broken template', () => {
    const description = describeTemplate('{{ if .Type }}', fixedDeps());
    assert.equal(description.analysis, undefined);
    assert.deepEqual(
      description.problems.map((p) => p.code),
      ['TEMPLATE_MISSING_END'],
    );
    assert.equal(description.examples.IAM.ok, false);
  });
});

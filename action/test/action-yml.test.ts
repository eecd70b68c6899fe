import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { INPUT_DEFAULTS, MODES, RUNNER_DEFAULTS } from '../src/action-config.ts';
import { ALL_INPUTS } from '../src/mode-inputs.ts';

interface ActionYml {
  inputs: Record<string, { description: string; required: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: Record<string, string>;
}

const yml = parse(readFileSync(new URL('../action.yml', import.meta.url), 'utf8')) as ActionYml;

describe('action.yml', () => {
  it('runs the committed bundles on node24, with a post step that always runs', () => {
    assert.deepEqual(yml.runs, {
      using: 'node24',
      main: 'dist/main.cjs',
      post: 'dist/post.cjs',
      'post-if': 'always()',
    });
  });

  it('declares exactly the inputs the code reads', () => {
    assert.deepEqual(Object.keys(yml.inputs).sort(), [...ALL_INPUTS].sort());
  });

  it("repeats the code's defaults, so a run without the runner behaves the same", () => {
    const declared = Object.fromEntries(
      Object.entries(yml.inputs)
        .filter(([, i]) => i.default !== undefined)
        .map(([n, i]) => [n, String(i.default)]),
    );
    assert.deepEqual(declared, { ...INPUT_DEFAULTS, ...RUNNER_DEFAULTS });
  });

  it('documents every input and output, and names every mode', () => {
    for (const [name, input] of Object.entries(yml.inputs)) {
      assert.ok(input.description.length > 20, `input ${name} needs a description`);
      assert.equal(
        input.required,
        false,
        `input ${name}: requirements depend on the mode and are checked by the action`,
      );
    }
    for (const [name, output] of Object.entries(yml.outputs))
      assert.ok(output.description.length > 10, `output ${name}`);
    for (const mode of MODES) assert.match(yml.inputs.mode?.description ?? '', new RegExp(`\`${mode}\``));
  });
});

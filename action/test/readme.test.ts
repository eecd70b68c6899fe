import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { README_FILES, renderTables } from '../src/docs/readme-tables.ts';

describe('READMEs', () => {
  for (const file of README_FILES) {
    it(`${file.pathname.split('/').slice(-2).join('/')} carries the current inputs and outputs tables (npx tsx action/src/docs/readme-tables.ts)`, () => {
      assert.ok(readFileSync(file, 'utf8').includes(renderTables()));
    });
  }

  it('the root README keeps the action section after Layout, between its markers', () => {
    const text = readFileSync(README_FILES[1] ?? '', 'utf8');
    const layout = text.indexOf('## Layout');
    const start = text.indexOf('<!-- action:start -->');
    const end = text.indexOf('<!-- action:end -->');
    assert.ok(layout !== -1 && layout < start && start < end);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tagField } from '../../src/history/struct-tag.ts';

/** `tagField` of the first tag value of `text` (after its first `"`, up to the next). */
function field(text: string, jsonapi: boolean): { name: string; start: number; primary: boolean } | undefined {
  const valueStart = text.indexOf('"') + 1;
  const found = tagField(text, valueStart, text.indexOf('"', valueStart), jsonapi);
  return found && { ...found };
}

// The commas are looked for within the value only (a search on to the text's end ran once per tag).
describe('tagField: a Go struct tag key read within its value', () => {
  it('reads the first comma part of json and url keys, the second of jsonapi keys', () => {
    assert.deepEqual(field('`json:"plan-timeout"`', false), { name: 'plan-timeout', start: 7, primary: false });
    assert.deepEqual(field('`url:"q,omitempty"`', false), { name: 'q', start: 6, primary: false });
    assert.deepEqual(field('`jsonapi:"attr,plan-timeout,omitempty"`', true), {
      name: 'plan-timeout',
      start: 15,
      primary: false,
    });
    assert.deepEqual(field('`jsonapi:"primary,varsets"`', true), { name: 'varsets', start: 18, primary: true });
  });

  it('reads no comma after the value: a jsonapi key without one has no name', () => {
    assert.equal(field('`jsonapi:"attr"` `json:"a,b"`', true), undefined);
    assert.deepEqual(field('`url:"q"` `json:"a,b"`', false), { name: 'q', start: 6, primary: false });
  });

  it('leaves out an empty name and `-`', () => {
    assert.equal(field('`json:"-"`', false), undefined);
    assert.equal(field('`json:",omitempty"`', false), undefined);
    assert.equal(field('`jsonapi:"attr,"`', true), undefined);
  });
});

// Keys given by a wire name annotation or a map's `put` (shared/src/history/source-text.ts `isAccessorKey`, its
// WIRE_NAME_CALLS table): the forms each library writes, and the ones it does not, read alike by both of the table's
// readings (the key as the first argument, the key after `name`/`value`). Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAccessorKey } from '../../src/history/source-text.ts';

/** Whether the `"stage"` (or `'stage'`) in a snippet is read as a key. */
const readsKey = (snippet: string): boolean => {
  const open = snippet.search(/["']stage["']/);
  assert.notEqual(open, -1, snippet);
  return isAccessorKey(snippet, open, open + 6);
};

describe('a key given by a wire name annotation or a map put', () => {
  it('as the first argument: Jackson, Gson, kotlinx, System.Text.Json, a map put', () => {
    for (const snippet of [
      '@JsonProperty("stage")',
      '@JsonAlias("stage")',
      '@SerializedName("stage")',
      '@SerialName("stage")',
      '[JsonPropertyName("stage")]',
      'body.put("stage", value)',
    ])
      assert.equal(readsKey(snippet), true, snippet);
    // Annotations whose key is named only (Dart's JsonKey, Moshi's Json), and calls that give no key.
    for (const snippet of ["@JsonKey('stage')", '@Json("stage")', '@Other("stage")', 'log("stage")'])
      assert.equal(readsKey(snippet), false, snippet);
  });

  it('after name or value: Dart, Moshi, Jackson, Gson, kotlinx; not in a call that takes no named key', () => {
    for (const snippet of [
      "@JsonKey(name: 'stage')",
      '@Json(name = "stage")',
      '@JsonProperty(value = "stage")',
      '@JsonProperty(name = "stage")',
      '@SerializedName(value = "stage")',
      '@SerialName(value = "stage")',
    ])
      assert.equal(readsKey(snippet), true, snippet);
    for (const snippet of ['@Other(name = "stage")', 'body.put(name = "stage")', 'run(value = "stage")'])
      assert.equal(readsKey(snippet), false, snippet);
  });
});

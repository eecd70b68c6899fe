// The readers' gates' markers (text-markers.ts): a marker searched by its part from its rarest character on gives
// the first occurrence a plain search gives, asked once or many times. Texts written for these tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextMarkers } from '../../src/history/text-markers.ts';
import { seededInts } from './seeded-random.ts';

const TEXT = [
  'import requests',
  'attrs = item.get("attributes")  # not .attributes',
  'name = ws.attributes["name"]',
  'rel = ws.relationships',
  'aq qaq aaq',
].join('\n');

test('each marker is found where a plain search finds it first', () => {
  const markers = new TextMarkers(TEXT);
  for (const marker of [
    '.attributes',
    '.relationships',
    'attributes',
    'requests',
    'aq',
    'q',
    'def ',
    'terrasnek',
    'é',
    '',
  ])
    for (let k = 0; k < 2; k++) assert.equal(markers.first(marker), TEXT.indexOf(marker), `${marker} (ask ${k + 1})`);
});

test('has and any answer from the first occurrence', () => {
  const markers = new TextMarkers(TEXT);
  assert.equal(markers.has('.relationships'), true);
  assert.equal(markers.has('jsondecode'), false);
  assert.equal(markers.any(['jsondecode', 'curl']), false);
  assert.equal(markers.any(['jsondecode', 'requests']), true);
});

test('a marker whose rare part comes before it in the text is not found there', () => {
  // `butes` occurs first inside `attributes`, before any `.attributes`: the whole marker decides.
  assert.equal(new TextMarkers('attributes x.attributes').first('.attributes'), 12);
  assert.equal(new TextMarkers('q aq').first('aq'), 2);
  assert.equal(new TextMarkers('qq').first('aq'), -1);
});

test('a long marker is searched by at most six of its characters, each find checked whole', () => {
  // `"attributes"` by `"attri` (its first character is not much commoner than its rarest), the import path by
  // `-clien` (from its rarest character): finds of the part that are not the marker are passed over.
  const text = '"attribute" "attributes_x" x-client/go "github.com/tsanton/tfe-client/tfe" "attributes"';
  for (const marker of ['"attributes"', 'github.com/tsanton/tfe-client/tfe', '-client/tfe', '"attributes_x"'])
    assert.equal(new TextMarkers(text).first(marker), text.indexOf(marker), marker);
  assert.equal(new TextMarkers('"attribute" x-client/go').first('"attributes"'), -1);
});

test('made-up texts: the first occurrence of every marker is the plain search', () => {
  // Texts over a small alphabet make the parts of long markers occur often, whole or not.
  const random = seededInts(7);
  const alphabet = 'abt"-.ceilnr/ ';
  const markers = ['"attributes"', '-client/tfe', 'tribute', 'b-c.e', 'ab', 'b', 'attributes"x'];
  for (let k = 0; k < 3000; k++) {
    let text = '';
    const length = random(80);
    for (let i = 0; i < length; i++) text += alphabet.charAt(random(alphabet.length));
    // Plant a marker now and then, so that found and not found are both tried.
    if (random(3) === 0) {
      const at = random(text.length + 1);
      text = text.slice(0, at) + markers[random(markers.length)]! + text.slice(at);
    }
    const found = new TextMarkers(text);
    for (const marker of markers) assert.equal(found.first(marker), text.indexOf(marker), `${marker} in ${text}`);
  }
});

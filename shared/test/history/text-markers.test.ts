// The readers' gates' markers (text-markers.ts): a marker searched by its part from its rarest character on gives
// the first occurrence a plain search gives, asked once or many times. Texts written for these tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextMarkers } from '../../src/history/text-markers.ts';

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

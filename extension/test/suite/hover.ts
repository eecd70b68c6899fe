import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import { hoverText, openFixture, positionOf } from './helpers.ts';

/** Hover: schema documentation, credential types, the rules behind a field, value previews, username template. */
export function registerHoverTests(): void {
  suite('hover', () => {
    test('a key shows its documentation, the types that accept it and the rules that check it', async () => {
      const document = await openFixture('roles/deploy.role.yaml');
      const text = await hoverText(document, positionOf(document, 'role_arns', 2));
      assert.match(text, /role_arns/);
      assert.match(text, /assumed_role/);
      assert.match(text, /ROLE_ARNS_REQUIRED/);
      assert.doesNotMatch(text, /seed 1/i);
    });

    test('a duration value is shown normalised', async () => {
      const document = await openFixture('roles/deploy.role.yaml');
      const text = await hoverText(document, positionOf(document, '1h30m', 1));
      assert.match(text, /5400 s/);
      assert.match(text, /1h30m0s/);
    });

    test('username_template shows an example and its worst case against 64/32', async () => {
      const document = await openFixture('roles/template.root.yaml');
      const text = await hoverText(document, positionOf(document, 'username_template', 3));
      assert.match(text, /username_template/);
      assert.match(text, /64/);
      assert.match(text, /32/);
    });
  });
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocuments } from '@keyfob/shared/documents';
import { hoverAt } from '../../src/editor/hover.ts';
import type { FileKind } from '../../src/editor/resource-at.ts';
import { cursor } from './cursor.ts';

const DEPS = { now: () => new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), randomInt: (max: number) => 3 % max };

interface Case {
  readonly name: string;
  readonly format?: 'yaml' | 'json';
  readonly kind?: FileKind;
  readonly source: string;
  /** Patterns the Markdown must match. */
  readonly matches: readonly RegExp[];
  /** The hovered span's text. */
  readonly span?: string;
}

const CASES: readonly Case[] = [
  {
    name: 'key: description, types, the rules that check it',
    source: 'credential_type: assumed_role\nrole_a|rns: [arn:aws:iam::123456789012:role/x]\n',
    matches: [
      /\*\*`role_arns`\*\*/,
      /Valid for: `assumed_role` — this role \(`assumed_role`\) accepts it/,
      /Checked by:\n- \[`ROLE_ARNS_REQUIRED`\]\(https:\/\/github\.com\/keyfob\/keyfob\/blob\/main\/docs\/codes\.md#role_arns_required\): An `assumed_role` role lists no `role_arns`/,
    ],
    span: 'role_arns',
  },
  {
    name: 'a field the type forbids says so',
    source: 'credential_type: session_token\nuser_p|ath: /x/\n',
    matches: [/not allowed for this role \(`session_token`\)/],
  },
  {
    name: 'a field the type ignores says so',
    source: 'credential_type: assumed_role\nrole_arns: []\niam_t|ags: {a: b}\n',
    matches: [/ignores it/],
  },
  {
    name: 'duration value normalised',
    source: 'credential_type: assumed_role\ndefault_sts_ttl: 1h3|0m\n',
    matches: [/`1h30m` = 5400 s; the engine reads it back as `1h30m0s`/],
    span: '1h30m',
  },
  {
    name: 'a bad duration says why',
    source: 'credential_type: assumed_role\nmax_sts_ttl: 1|d\n',
    matches: [/Not a duration the engine accepts: .*24h/],
  },
  {
    name: 'comma list preview',
    source: 'credential_type: iam_user\npolicy_arns: a,|b\n',
    matches: [/Read as a list of 2: `a`, `b`/],
  },
  {
    name: 'credential_type value lists the fields it accepts',
    source: 'credential_type: sess|ion_token\n',
    matches: [/`session_token` roles accept: .*`mfa_serial_number`/],
  },
  {
    name: 'a list item describes its list',
    format: 'json',
    source: '{ "credential_type": "assumed_role", "role_arns": ["arn:aws:iam::1234567|89012:role/x"] }',
    matches: [/\*\*`role_arns`\*\*/],
  },
  { name: 'deprecated legacy field', source: 'ar|n: arn:aws:iam::aws:policy/x\n', matches: [/\*\*Deprecated\*\*/] },
  {
    name: 'enterprise field of the root config',
    kind: 'root-config',
    source: 'identity_token_a|udience: sts\n',
    matches: [/\*\*Enterprise\*\* edition only/],
  },
  {
    name: 'username_template: examples and worst case against 64/32',
    kind: 'root-config',
    source: 'username_te|mplate: "{{ if (eq .Type \\"STS\\") }}{{ random 40 }}{{ else }}{{ .DisplayName }}{{ end }}"\n',
    matches: [
      /STS: HTTP 500: .*32 chars; worst case 40 of 32 — always too long/,
      /IAM: `token-deploy` \(12 chars\); worst case \d+ of 64 — may exceed/,
    ],
  },
  {
    name: 'static role inside a manifest',
    kind: 'manifest',
    source: 'static_roles:\n  bot:\n    rotation_p|eriod: 1h\n',
    matches: [/\*\*`rotation_period`\*\*/, /3600 s/],
  },
];

describe('hoverAt', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { text, offset } = cursor(c.source);
      const file = parseDocuments(text, c.format ?? 'yaml');
      const hover = hoverAt(file, offset, { kindOf: () => c.kind ?? 'role', template: DEPS });
      assert.ok(hover, 'a hover');
      for (const pattern of c.matches) assert.match(hover.markdown, pattern);
      if (c.span) assert.equal(text.slice(hover.range.start, hover.range.end), c.span);
    });
  }

  it('no hover outside fields or in files of no kind', () => {
    const { text, offset } = cursor('credential_type: iam_user\niam_tags:\n  te|am: x\n');
    const file = parseDocuments(text, 'yaml');
    assert.equal(hoverAt(file, offset, { kindOf: () => 'role' }), undefined);
    assert.equal(hoverAt(file, 3, { kindOf: () => undefined }), undefined);
  });
});

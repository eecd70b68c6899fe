// A here-document's body is data (`cat > notes.md <<EOF`) unless a shell runs it (`| bash`, `bash <<EOF`, a script
// written to a `.sh` file, a Dockerfile's `RUN <<EOF`): data sends nothing, and no method word in it or near it decides
// for a URL written there. `<<` in arithmetic (`(( 1 << BIT ))`) is a shift. Inputs: review v1 of session 19 (items 1, 2, 6, 7).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, languageId = 'shellscript'): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const URL = 'https://app.terraform.io/api/v2/organizations/acme/registry-providers/private/acme/aws';
const GET = 'endpoint GET /organizations/:organization_name/registry-providers/:registry_name/:namespace/:name';

describe('history: here-documents in shell texts (review v1, items 1 and 6)', () => {
  it('a URL in a data body takes no method from a command near it', () => {
    const text = [
      '#!/bin/bash',
      "cat > /tmp/notes.txt <<'EOF'",
      `curl -s "${URL}"`,
      'EOF',
      'chmod +x /tmp/check.sh',
      'curl -s -X DELETE "$CACHE_URL/entries/provider"',
    ].join('\n');
    assert.deepEqual(endpoints(text), []);
  });

  it('a body written to a shell script, piped to a shell, or a Dockerfile RUN body, holds commands', () => {
    const script = [
      '#!/bin/bash',
      "cat > /tmp/check.sh <<'EOF'",
      `curl -s "${URL}"`,
      'EOF',
      'chmod +x /tmp/check.sh',
      'curl -s -X DELETE "$CACHE_URL/entries/provider"',
    ].join('\n');
    assert.deepEqual(endpoints(script), [`3 ${GET}`]);
    const piped = [
      "cat <<'EOF' | bash",
      'set -e',
      `curl -fsS "${URL}" -o /tmp/provider.json`,
      'curl -fsS -X DELETE "$CACHE_URL/entries/provider"',
      'EOF',
    ].join('\n');
    assert.deepEqual(endpoints(piped), [`3 ${GET}`]);
    const docker = [
      'FROM alpine:3.20',
      'RUN <<EOF',
      'set -e',
      `curl -fsS -H "Authorization: Bearer $TFE_TOKEN" "${URL}" -o /tmp/provider.json`,
      'curl -fsS -X DELETE "$CACHE_URL/entries/provider"',
      'EOF',
    ].join('\n');
    assert.deepEqual(endpoints(docker, 'dockerfile'), [`4 ${GET}`]);
  });

  it('`<<` inside `((`, `$((` or `$[` is a shift, not an opener', () => {
    for (const shift of ['(( flags = 1 << BIT ))', 'mask=$(( 1 << bit ))', 'mask=$[ 1 << bit ]'])
      assert.deepEqual(
        endpoints(
          [
            '#!/bin/bash',
            shift,
            `url="${URL}"`,
            'curl -fsS -H "Authorization: Bearer $TOKEN" "$url" -o provider.json',
            'curl -s -X DELETE "$CACHE_URL/entries/provider"',
          ].join('\n'),
        ),
        [`3 ${GET}`],
        shift,
      );
  });

  it('a method word in a data body does not decide for a URL near it (no other send)', () => {
    const text = [`url="${URL}"`, 'cat <<MSG', 'To remove it:', '  curl -X DELETE "$url"', 'MSG'].join('\n');
    assert.deepEqual(endpoints(text), []);
  });
});

describe('history: here-documents in CI files (review v1, items 2 and 7)', () => {
  const job = (name: string, steps: string[]): string =>
    [
      'jobs:',
      '  check:',
      `    name: ${name}`,
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: |',
      ...steps,
    ].join('\n');
  const y1 = [
    `          url="${URL}"`,
    '          cat > notes.md <<EOF',
    '          remove with: curl -X DELETE "$url"',
    '          EOF',
    '          curl -s "$url"',
    '          url="https://example.com/other"',
  ];

  it("the body's command is not the one that sends the variable (y1b: variableSending's skip)", () => {
    assert.deepEqual(endpoints(job('Check the provider registry entry', y1), 'yaml'), [`7 ${GET}`]);
  });

  it("an apostrophe in a job's name hides no here-document (y1, y2)", () => {
    assert.deepEqual(endpoints(job("Check the provider's registry entry", y1), 'yaml'), [`7 ${GET}`]);
    const y2 = [
      `          url="${URL}"`,
      '          curl -s "$url"',
      '          cat >> "$GITHUB_STEP_SUMMARY" <<-\'EOF\'',
      '          remove with: curl -X DELETE "$url"',
      '          EOF',
    ];
    assert.deepEqual(endpoints(job("Check the provider's entry", y2), 'yaml'), [`7 ${GET}`]);
  });
});

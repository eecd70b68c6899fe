import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { history, searchHistory, timeline } from '@keyfob/shared/history';

describe('searchHistory', () => {
  const subjects: [string, string][] = [
    ['build worker timeout', 'attribute general-settings platform-build-worker-plan-timeout'],
    ['enforcement level', 'attribute policies enforcement-level'],
    ['github app installation id', 'attribute workspaces vcs-repo.code-host-app-installation-id'],
    ['github app installations', 'endpoint GET /github-app/installations'],
    ['tag bindings', 'endpoint GET /workspaces/:workspace_id/tag-bindings'],
  ];
  for (const [query, first] of subjects) {
    it(`ranks ${first} first for "${query}"`, () => assert.equal(searchHistory(query).subjects[0]?.item.id, first));
  }

  it('finds entries by date prefix and by words of their summary', () => {
    assert.deepEqual(
      searchHistory('2024-03')
        .entries.map((h) => h.item.date)
        .sort(),
      ['2024-03-12', '2024-03-14', '2024-03-26', '2024-03-27'],
    );
    assert.equal(searchHistory('saved plans').entries[0]?.item.date, '2023-08-21');
  });

  it('needs every word to be found', () => {
    assert.deepEqual(searchHistory('priority zebra'), { subjects: [], entries: [] });
    assert.deepEqual(searchHistory('  '), { subjects: [], entries: [] });
  });
});

describe('timeline', () => {
  const enforce = history.byId.get('attribute policies enforce');
  assert.ok(enforce);

  it('writes a markdown hover: heading, headline, one item per change newest first', () => {
    const lines = timeline(enforce).split('\n');
    assert.equal(lines[0], '**enforce** — attribute of policies');
    assert.equal(lines[1], '_deprecated 2023-05-25 → use enforcement-level_');
    const items = lines.filter((l) => l.startsWith('- '));
    assert.equal(items.length, 2);
    assert.match(
      items[0] ?? '',
      /^- \*\*2023-05-25\*\* deprecated · \*\*deprecation\*\* · both editions · ph-2023-05-25 — .*replaced by enforcement-level/,
    );
    assert.match(items[1] ?? '', /^- \*\*2022-11-18\*\* fixed/);
  });

  it('writes plain text for a terminal, marking changes newer than the target', () => {
    const text = timeline(enforce, { format: 'text', target: { kind: 'date', date: '2023-01-01' } });
    assert.ok(!text.includes('**'));
    assert.match(text, /2023-05-25 {2}deprecated .*newer than 2023-01-01/);
    assert.doesNotMatch(text, /2022-11-18 .*newer than/);
  });

  it('lists aliases and the self-hosted release when stated', () => {
    const subject = history.byId.get('parameter search[exclude_tags] /organizations/:organization_name/workspaces');
    assert.ok(subject);
    const text = timeline(subject);
    assert.match(text, /also written: `search\[exclude-tags\]`/);
    assert.match(text, /self-hosted v202207-1/);
  });
});

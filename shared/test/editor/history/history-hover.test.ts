import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { historyHover } from '../../../src/editor/history/history-hover.ts';
import { matchesAt } from '../../../src/editor/history/matches-in-lines.ts';
import { scanText } from '../../../src/history/scan-text.ts';
import { parseTarget } from '../../../src/history/target.ts';

const TEXT = [
  "const base = 'https://app.example.io/api/v2';",
  'export const publish = () => fetch(`${base}/registry-modules`, { method: "POST" });',
  "export const policy = { data: { type: 'policies', attributes: { enforce: [] } } };",
  'export const search = `/organizations/${org}/workspaces?search%5Btags%5D=prod`;',
  "const ui = { name: 'button', enabled: true };",
].join('\n');
const MATCHES = scanText(TEXT, { languageId: 'typescript' });

function hoverAt(needle: string, options: Parameters<typeof historyHover>[1] = {}): string | undefined {
  return historyHover(matchesAt(MATCHES, TEXT.indexOf(needle) + 1), options);
}

describe('historyHover', () => {
  it('a deprecated endpoint: heading, verdict, dated changes newest first, replacement and the fix', () => {
    const hover = hoverAt('/registry-modules') ?? '';
    assert.match(
      hover,
      /^\*\*POST \/registry-modules\*\* — endpoint {2}\n_deprecated 2021-06-08 → use POST \/organizations\/:organization_name\/registry-modules\/vcs_/,
    );
    const dates = [...hover.matchAll(/^- \*\*(\d{4}-\d{2}-\d{2})\*\* (\w+)/gm)].map((m) => `${m[1]} ${m[2]}`);
    assert.ok(dates.length >= 1);
    assert.equal(dates[0], '2021-06-08 deprecated');
    assert.deepEqual([...dates].sort().reverse(), dates, 'newest first');
    assert.match(hover, /both editions|hosted only|self-hosted only/);
    assert.match(hover, /replaced by POST \/organizations\/:organization_name\/registry-modules\/vcs/);
    assert.match(
      hover,
      /Quick fix: Use POST \/organizations\/:organization_name\/registry-modules\/vcs \(then fill in :organization_name\)/,
    );
    assert.doesNotMatch(hover, /Recognised from the code around it/);
  });

  it('a generic name found by its context says so', () => {
    const hover = hoverAt('enforce:') ?? '';
    assert.match(hover, /^\*\*enforce\*\* — attribute of policies/);
    assert.match(hover, /Recognised from the code around it/);
    assert.match(hover, /Quick fix: Use enforcement-level/);
  });

  it('a target marks the changes after it', () => {
    const target = parseTarget('self-hosted@v202207-1');
    assert.ok(target.ok);
    const hover = hoverAt('enforce:', { target: target.target }) ?? '';
    assert.match(
      hover,
      /\*\*2023-05-25\*\* deprecated · \*\*deprecation\*\* · both editions · newer than self-hosted v202207-1 · ph-2023-05-25/,
    );
  });

  it('a page link is added when the caller gives one', () => {
    const hover = hoverAt('enforce:', { pageLink: (id) => `command:open?${encodeURIComponent(id)}` }) ?? '';
    assert.match(hover, /\[Open the full history\]\(command:open\?attribute%20policies%20enforce\)$/);
  });

  it('no hover on an ordinary word, nor outside any match', () => {
    assert.equal(hoverAt("name: 'button'"), undefined);
    assert.equal(historyHover([]), undefined);
  });

  it('the same subject twice under the cursor is shown once; two subjects are separated by a rule', () => {
    const match = matchesAt(MATCHES, TEXT.indexOf('enforce:') + 1);
    assert.equal(historyHover([...match, ...match])?.split('\n---\n').length, 1);
    const two = [
      ...matchesAt(MATCHES, TEXT.indexOf('/workspaces?') + 2),
      ...matchesAt(MATCHES, TEXT.indexOf('search%5B') + 2),
    ];
    assert.equal(two.length, 2);
    assert.equal(historyHover(two)?.split('\n\n---\n\n').length, 2);
  });
});

describe('historyHover: uses through an official client', () => {
  const go = [
    'func remove(ctx context.Context, client *tfe.Client, id string) error {',
    '\treturn client.Workspaces.SafeDeleteByID(ctx, id)',
    '}',
    'var opts = tfe.WorkspaceUpdateOptions{',
    '\tAutoDestroyAt: tfe.NullableTime(at),',
    '}',
  ].join('\n');
  const matches = scanText(go, { languageId: 'go', fileName: 'file:///src/cleanup.go' });
  const at = (needle: string): string => historyHover(matchesAt(matches, go.indexOf(needle) + 1)) ?? '';

  it('a go-tfe service call shows its SDK name beside the endpoint it sends', () => {
    assert.match(
      at('SafeDeleteByID'),
      /^Through go-tfe: `Workspaces\.SafeDeleteByID` → `POST \/workspaces\/:workspace_id\/actions\/safe-delete`/,
    );
  });

  it('a go-tfe option field shows its SDK name beside the attribute', () => {
    assert.match(at('AutoDestroyAt'), /^Through go-tfe: `WorkspaceUpdateOptions\.AutoDestroyAt` → `auto-destroy-at/);
  });
});

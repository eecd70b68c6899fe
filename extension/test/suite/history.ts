import * as assert from 'node:assert/strict';
import { suite, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import { codeActions, codeOf, fixtureUri, hoverText, openFixture, positionOf, waitFor } from './helpers.ts';
import { drawnAnnotations, historyDiagnostics, rangeOfText, setHistorySetting } from './history-helpers.ts';
import type { Drawn } from './history-helpers.ts';

const REGISTRY = 'history/registry.ts';
// 0-based lines of history/registry.ts.
const PUBLISH_LINE = 6;
const DELETE_LINE = 10;
const VARSET_LINE = 14;
const UI_LINE = 17;

/** The label of the active tab when it is a rendered history page (a webview panel). */
function activePageLabel(): string | undefined {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  return tab?.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('keyfob.apiHistory.page')
    ? tab.label
    : undefined;
}

/** Waits until the page titled `label` is the active tab (the tab model follows the window asynchronously). */
async function waitForPage(label: string): Promise<void> {
  await waitFor(activePageLabel, (shown) => shown === label, `the page "${label}" to be the active tab`);
}

/** Closes the history page tabs. */
async function closePages(): Promise<void> {
  const pages = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter(
      (tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('keyfob.apiHistory.page'),
    );
  await vscode.window.tabGroups.close(pages);
}

function onLine(drawn: readonly Drawn[], line: number): Drawn | undefined {
  return drawn.find((d) => d.line === line);
}

/** Platform API history in code: hover, annotations, target, inlay hints, diagnostics, quick fixes, pages. */
export function registerHistoryTests(): void {
  suite('API history in code', () => {
    // A failed test must not leave its setting behind for the next one.
    teardown(async () => {
      for (const name of ['target', 'annotations', 'style'] as const) {
        if (vscode.workspace.getConfiguration('keyfob.apiHistory').inspect(name)?.workspaceValue !== undefined)
          await setHistorySetting(name, undefined);
      }
    });

    test('hover on a deprecated call shows its timeline, newest first, with the replacement', async () => {
      const document = await openFixture(REGISTRY);
      const text = await hoverText(document, positionOf(document, '/registry-modules`', 3));
      assert.match(text, /\*\*POST \/registry-modules\*\* — endpoint/);
      assert.match(
        text,
        /_deprecated 2021-06-08 → use POST \/organizations\/:organization_name\/registry-modules\/vcs_/,
      );
      assert.match(text, /- \*\*2021-06-08\*\* deprecated · \*\*deprecation\*\* · both editions · ph-2021-06-08 — /);
      assert.match(text, /replaced by POST \/organizations\/:organization_name\/registry-modules\/vcs/);
    });

    test('hover on a model field names the query key another file sends it with (only the model file open)', async () => {
      // history/project: services/runs.py sends RunFilter with GET to a workspace's runs; the server reads
      // that file from the workspace itself, as `keyfob history scan <folder>` does (models/listing.py alone
      // names no subject).
      const document = await openFixture('history/project/models/listing.py');
      const position = positionOf(document, 'search[user]', 2);
      const text = await waitFor(
        () => hoverText(document, position),
        (hover) => hover.includes('**search[user]**'),
        'a hover naming search[user]',
        30_000,
      );
      assert.match(text, /\*\*search\[user\]\*\*/);
    });

    test('annotation on a model field: the end-of-line note the hover has (only the model file open)', async () => {
      // The extension host's own notes read the workspace's files as the server does: services/runs.py
      // sends RunFilter, so models/listing.py's alias line gets the note `keyfob history scan <folder>` gives.
      await setHistorySetting('annotations', 'all');
      const document = await openFixture('history/project/models/listing.py');
      const line = positionOf(document, 'search[user]', 2).line;
      const drawn = await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => onLine(d, line) !== undefined,
        'the note on the search[user] line',
        30_000,
      );
      assert.match(onLine(drawn, line)?.text ?? '', /^added 2022-06-23/);
    });

    test("a changed file of the project reaches the hover and the notes after one change; each file is read once, the workspace view's refresh reads none", async () => {
      // The extension host reads the workspace's files once (its read log, the "keyfob API history" output
      // channel); the server takes the project facts from that read instead of reading the folder itself.
      // services/runs.py stops sending RunFilter: models/listing.py's search[user] loses its subject in the
      // server's hover and in the host's end-of-line notes, and runs.py alone is read again.
      await setHistorySetting('annotations', 'all');
      const api = vscode.extensions.getExtension<{ filesRead: () => readonly string[] }>(
        'keyfob.keyfob-vscode',
      )?.exports;
      assert.ok(api, 'the extension exports its API');
      const document = await openFixture('history/project/models/listing.py');
      const position = positionOf(document, 'search[user]', 2);
      const line = position.line;
      const named = (hover: string): boolean => hover.includes('**search[user]**');
      await waitFor(() => hoverText(document, position), named, 'a hover naming search[user]', 30_000);
      await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => onLine(d, line) !== undefined,
        'the note',
        30_000,
      );
      const project = fixtureUri('history/project').toString();
      const counts = (reads: readonly string[]): Map<string, number> => {
        const out = new Map<string, number>();
        for (const uri of reads) if (uri.startsWith(`${project}/`)) out.set(uri, (out.get(uri) ?? 0) + 1);
        return out;
      };
      const runs = fixtureUri('history/project/services/runs.py');
      const listing = document.uri.toString();
      // Whichever tests ran before (the workspace view's refreshes among them), each file was read once.
      assert.deepEqual([...counts(api.filesRead())].sort(), [
        [listing, 1],
        [runs.toString(), 1],
      ]);
      // The workspace view ("Used in this workspace") lists its uses from that read: a refresh reads no file.
      const refreshed = api.filesRead().length;
      await vscode.commands.executeCommand('keyfob.apiHistory.refreshUsage');
      assert.deepEqual([...counts(api.filesRead().slice(refreshed))], []);
      const before = api.filesRead();
      const original = await vscode.workspace.fs.readFile(runs);
      const changed = new TextDecoder().decode(original).replace('query: RunFilter | None', 'query: dict | None');
      await vscode.workspace.fs.writeFile(runs, new TextEncoder().encode(changed));
      try {
        await waitFor(
          () => hoverText(document, position),
          (h) => !named(h),
          'the hover without search[user]',
          30_000,
        );
        await waitFor(
          () => drawnAnnotations(document.uri),
          (d) => onLine(d, line) === undefined,
          'no note',
          30_000,
        );
        assert.deepEqual([...counts(api.filesRead().slice(before.length))], [[runs.toString(), 1]]);
      } finally {
        await vscode.workspace.fs.writeFile(runs, original);
        await waitFor(() => hoverText(document, position), named, 'the hover naming search[user] again', 30_000);
      }
    });

    test('no history hover on an ordinary word', async () => {
      const document = await openFixture(REGISTRY);
      const text = await hoverText(document, positionOf(document, "name: 'button'", 1));
      assert.doesNotMatch(text, /Open the full history|deprecated|both editions/);
    });

    test('annotations: present at the end of deprecated calls, absent on ordinary words', async () => {
      const document = await openFixture(REGISTRY);
      const drawn = await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => d.length >= 2,
        'annotations of registry.ts',
      );
      const publish = onLine(drawn, PUBLISH_LINE);
      assert.match(
        publish?.text ?? '',
        /^deprecated 2021-06-08 → use POST \/organizations\/:organization_name\/registry-modules\/vcs$/,
      );
      assert.equal(
        publish?.character,
        document.lineAt(PUBLISH_LINE).range.end.character,
        'drawn at the end of the line',
      );
      assert.match(onLine(drawn, DELETE_LINE)?.text ?? '', /^deprecated 2021-06-08 → use DELETE /);
      assert.equal(onLine(drawn, UI_LINE), undefined, '`name`, `enabled` and `tags` without API context');
      assert.equal(onLine(drawn, VARSET_LINE), undefined, 'priority is not important without a target');
      assert.deepEqual(
        drawn.map((d) => d.line),
        [PUBLISH_LINE, DELETE_LINE],
      );
    });

    test('the target setting re-renders: an older self-hosted release flags the newer attribute', async () => {
      const document = await openFixture(REGISTRY);
      await setHistorySetting('target', 'self-hosted@v202207-1');
      const drawn = await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => onLine(d, VARSET_LINE) !== undefined,
        'the priority note',
      );
      assert.match(onLine(drawn, VARSET_LINE)?.text ?? '', /^added 2023-10-30 — newer than self-hosted v202207-1/);
      assert.equal(onLine(drawn, UI_LINE), undefined);
      await setHistorySetting('target', undefined);
      await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => onLine(d, VARSET_LINE) === undefined,
        'the priority note to go',
      );
    });

    test('annotations "all" adds every matched subject, "off" draws nothing', async () => {
      const document = await openFixture(REGISTRY);
      await setHistorySetting('annotations', 'all');
      const all = await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => onLine(d, VARSET_LINE) !== undefined,
        'notes for every subject',
      );
      assert.match(onLine(all, VARSET_LINE)?.text ?? '', /added 2023-10-30/);
      assert.equal(onLine(all, UI_LINE), undefined, 'ordinary words are never subjects');
      await setHistorySetting('annotations', 'off');
      await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => d.length === 0,
        'no notes',
      );
      await setHistorySetting('annotations', undefined);
      await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => d.length === 2,
        'the important notes again',
      );
    });

    test('inlay-hint style: the decorations go, inlay hints carry the same notes', async () => {
      const document = await openFixture(REGISTRY);
      await setHistorySetting('style', 'inlayHint');
      await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => d.length === 0,
        'decorations cleared',
      );
      const range = new vscode.Range(0, 0, document.lineCount, 0);
      const hints = await waitFor(
        () =>
          vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', document.uri, range),
        (h) => h.some((x) => typeof x.label === 'string' && x.label.startsWith('deprecated 2021-06-08')),
        'inlay hints',
      );
      const ours = hints.filter((h) => typeof h.label === 'string' && h.label.startsWith('deprecated'));
      assert.deepEqual(
        ours.map((h) => h.position.line),
        [PUBLISH_LINE, DELETE_LINE],
      );
      assert.equal(ours[0]?.position.character, document.lineAt(PUBLISH_LINE).range.end.character);
      await setHistorySetting('style', undefined);
      await waitFor(
        () => drawnAnnotations(document.uri),
        (d) => d.length === 2,
        'decorations back',
      );
    });

    test('a deprecated call gets a Deprecated diagnostic on its URL', async () => {
      const document = await openFixture(REGISTRY);
      const found = await waitFor(
        () => historyDiagnostics(document.uri),
        (d) => d.length >= 2,
        'history diagnostics',
      );
      const publish = found.find((d) => d.range.start.line === PUBLISH_LINE);
      assert.ok(publish, 'the POST /registry-modules call is reported');
      assert.ok(publish.tags?.includes(vscode.DiagnosticTag.Deprecated), 'struck through');
      assert.equal(publish.severity, vscode.DiagnosticSeverity.Warning);
      assert.equal(codeOf(publish), 'HISTORY_DEPRECATED');
      assert.deepEqual(
        publish.range,
        rangeOfText(document, '${base}/registry-modules'),
        'the URL inside the template literal',
      );
      assert.match(
        publish.message,
        /^POST \/registry-modules is deprecated since 2021-06-08: use POST \/organizations\/:organization_name\/registry-modules\/vcs$/,
      );
      assert.ok(!found.some((d) => d.range.start.line === UI_LINE || d.range.start.line === VARSET_LINE));
    });

    test('quick fix: the old delete action becomes DELETE on the organization path', async () => {
      const document = await openFixture('history/fix-registry.ts');
      const found = await waitFor(
        () => historyDiagnostics(document.uri),
        (d) => d.length === 2,
        'two deprecated calls',
      );
      const diagnostic = found.find((d) => d.message.startsWith('POST /registry-modules/actions/delete'));
      assert.ok(diagnostic);
      const action = (await codeActions(document, diagnostic.range)).find((a) =>
        /^Use DELETE \/organizations\//.test(a.title),
      );
      assert.ok(action?.edit, 'a quick fix to the replacement');
      assert.equal(action.isPreferred, true);
      assert.ok(await vscode.workspace.applyEdit(action.edit));
      assert.ok(
        document
          .getText()
          .includes(
            "return fetch(`${base}/organizations/${org}/registry-modules/private/${org}/${name}`, { method: 'DELETE' });",
          ),
        document.getText(),
      );
      await waitFor(
        () => historyDiagnostics(document.uri),
        (d) => d.length === 1,
        'one deprecated call left',
      );
    });

    test('quick fix: POST /registry-modules moves under the organization, its id left to fill in', async () => {
      const document = await openFixture('history/fix-registry.ts');
      const found = await waitFor(
        () => historyDiagnostics(document.uri),
        (d) => d.some((x) => x.message.startsWith('POST /registry-modules is')),
        'the publish call',
      );
      const diagnostic = found.find((d) => d.message.startsWith('POST /registry-modules is'));
      assert.ok(diagnostic);
      const action = (await codeActions(document, diagnostic.range)).find((a) =>
        a.title.startsWith('Use POST /organizations/:organization_name/registry-modules/vcs'),
      );
      assert.ok(action?.edit);
      assert.notEqual(action.isPreferred, true, 'not preferred: :organization_name must be filled in');
      assert.ok(await vscode.workspace.applyEdit(action.edit));
      assert.ok(
        document
          .getText()
          .includes(
            "return fetch(`${base}/organizations/:organization_name/registry-modules/vcs`, { method: 'POST', body: payload });",
          ),
        document.getText(),
      );
      await waitFor(
        () => historyDiagnostics(document.uri),
        (d) => d.length === 0,
        'no deprecated call left',
      );
      await document.save();
    });

    test('quick fix in JSON: the build-worker timeouts are renamed', async () => {
      const document = await openFixture('history/admin-settings.json');
      const renames: readonly (readonly [string, string])[] = [
        ['platform-build-worker-plan-timeout', 'plan-timeout'],
        ['platform-build-worker-apply-timeout', 'apply-timeout'],
      ];
      for (const [old, renamed] of renames) {
        const found = await waitFor(
          () => historyDiagnostics(document.uri),
          (d) => d.some((x) => x.message.startsWith(`${old} `)),
          `the ${old} diagnostic`,
        );
        const diagnostic = found.find((x) => x.message.startsWith(`${old} `));
        assert.ok(diagnostic, `${old} is reported`);
        assert.ok(diagnostic.tags?.includes(vscode.DiagnosticTag.Deprecated));
        assert.deepEqual(diagnostic.range, rangeOfText(document, old));
        const action = (await codeActions(document, diagnostic.range)).find((a) => a.title === `Rename to ${renamed}`);
        assert.ok(action?.edit && action.isPreferred);
        assert.ok(await vscode.workspace.applyEdit(action.edit));
        assert.ok(document.getText().includes(`"${renamed}": `));
      }
      await waitFor(
        () => historyDiagnostics(document.uri),
        (d) => d.length === 0,
        'no deprecation left',
      );
      await document.save();
    });

    test('YAML: enforce in a policies payload is reported (information: found by context) with its fix', async () => {
      const document = await openFixture('history/policy.yaml');
      const [diagnostic] = await waitFor(
        () => historyDiagnostics(document.uri),
        (d) => d.length === 1,
        'the enforce diagnostic',
      );
      assert.ok(diagnostic);
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Information);
      assert.deepEqual(
        diagnostic.range,
        rangeOfText(document, 'enforce:').with({ end: rangeOfText(document, 'enforce:').end.translate(0, -1) }),
      );
      const action = (await codeActions(document, diagnostic.range)).find((a) =>
        a.title.startsWith('Use enforcement-level'),
      );
      assert.ok(action?.edit);
      assert.ok(await vscode.workspace.applyEdit(action.edit));
      assert.ok(document.getText().includes('    enforcement-level:\n'));
      await document.save();
    });

    test('a subject page opens rendered, titled by its subject, and its uses in the workspace open at their line', async () => {
      await vscode.commands.executeCommand('keyfob.apiHistory.refreshUsage');
      const page = await vscode.commands.executeCommand<vscode.TextDocument>(
        'keyfob.apiHistory.showSubject',
        'endpoint POST /registry-modules',
      );
      assert.equal(page.uri.scheme, 'keyfob-history');
      assert.match(page.getText(), /^# POST \/registry-modules\n/);
      assert.match(page.getText(), /- \*\*2021-06-08\*\* deprecated/);
      await waitForPage('API history: POST /registry-modules');
      // The panel renders with VS Code's own Markdown renderer (not the plain-text fallback).
      assert.ok((await vscode.commands.getCommands()).includes('markdown.api.render'));
      // Each use is a link to a command that opens the file at the line.
      const link =
        /## Used in this workspace\n\n(?:- .*\n)*- \[history\/registry\.ts:7\]\(command:keyfob\.apiHistory\.openUse\?([^)]+)\)\n/.exec(
          page.getText(),
        );
      assert.ok(link?.[1], page.getText());
      const args = JSON.parse(decodeURIComponent(link[1])) as unknown[];
      await vscode.commands.executeCommand('keyfob.apiHistory.openUse', ...args);
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor && editor.document.uri.path.endsWith(`/${REGISTRY}`), editor?.document.uri.toString());
      assert.equal(editor.selection.active.line, PUBLISH_LINE);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await closePages();
    });

    test('"Used in this workspace" lists a use only the project facts find (a model another file sends)', async () => {
      // models/listing.py alone names no subject; with services/runs.py it binds search[user] (the CLI's
      // `keyfob history scan <folder>`): the workspace scan lists that use on the subject's page.
      const document = await openFixture('history/project/models/listing.py');
      const hover = await waitFor(
        () => hoverText(document, positionOf(document, 'search[user]', 2)),
        (h) => h.includes('**search[user]**'),
        'a hover naming search[user]',
        30_000,
      );
      const link = /command:keyfob\.apiHistory\.showSubject\?([^)\s]+)\)/.exec(hover);
      assert.ok(link?.[1], hover);
      const [id] = JSON.parse(decodeURIComponent(link[1])) as string[];
      await vscode.commands.executeCommand('keyfob.apiHistory.refreshUsage');
      const page = await vscode.commands.executeCommand<vscode.TextDocument>('keyfob.apiHistory.showSubject', id);
      assert.match(
        page.getText(),
        /## Used in this workspace\n\n(?:- .*\n)*- \[history\/project\/models\/listing\.py:5\]/,
      );
      await closePages();
    });

    test('"Search API history" opens the page of the chosen subject', async () => {
      let settled = false;
      const searching = Promise.resolve(
        vscode.commands.executeCommand('keyfob.apiHistory.search', 'build worker plan timeout'),
      ).finally(() => (settled = true));
      // Accept the first row once the picker is up (accepting earlier does nothing).
      await waitFor(
        async () => {
          if (!settled) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
          return settled;
        },
        (done) => done,
        'the picker to accept',
      );
      await searching;
      await waitForPage('API history: platform-build-worker-plan-timeout (general-settings)');
      const page = vscode.workspace.textDocuments.find(
        (d) =>
          d.uri.scheme === 'keyfob-history' &&
          d.getText().startsWith('# platform-build-worker-plan-timeout (general-settings)\n'),
      );
      assert.match(page?.getText() ?? '', /_deprecated 2024-08-01 → use plan-timeout_/);
      await closePages();
    });
  });
}

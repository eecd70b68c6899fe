import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';

/** The extension host a suite bundle is built for: VS Code's Node host or its web worker host. */
export type SuiteHost = 'node' | 'web';

const globals = globalThis as Record<string, unknown>;

/** What the global scope says about the host running this code. */
function observedHost(): string {
  const nodeProcess = globals.process as { versions?: { node?: string } } | undefined;
  if (typeof nodeProcess?.versions?.node === 'string') return `node ${nodeProcess.versions.node}`;
  const workerScope = globals.WorkerGlobalScope;
  if (typeof workerScope === 'function' && globalThis instanceof workerScope && typeof globals.navigator === 'object') {
    return 'web worker';
  }
  return 'unknown';
}

/**
 * Proof that a run happened where it claims: the suite's own global scope (a Node process, or a web
 * worker with no `process` at all), and the build the extension activated with (what its `activate`
 * resolves to: the desktop entry `main` or the web entry `browser`). A web run that fell back to the
 * Node host, or an extension that activated its desktop build, fails here.
 */
export function registerHostTests(host: SuiteHost, activated: unknown): void {
  suite('extension host', () => {
    test(`the suite runs in the ${host === 'web' ? 'web worker' : 'Node'} extension host`, () => {
      const observed = observedHost();
      if (host === 'web') {
        assert.equal(observed, 'web worker');
        assert.equal(globals.process, undefined, 'no Node `process` in the web worker host');
      } else {
        assert.match(observed, /^node \d+/);
      }
    });
    test(`the extension activated its ${host === 'web' ? 'web' : 'desktop'} build in the same host`, () => {
      const extension = vscode.extensions.getExtension('keyfob.keyfob-vscode');
      assert.ok(extension?.isActive, 'keyfob.keyfob-vscode is active in the host running the suite');
      assert.equal((activated as { build?: unknown } | undefined)?.build, host === 'web' ? 'web' : 'desktop');
      // The web worker host is always on the UI side; the Node host is a workspace (remote) host in
      // code-server and a UI host in desktop VS Code, so only the web run can pin it.
      if (host === 'web') assert.equal(extension.extensionKind, vscode.ExtensionKind.UI);
    });
  });
}

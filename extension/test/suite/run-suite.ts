import { format } from 'node:util';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { registerAccessTests } from './access.ts';
import { registerCommandTests } from './commands.ts';
import { registerCompletionTests } from './completion.ts';
import { registerDiagnosticsTests } from './diagnostics.ts';
import { budget } from './helpers.ts';
import { registerHistoryTests } from './history.ts';
import { registerHostTests } from './host.ts';
import type { SuiteHost } from './host.ts';
import { registerHoverTests } from './hover.ts';
import { registerQuickFixTests } from './quick-fixes.ts';
import { registerSmokeTests } from './smoke.ts';
import { registerTerraformTests } from './terraform.ts';

/** Marker line the runners parse: `KEYFOB_SUITE {"host":"…","passes":n,"failures":n,"pending":n}`. */
const RESULT_MARKER = 'KEYFOB_SUITE';

/**
 * Runs the whole suite in the extension host this bundle was loaded into. `host` is the host the
 * bundle was built for (index.ts: the Node extension host; web-index.ts: the web worker extension
 * host); the first tests check that the suite and the extension really run there. Tests register
 * through functions rather than files because the suite is one esbuild bundle.
 */
export async function runSuite(host: SuiteHost): Promise<void> {
  // The web workbench forwards console arguments unformatted; hand it finished lines.
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(format(...args));
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: budget(20_000), reporter: 'spec' });
  // Activation resolves once the language server answered `initialize`: every provider is registered from then on.
  const activated: unknown = await vscode.extensions.getExtension('keyfob.keyfob-vscode')?.activate();
  mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_PRE_REQUIRE, globalThis, 'keyfob-suite', mocha);
  registerHostTests(host, activated);
  registerSmokeTests();
  registerDiagnosticsTests();
  registerCompletionTests();
  registerHoverTests();
  registerQuickFixTests();
  registerCommandTests();
  registerHistoryTests();
  registerAccessTests();
  registerTerraformTests();
  const stats = await new Promise<Mocha.Stats>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? ({ passes: 0, failures: 1, pending: 0 } as Mocha.Stats)));
    // Each failure's reason at once: a run cut short by the runner's deadline still says why.
    runner.on('fail', (failed: Mocha.Test, error: Error) =>
      console.log(`FAILED ${failed.fullTitle()}: ${error.message}`),
    );
  });
  const result = { host, passes: stats.passes, failures: stats.failures, pending: stats.pending };
  console.log(`${RESULT_MARKER} ${JSON.stringify(result)}`);
  if (stats.failures > 0) throw new Error(`${stats.failures} integration test(s) failed`);
}

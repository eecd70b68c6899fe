import { format } from 'node:util';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { registerCommandTests } from './commands.ts';
import { registerCompletionTests } from './completion.ts';
import { registerDiagnosticsTests } from './diagnostics.ts';
import { registerHistoryTests } from './history.ts';
import { registerHoverTests } from './hover.ts';
import { registerQuickFixTests } from './quick-fixes.ts';
import { registerSmokeTests } from './smoke.ts';

/** Marker line the runners parse: `KEYFOB_SUITE {"passes":n,"failures":n,"pending":n}`. */
const RESULT_MARKER = 'KEYFOB_SUITE';

/**
 * The integration suite's entry, in the shape both hosts load: code-server's workbench (payload
 * `extensionTestsPath`) and @vscode/test-electron (`extensionTestsPath`). Tests register through
 * functions rather than files because the suite is one esbuild bundle.
 */
export async function run(): Promise<void> {
  // The web workbench forwards console arguments unformatted; hand it finished lines.
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(format(...args));
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 20_000, reporter: 'spec' });
  // Activation resolves once the language server answered `initialize`: every provider is registered from then on.
  await vscode.extensions.getExtension('keyfob.keyfob-vscode')?.activate();
  mocha.suite.emit(Mocha.Suite.constants.EVENT_FILE_PRE_REQUIRE, globalThis, 'keyfob-suite', mocha);
  registerSmokeTests();
  registerDiagnosticsTests();
  registerCompletionTests();
  registerHoverTests();
  registerQuickFixTests();
  registerCommandTests();
  registerHistoryTests();
  const stats = await new Promise<Mocha.Stats>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? ({ passes: 0, failures: 1, pending: 0 } as Mocha.Stats)));
    // Each failure's reason at once: a run cut short by the runner's deadline still says why.
    runner.on('fail', (failed: Mocha.Test, error: Error) =>
      console.log(`FAILED ${failed.fullTitle()}: ${error.message}`),
    );
  });
  console.log(
    `${RESULT_MARKER} ${JSON.stringify({ passes: stats.passes, failures: stats.failures, pending: stats.pending })}`,
  );
  if (stats.failures > 0) throw new Error(`${stats.failures} integration test(s) failed`);
}

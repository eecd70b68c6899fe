import { runSuite } from './run-suite.ts';

/**
 * The integration suite's entry for the web worker extension host (dist/web/test/suite.js, a
 * browser bundle: build.mjs substitutes Mocha's browser build, the `assert` and `util` packages for
 * node:assert and node:util). The workbench runs a suite in the host of the extension whose folder
 * holds it, so the runner copies this bundle into the installed extension.
 * @public the extension host calls it.
 */
export function run(): Promise<void> {
  return runSuite('web');
}

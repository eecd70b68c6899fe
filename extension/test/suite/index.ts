import { runSuite } from './run-suite.ts';

/**
 * The integration suite's entry for the Node extension host (dist/test/suite.js), in the shape both
 * hosts load: code-server's workbench (payload `extensionTestsPath`) and @vscode/test-electron.
 * @public the extension host calls it.
 */
export function run(): Promise<void> {
  return runSuite('node');
}

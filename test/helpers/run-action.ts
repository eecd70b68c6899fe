// Runs the bundled action the way the GitHub runner does. One runner serves the tests, `npm run demo`
// and `npm run action:local`: scripts/lib/run-action.mjs (plain JavaScript, typed by its .d.mts).
export { runJob, runStep } from '../../scripts/lib/run-action.mjs';
export type { StepRun } from '../../scripts/lib/run-action.mjs';

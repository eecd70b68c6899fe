// `mocha` in the web suite bundle: Mocha's own browser build (mocha/mocha.js, the one made for
// pages and workers), which defines the `Mocha` class on the global scope. Its static `suite`,
// `test`, … forward to the interface the suite's pre-require event installed, as in Node.
import 'mocha/mocha.js';
import type MochaType from 'mocha';

const Mocha = (globalThis as unknown as { Mocha: typeof MochaType }).Mocha;
export default Mocha;
export const { suite, test, setup, teardown, suiteSetup, suiteTeardown } = Mocha;

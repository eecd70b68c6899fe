// The `process` that the web suite's substitutes (`assert`, `util`) read (process.env, process.stderr…):
// the `process` package's browser object, injected by build.mjs into the web suite bundle only. It is
// a binding of the bundle, not a global, so `globalThis.process` stays undefined in the web worker host.
import browserProcess from 'process/browser.js';

export { browserProcess as process };

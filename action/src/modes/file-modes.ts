// The modes that read workspace files (lint, apply, history, access-diff), bundled apart as dist/file-modes.cjs: they
// carry the YAML parser and the whole rule set, which a credentials step never needs to load.
export { runApply } from './apply.ts';
export { runLint } from './lint.ts';
export { runHistory } from './history.ts';
export { runAccessDiff } from './access-diff.ts';

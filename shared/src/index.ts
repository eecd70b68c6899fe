/**
 * @keyfob/shared — the pure core: values in, values out. No fs, no process.env, no console,
 * no vscode, no @actions. What it needs from outside (clock, random, fetch, sleep) is a parameter.
 */
export * from './problem.ts';
export * from './codes/index.ts';
export * from './text/index.ts';
export * from './duration/index.ts';
export * from './documents/index.ts';
export * from './template/index.ts';
export * from './rules/index.ts';
export * from './lint/index.ts';
export * from './client/index.ts';
export * from './credentials/index.ts';
export * from './apply/index.ts';
export * from './history/index.ts';
export * from './editor/index.ts';

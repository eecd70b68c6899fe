/**
 * @keyfob/engine — `keyfob serve`: a local implementation of seed 1's secrets engine with the real
 * engine's HTTP conventions, backed by an emulated cloud provider.
 */
export { startEngine } from './start-engine.ts';
export { isCloudFixturesError } from './cloud/cloud-fixtures-error.ts';
export type { RouteInfo, RunningEngine } from './start-engine.ts';
export { ENGINE_DEFAULTS } from './engine-options.ts';
export type { ClusterOptions } from './engine-options.ts';

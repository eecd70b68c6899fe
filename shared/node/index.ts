// shared's Node-only part: what the Node adapters (cli, action) need of Node's file system to stand
// on shared's pure core, written once. Never imported from shared/src (which stays pure).
export { nodeTerraformFs } from './terraform-fs.ts';

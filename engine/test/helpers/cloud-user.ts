// An in-process engine for the emulated cloud's wire tests (cloud-protocol, cloud-presigned).
import assert from 'node:assert/strict';
import { startEngine, type RunningEngine } from '../../src/index.ts';

/** A dev engine (root token `root`, its clock ticking each minute) whose emulated cloud has one user with one key pair. */
export async function engineWithCloudUser(
  name: string,
  key: { readonly accessKeyId: string; readonly secretAccessKey: string },
): Promise<RunningEngine> {
  const engine = await startEngine({ port: 0, rootToken: 'root', dev: true, tickMs: 60_000 });
  const answer = await fetch(`${engine.url}/v1/sys/dev/cloud`, {
    method: 'PUT',
    headers: { 'X-Service-Token': 'root' },
    body: JSON.stringify({ users: [{ name, accessKeys: [{ id: key.accessKeyId, secret: key.secretAccessKey }] }] }),
  });
  assert.equal(answer.status, 200);
  return engine;
}

import { rootCredentials, type EngineCore } from '../engine-core.ts';
import type { CloudProvider } from './cloud-provider.ts';
import type { MountData } from './mount-data.ts';

/**
 * The default provider: direct calls into the embedded cloud's operations (the same functions
 * its Query API runs). The AWS SDK round trip costs about half a millisecond of CPU per call even in
 * process (the SDK's middleware, signing and verifying, XML both ways), against about 10 µs for the
 * operation itself: made the default it left POST sts at 8% of a bare server in
 * `npm run bench -- engine` where direct calls reach 38% to 70% (engine/README.md, Provider layer).
 * `keyfob serve --provider-client sdk`, or any configured endpoint, uses the SDK.
 */
export function embeddedProvider(core: EngineCore, mount: MountData): CloudProvider {
  const creds = rootCredentials(core, mount);
  const cloud = core.cloud;
  return {
    createUser: (input) => run(() => void cloud.createUser(creds, input)),
    attachUserPolicy: (user, arn) => run(() => cloud.attachUserPolicy(creds, user, arn)),
    putUserPolicy: (user, name, document) => run(() => cloud.putUserPolicy(creds, user, name, document)),
    addUserToGroup: (user, group) => run(() => cloud.addUserToGroup(creds, user, group)),
    tagUser: (user, tags) => run(() => cloud.tagUser(creds, user, tags)),
    createAccessKey: (user) => run(() => cloud.createAccessKey(creds, user)),
    getUser: (name) => run(() => cloud.getUser(creds, name)),
    listAccessKeys: (user) => run(() => cloud.listAccessKeys(creds, user)),
    deleteAccessKey: (user, id) => run(() => cloud.deleteAccessKey(creds, user, id)),
    deleteUser: (user) => run(() => cloud.deleteUserCompletely(creds, user)),
    removeUser: (user) => run(() => cloud.state.removeUser(user)),
    assumeRole: (input) => run(() => cloud.assumeRole(creds, input)),
    getFederationToken: (input) => run(() => ({ ...cloud.getFederationToken(creds, input) })),
    getSessionToken: (input) => run(() => ({ ...cloud.getSessionToken(creds, input), arn: '' })),
  };
}

function run<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

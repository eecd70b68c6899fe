import { Hash } from '@smithy/hash-node';

/** SHA-256 for AWS's signer through node:crypto (what the SDK itself uses on Node). */
export class Sha256 extends Hash {
  constructor(secret?: ConstructorParameters<typeof Hash>[1]) {
    super('sha256', secret);
  }
}

// AWS's own SigV4 signer (@smithy/signature-v4) for requests made by hand to the emulated cloud's
// Query endpoint: the tests of the endpoint and the cloud bench build and sign them the same way.
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';

/** SHA-256 for the signer, from Node's crypto (@smithy/hash-node). */
export class Sha256 extends Hash {
  constructor(secret?: ConstructorParameters<typeof Hash>[1]) {
    super('sha256', secret);
  }
}

/** An unsigned Query API POST of `body` (form-encoded) to the cloud endpoint at `cloudUrl`. */
export function queryPost(cloudUrl: string, body: string): HttpRequest {
  const url = new URL(cloudUrl);
  return new HttpRequest({
    method: 'POST',
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path: '/',
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
}

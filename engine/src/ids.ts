import { hash, randomFillSync, randomInt as cryptoRandomInt, randomUUID } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE32_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Random bytes are drawn from the CSPRNG in blocks: one syscall per block instead of per id. */
const pool = Buffer.alloc(8192);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset >= pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++] ?? 0;
}

/** Each alphabet's characters as bytes (every alphabet here is ASCII). */
const alphabetBytes = new Map<string, Buffer>();

/**
 * `length` characters drawn uniformly from `alphabet` with the system CSPRNG.
 * Rejection sampling keeps the distribution uniform for alphabets that do not divide 256.
 * The characters are written into a buffer and decoded once: appending them one by one to a
 * string made a rope of `length` pieces that every later hash or JSON.stringify had to flatten
 * (about 17 µs for a session token, measured with `npm run bench -- engine`'s profile).
 */
function randomString(length: number, alphabet: string = BASE62): string {
  let bytes = alphabetBytes.get(alphabet);
  if (!bytes) {
    bytes = Buffer.from(alphabet, 'latin1');
    alphabetBytes.set(alphabet, bytes);
  }
  const size = bytes.length;
  const limit = 256 - (256 % size);
  const out = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const byte = randomByte();
    if (byte < limit) out[filled++] = bytes[byte % size] ?? 0;
  }
  return out.toString('latin1');
}

/** A random integer in [0, maxExclusive), for the username template's `random`. */
export function randomInt(maxExclusive: number): number {
  if (maxExclusive > 256) return cryptoRandomInt(maxExclusive);
  const limit = 256 - (256 % maxExclusive);
  for (;;) {
    const byte = randomByte();
    if (byte < limit) return byte % maxExclusive;
  }
}

/** A request id as the real engine sends it (a UUID). */
export function newRequestId(): string {
  return randomUUID();
}

/** The random tail of a lease id: 24 base62 characters, as in the real engine. */
export function newLeaseSuffix(): string {
  return randomString(24);
}

/** A service token: `kfs.` and 40 base62 characters (the real engine uses `hvs.`). */
export function newServiceToken(): string {
  return `kfs.${randomString(40)}`;
}

/**
 * A batch token: `kfb.` and 40 base62 characters (the real engine's `hvb.` tokens are encrypted
 * blobs that carry their own record; here the record is stored like a service token's).
 */
export function newBatchToken(): string {
  return `kfb.${randomString(40)}`;
}

/** A token accessor: 24 base62 characters. */
export function newAccessor(): string {
  return randomString(24);
}

/** A long-term access key id: `AKIA` and 16 base32 characters, the provider's shape. */
export function newAccessKeyId(): string {
  return `AKIA${randomString(16, BASE32_UPPER)}`;
}

/** A temporary (STS) access key id: `ASIA` and 16 base32 characters. */
export function newTemporaryKeyId(): string {
  return `ASIA${randomString(16, BASE32_UPPER)}`;
}

/** A secret access key: 40 characters of the provider's alphabet. */
export function newSecretKey(): string {
  return randomString(40, SECRET_ALPHABET);
}

/** A session token for STS credentials (opaque; 160 characters). */
export function newSessionToken(): string {
  return `KFSESS${randomString(154, SECRET_ALPHABET)}`;
}

/** A provider unique id with the given prefix (`AIDA` users, `AROA` roles): prefix and 17 base32 characters. */
export function newUniqueId(prefix: string): string {
  return `${prefix}${randomString(17, BASE32_UPPER)}`;
}

/** SHA-256 hex of a token: tokens are stored and looked up by hash, never in clear. */
export function hashToken(token: string): string {
  // The one-shot form: no Hash object per request (every authenticated request hashes its token).
  return hash('sha256', token, 'hex');
}

/** A cluster id as `sys/health` reports it (a UUID). */
export function newClusterId(): string {
  return randomUUID();
}

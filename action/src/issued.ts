import type { IssuedCredentials } from '@keyfob/shared/credentials';

/** One credential set the step obtained (the shared shape, also used by `keyfob creds`). */
export type Issued = IssuedCredentials;

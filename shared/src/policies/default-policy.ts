/**
 * The built-in `default` policy as the engine creates it when missing (editable, never deleted):
 * a token may look itself up, renew and revoke itself, ask its own capabilities and renew or look
 * up leases — nothing on token creation, auth configuration or policies.
 */
export const DEFAULT_POLICY_TEXT = `# Allow tokens to look up their own properties
path "auth/token/lookup-self" {
    capabilities = ["read"]
}

# Allow tokens to renew themselves
path "auth/token/renew-self" {
    capabilities = ["update"]
}

# Allow tokens to revoke themselves
path "auth/token/revoke-self" {
    capabilities = ["update"]
}

# Allow a token to look up its own capabilities on a path
path "sys/capabilities-self" {
    capabilities = ["update"]
}

# Allow a token to renew a lease via lease_id in the request body
path "sys/renew" {
    capabilities = ["update"]
}
path "sys/leases/renew" {
    capabilities = ["update"]
}

# Allow looking up lease properties (requires knowing the lease ID)
path "sys/leases/lookup" {
    capabilities = ["update"]
}

# Allow a token to manage its own cubbyhole
path "cubbyhole/*" {
    capabilities = ["create", "read", "update", "delete", "list"]
}

# Allow a token to wrap arbitrary values in a response-wrapping token
path "sys/wrapping/wrap" {
    capabilities = ["update"]
}

# Allow a token to look up the creation time and TTL of a response-wrapping token
path "sys/wrapping/lookup" {
    capabilities = ["update"]
}

# Allow a token to unwrap a response-wrapping token
path "sys/wrapping/unwrap" {
    capabilities = ["update"]
}

# Allow general purpose tools
path "sys/tools/hash" {
    capabilities = ["update"]
}
path "sys/tools/hash/*" {
    capabilities = ["update"]
}
`;

/** The fixed policy of response-wrapping tokens (never stored, never assignable). */
export const RESPONSE_WRAPPING_POLICY_NAME = 'response-wrapping';

/**
 * The real engine's fixed `response-wrapping` policy: a wrapping token may only unwrap itself
 * (its cubbyhole holds the wrapped answer); `sys/wrapping/lookup` needs no token at all.
 */
export const RESPONSE_WRAPPING_POLICY_TEXT = `path "cubbyhole/response" {
    capabilities = ["create", "read"]
}

path "sys/wrapping/unwrap" {
    capabilities = ["update"]
}
`;

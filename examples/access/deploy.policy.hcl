# What the deploy workflow's login token may do: get STS credentials for the deploy role (GET or
# POST), read-only IAM user credentials for reports, and nothing else on the mount: no other
# role, no configuration, no rotation. Renewing and revoking its own leases and token is in the
# engine's built-in default policy.
path "cloud/sts/deploy" {
  capabilities = ["read", "update"]
}

path "cloud/creds/reports" {
  capabilities = ["read"]
}

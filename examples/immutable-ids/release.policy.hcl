# What the release workflow's login token may do: STS credentials for the deploy role, nothing else.
path "cloud/sts/deploy" {
  capabilities = ["read", "update"]
}

path "cloud/creds/x" {
  capabilities = ["read", "banana"]
}

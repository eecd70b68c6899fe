# keyfob serve driven by hvac (Debian's python3-hvac), the Python Vault client configuration tools
# use: every call below is made as hvac makes it, with its defaults (mount point `aws`, JSON `null`
# for unset options, HEAD for health, LIST paths without their trailing slash, the role name in
# the query string of credential requests). Prints one JSON line per step:
# {"step": ..., "ok": true|false, "detail": ...}; the node test (hvac.test.ts) asserts each.
import json
import os
import sys
import traceback

import hvac

URL = os.environ["KEYFOB_URL"]
ROOT = os.environ["KEYFOB_ROOT_TOKEN"]
ROLE_ARN = os.environ["KEYFOB_ROLE_ARN"]
ROOT_KEY_ID = os.environ["KEYFOB_ROOT_KEY_ID"]
ROOT_SECRET = os.environ["KEYFOB_ROOT_SECRET"]
JWKS_URL = os.environ["KEYFOB_JWKS_URL"]
ISSUER = os.environ["KEYFOB_ISSUER"]
LOGIN_JWT = os.environ["KEYFOB_LOGIN_JWT"]

client = hvac.Client(url=URL, token=ROOT)
aws = client.secrets.aws
DOC = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:GetObject", "Resource": "*"}]}


def step(name):
    """Runs one step; a step passes when it returns without raising (its checks are asserts)."""

    def wrap(fn):
        try:
            detail = fn()
            print(json.dumps({"step": name, "ok": True, "detail": detail}, default=str), flush=True)
        except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the run
            text = "".join(traceback.format_exception_only(type(error), error)).strip()
            print(json.dumps({"step": name, "ok": False, "detail": text[:2000]}), flush=True)
        return fn

    return wrap


def data(response):
    return response["data"]


@step("sys/health with HEAD (hvac's default method)")
def _():
    answer = client.sys.read_health_status(method="HEAD")
    assert answer.status_code == 200, answer.status_code
    assert answer.text == "", answer.text
    return answer.status_code


@step("configure root credentials (max_retries sent as null)")
def _():
    answer = aws.configure_root_iam_credentials(ROOT_KEY_ID, ROOT_SECRET, region="us-east-1")
    assert answer.status_code == 204, answer.status_code
    read = data(client.read("aws/config/root"))
    assert read["access_key"] == ROOT_KEY_ID, read
    assert "secret_key" not in read, read
    return read["max_retries"]


@step("configure and read the lease")
def _():
    assert aws.configure_lease("1h", "24h").status_code == 204
    read = data(aws.read_lease_config())
    assert read == {"lease": "1h0m0s", "lease_max": "24h0m0s"}, read
    return read


ROLES = {
    "hv-user": dict(credential_type="iam_user", policy_arns=["arn:aws:iam::aws:policy/ReadOnlyAccess"], iam_tags=["team=platform"]),
    "hv-assumed": dict(credential_type="assumed_role", role_arns=[ROLE_ARN], default_sts_ttl="15m", max_sts_ttl="1h"),
    "hv-federated": dict(credential_type="federation_token", policy_document=DOC),
}


@step("create every role type")
def _():
    for name, fields in ROLES.items():
        answer = aws.create_or_update_role(name, **fields)
        assert answer.status_code in (200, 204), (name, answer.status_code, answer.text)
    return sorted(ROLES)


@step("read each role back with what was written")
def _():
    user = data(aws.read_role("hv-user"))
    assert user["credential_type"] == "iam_user", user
    assert user["iam_tags"] == {"team": "platform"}, user
    assumed = data(aws.read_role("hv-assumed"))
    assert assumed["role_arns"] == [ROLE_ARN] and assumed["default_sts_ttl"] == 900 and assumed["max_sts_ttl"] == 3600, assumed
    federated = data(aws.read_role("hv-federated"))
    assert json.loads(federated["policy_document"]) == DOC, federated
    return [user["credential_type"], assumed["credential_type"], federated["credential_type"]]


@step("list roles (LIST without the trailing slash)")
def _():
    keys = data(aws.list_roles())["keys"]
    assert keys == sorted(ROLES), keys
    return keys


@step("read-then-write round trip of every role changes nothing")
def _():
    for name in ROLES:
        before = data(aws.read_role(name))
        answer = client.write(f"aws/roles/{name}", **before)
        after = data(aws.read_role(name))
        assert after == before, (name, before, after)
    return "unchanged"


@step("credentials on creds/ (GET, name in the query string, no unknown-parameter warning)")
def _():
    answer = aws.generate_credentials("hv-user")
    assert answer["data"]["access_key"].startswith("AKIA"), answer
    assert answer["lease_id"].startswith("aws/creds/hv-user/"), answer
    assert not answer["warnings"], answer["warnings"]
    return answer["lease_id"]


@step("credentials on sts/ (PUT) for assumed_role and federation_token")
def _():
    assumed = aws.generate_credentials("hv-assumed", endpoint="sts")
    assert assumed["data"]["session_token"] and assumed["data"]["arn"].startswith("arn:aws:sts::"), assumed
    assert not assumed["warnings"], assumed["warnings"]
    federated = aws.generate_credentials("hv-federated", endpoint="sts")
    assert federated["data"]["session_token"], federated
    return [assumed["lease_duration"], federated["lease_duration"]]


@step("leases: read, renew, list by prefix with and without the slash, revoke")
def _():
    lease_id = aws.generate_credentials("hv-user")["lease_id"]
    looked = data(client.sys.read_lease(lease_id))
    assert looked["id"] == lease_id and looked["renewable"] is True, looked
    renewed = client.sys.renew_lease(lease_id, increment=600)
    assert renewed["lease_id"] == lease_id and renewed["lease_duration"] == 600, renewed
    suffix = lease_id.rsplit("/", 1)[1]
    plain = data(client.sys.list_leases("aws/creds/hv-user"))["keys"]
    slashed = data(client.sys.list_leases("aws/creds/hv-user/"))["keys"]
    assert suffix in plain and plain == slashed, (plain, slashed)
    assert data(client.sys.list_leases("aws/creds"))["keys"] == ["hv-user/"]
    assert client.sys.revoke_lease(lease_id).status_code == 204
    after = data(client.sys.list_leases("aws/creds/hv-user"))["keys"]
    assert suffix not in after, after
    return len(plain)


@step("revoke by prefix")
def _():
    assert client.sys.revoke_prefix("aws/creds/hv-user").status_code == 204
    try:
        client.sys.list_leases("aws/creds/hv-user")
    except hvac.exceptions.InvalidPath:
        return "no leases left"
    raise AssertionError("leases remain after revoke-prefix")


@step("rotate-root")
def _():
    answer = aws.rotate_root_iam_credentials()
    key = answer["data"]["access_key"]
    assert key != ROOT_KEY_ID and key.startswith("AKIA"), answer
    return "rotated"


@step("policies: write, read, list, and a token limited by one")
def _():
    rules = 'path "aws/creds/hv-user" {\n  capabilities = ["read"]\n}\n'
    assert client.sys.create_or_update_policy("hv-reader", rules).status_code == 204
    read = data(client.sys.read_policy("hv-reader"))
    assert read["rules"] == rules, read
    assert "hv-reader" in data(client.sys.list_policies())["keys"]
    token = client.auth.token.create(policies=["hv-reader"], ttl="1h")["auth"]["client_token"]
    limited = hvac.Client(url=URL, token=token)
    assert limited.secrets.aws.generate_credentials("hv-user")["data"]["access_key"]
    try:
        limited.secrets.aws.read_role("hv-user")
    except hvac.exceptions.Forbidden:
        pass
    else:
        raise AssertionError("a token limited to creds read a role")
    looked = data(limited.auth.token.lookup_self())
    assert sorted(looked["policies"]) == ["default", "hv-reader"], looked
    assert client.sys.delete_policy("hv-reader").status_code == 204
    return looked["policies"]


@step("static roles: write (rotation_period in days), read, list, creds, unknown field warned, delete")
def _():
    written = client.write("aws/static-roles/hv-static", username="hv-static-user", rotation_period="1d")
    assert written["data"]["username"] == "hv-static-user", written
    read = client.read("aws/static-roles/hv-static")
    assert read["username"] == "hv-static-user", read
    assert client.list("aws/static-roles")["data"]["keys"] == ["hv-static"]
    creds = client.read("aws/static-creds/hv-static")
    assert creds["access_key"].startswith("AKIA"), creds
    again = client.write("aws/static-roles/hv-static", username="hv-static-user", rotation_period="2h", colour="blue")
    assert again["warnings"][0] == "Endpoint ignored these unrecognized parameters: [colour]", again["warnings"]
    client.delete("aws/static-roles/hv-static")
    assert client.read("aws/static-roles/hv-static") is None, "the static role is still there"
    return creds["access_key"]


JWT_ROLE = dict(
    role_type="jwt",
    user_claim="actor",
    bound_audiences=["https://github.com/octo"],
    bound_claims={"repository": "octo/app", "ref": ["refs/heads/main", "refs/heads/release-*"]},
    bound_claims_type="glob",
    token_policies=["hv-reader"],
    token_ttl="15m",
    allowed_redirect_uris=None,
)


@step("JWT auth: config, role write, read, list, round trip keeps bound_claims' shape")
def _():
    assert client.auth.jwt.configure(jwks_url=JWKS_URL, bound_issuer=ISSUER).status_code == 204
    config = data(client.auth.jwt.read_config())
    assert config["jwks_url"] == JWKS_URL, config
    assert client.auth.jwt.create_role("hv-deploy", **JWT_ROLE).status_code in (200, 204)
    role = data(client.auth.jwt.read_role("hv-deploy"))
    assert role["bound_claims"] == JWT_ROLE["bound_claims"], role["bound_claims"]
    assert client.auth.jwt.list_roles()["data"]["keys"] == ["hv-deploy"]
    client.write("auth/jwt/role/hv-deploy", **role)
    again = data(client.auth.jwt.read_role("hv-deploy"))
    assert again == role, (role, again)
    return role["bound_claims"]


@step("JWT login with a token signed by the test issuer")
def _():
    login = hvac.Client(url=URL)
    answer = login.auth.jwt.jwt_login("hv-deploy", LOGIN_JWT)
    assert answer["auth"]["client_token"] and "hv-reader" in answer["auth"]["policies"], answer["auth"]["policies"]
    assert login.token == answer["auth"]["client_token"]
    return answer["auth"]["policies"]


@step("delete every role")
def _():
    for name in ROLES:
        assert aws.delete_role(name).status_code == 204
    assert client.auth.jwt.delete_role("hv-deploy").status_code == 204
    try:
        aws.list_roles()
    except hvac.exceptions.InvalidPath:
        return "none left"
    raise AssertionError("roles remain")


sys.exit(0)

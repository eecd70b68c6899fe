/** What an IAM ARN check found wrong, in words for a message; undefined when the ARN is fine. */
export type ArnFault = string | undefined;

// arn:<partition>:iam::<account>:<resource>; IAM is global, so the region part is empty.
const IAM_ARN = /^arn:([^:]*):([^:]*):([^:]*):([^:]*):(.*)$/;
const PARTITION = /^aws(?:-[a-z]+)*$/;
const ACCOUNT = /^[0-9]{12}$/;
// Resource names: letters, digits and +=,.@_- ; a path in between is printable ASCII, never empty
// (`role//name` would be the path `//`, which AWS refuses).
const ROLE_RESOURCE = /^role\/(?:[\x21-\x7e]+\/)?[\w+=,.@-]{1,64}$/;
const POLICY_RESOURCE = /^policy\/(?:[\x21-\x7e]+\/)?[\w+=,.@-]{1,128}$/;

type ResourceKind = 'role' | 'policy';

/**
 * Checks an IAM role or policy ARN: `arn:<partition>:iam::<12-digit account>:role/<name>`, or
 * `...:policy/<name>` where the account may also be `aws` (managed policies).
 *
 * @returns a short explanation of the first fault, or undefined when the ARN is valid.
 */
export function checkIamArn(value: string, kind: ResourceKind): ArnFault {
  const match = IAM_ARN.exec(value);
  if (!match) return 'it does not have the form arn:<partition>:iam::<account>:<resource>';
  const [, partition = '', service = '', region = '', account = '', resource = ''] = match;
  if (!PARTITION.test(partition)) return `the partition "${partition}" is not aws, aws-cn, aws-us-gov or similar`;
  if (service !== 'iam') return `the service is "${service}", not "iam"`;
  if (region !== '') return 'IAM ARNs have an empty region part (arn:aws:iam::...)';
  const managed = kind === 'policy' && account === 'aws';
  if (!managed && !ACCOUNT.test(account)) return `the account "${account}" is not 12 digits`;
  const other: ResourceKind = kind === 'role' ? 'policy' : 'role';
  if (resource.startsWith(`${other}/`)) return `it is a ${other} ARN, not a ${kind} ARN`;
  const pattern = kind === 'role' ? ROLE_RESOURCE : POLICY_RESOURCE;
  if (!pattern.test(resource)) return `the resource "${resource}" is not ${kind}/<name> with a valid name`;
  return undefined;
}

/** The kind of an IAM ARN that passes `checkIamArn` for either kind, else undefined. */
export function iamArnKind(value: string): ResourceKind | undefined {
  if (checkIamArn(value, 'role') === undefined) return 'role';
  if (checkIamArn(value, 'policy') === undefined) return 'policy';
  return undefined;
}

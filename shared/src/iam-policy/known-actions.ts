/**
 * Action names of the services the emulated cloud serves (IAM and STS), from the AWS service
 * models (botocore `iam/2010-05-08` and `sts/2011-06-15` as bundled with awscli 2.9.19). A policy
 * action of these services that is not listed here (and matches none with its wildcards) is
 * reported as unknown: AWS accepts it, and it grants nothing.
 */
export const KNOWN_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  iam: [
    // Permission-only action (no API operation of its own).
    'PassRole',
    'AddClientIDToOpenIDConnectProvider', 'AddRoleToInstanceProfile', 'AddUserToGroup', 'AttachGroupPolicy',
    'AttachRolePolicy', 'AttachUserPolicy', 'ChangePassword', 'CreateAccessKey', 'CreateAccountAlias',
    'CreateGroup', 'CreateInstanceProfile', 'CreateLoginProfile', 'CreateOpenIDConnectProvider',
    'CreatePolicy', 'CreatePolicyVersion', 'CreateRole', 'CreateSAMLProvider', 'CreateServiceLinkedRole',
    'CreateServiceSpecificCredential', 'CreateUser', 'CreateVirtualMFADevice', 'DeactivateMFADevice',
    'DeleteAccessKey', 'DeleteAccountAlias', 'DeleteAccountPasswordPolicy', 'DeleteGroup',
    'DeleteGroupPolicy', 'DeleteInstanceProfile', 'DeleteLoginProfile', 'DeleteOpenIDConnectProvider',
    'DeletePolicy', 'DeletePolicyVersion', 'DeleteRole', 'DeleteRolePermissionsBoundary', 'DeleteRolePolicy',
    'DeleteSAMLProvider', 'DeleteSSHPublicKey', 'DeleteServerCertificate', 'DeleteServiceLinkedRole',
    'DeleteServiceSpecificCredential', 'DeleteSigningCertificate', 'DeleteUser',
    'DeleteUserPermissionsBoundary', 'DeleteUserPolicy', 'DeleteVirtualMFADevice', 'DetachGroupPolicy',
    'DetachRolePolicy', 'DetachUserPolicy', 'EnableMFADevice', 'GenerateCredentialReport',
    'GenerateOrganizationsAccessReport', 'GenerateServiceLastAccessedDetails', 'GetAccessKeyLastUsed',
    'GetAccountAuthorizationDetails', 'GetAccountPasswordPolicy', 'GetAccountSummary',
    'GetContextKeysForCustomPolicy', 'GetContextKeysForPrincipalPolicy', 'GetCredentialReport', 'GetGroup',
    'GetGroupPolicy', 'GetInstanceProfile', 'GetLoginProfile', 'GetOpenIDConnectProvider',
    'GetOrganizationsAccessReport', 'GetPolicy', 'GetPolicyVersion', 'GetRole', 'GetRolePolicy',
    'GetSAMLProvider', 'GetSSHPublicKey', 'GetServerCertificate', 'GetServiceLastAccessedDetails',
    'GetServiceLastAccessedDetailsWithEntities', 'GetServiceLinkedRoleDeletionStatus', 'GetUser',
    'GetUserPolicy', 'ListAccessKeys', 'ListAccountAliases', 'ListAttachedGroupPolicies',
    'ListAttachedRolePolicies', 'ListAttachedUserPolicies', 'ListEntitiesForPolicy', 'ListGroupPolicies',
    'ListGroups', 'ListGroupsForUser', 'ListInstanceProfileTags', 'ListInstanceProfiles',
    'ListInstanceProfilesForRole', 'ListMFADeviceTags', 'ListMFADevices', 'ListOpenIDConnectProviderTags',
    'ListOpenIDConnectProviders', 'ListPolicies', 'ListPoliciesGrantingServiceAccess', 'ListPolicyTags',
    'ListPolicyVersions', 'ListRolePolicies', 'ListRoleTags', 'ListRoles', 'ListSAMLProviderTags',
    'ListSAMLProviders', 'ListSSHPublicKeys', 'ListServerCertificateTags', 'ListServerCertificates',
    'ListServiceSpecificCredentials', 'ListSigningCertificates', 'ListUserPolicies', 'ListUserTags',
    'ListUsers', 'ListVirtualMFADevices', 'PutGroupPolicy', 'PutRolePermissionsBoundary', 'PutRolePolicy',
    'PutUserPermissionsBoundary', 'PutUserPolicy', 'RemoveClientIDFromOpenIDConnectProvider',
    'RemoveRoleFromInstanceProfile', 'RemoveUserFromGroup', 'ResetServiceSpecificCredential',
    'ResyncMFADevice', 'SetDefaultPolicyVersion', 'SetSecurityTokenServicePreferences',
    'SimulateCustomPolicy', 'SimulatePrincipalPolicy', 'TagInstanceProfile', 'TagMFADevice',
    'TagOpenIDConnectProvider', 'TagPolicy', 'TagRole', 'TagSAMLProvider', 'TagServerCertificate', 'TagUser',
    'UntagInstanceProfile', 'UntagMFADevice', 'UntagOpenIDConnectProvider', 'UntagPolicy', 'UntagRole',
    'UntagSAMLProvider', 'UntagServerCertificate', 'UntagUser', 'UpdateAccessKey',
    'UpdateAccountPasswordPolicy', 'UpdateAssumeRolePolicy', 'UpdateGroup', 'UpdateLoginProfile',
    'UpdateOpenIDConnectProviderThumbprint', 'UpdateRole', 'UpdateRoleDescription', 'UpdateSAMLProvider',
    'UpdateSSHPublicKey', 'UpdateServerCertificate', 'UpdateServiceSpecificCredential',
    'UpdateSigningCertificate', 'UpdateUser', 'UploadSSHPublicKey', 'UploadServerCertificate',
    'UploadSigningCertificate',
  ],
  sts: [
    'AssumeRole', 'AssumeRoleWithSAML', 'AssumeRoleWithWebIdentity', 'DecodeAuthorizationMessage',
    'GetAccessKeyInfo', 'GetCallerIdentity', 'GetFederationToken', 'GetSessionToken',
    // Permission-only actions (no API operation of their own).
    'SetContext', 'SetSourceIdentity', 'TagSession',
  ],
};

/** A deterministic multi-document role file; every 10th document has a cross-field mistake. */
export function makeRoleFile(documents: number): string {
  const docs: string[] = [];
  for (let i = 0; i < documents; i++) {
    const broken = i % 10 === 9;
    switch (i % 4) {
      case 0:
        docs.push(
          [
            `name: deploy-${i}`,
            'credential_type: iam_user',
            'user_path: /ci/',
            'policy_arns:',
            '  - arn:aws:iam::aws:policy/ReadOnlyAccess',
            '  - arn:aws:iam::123456789012:policy/deploy',
            'iam_groups: [builders, readers]',
            'iam_tags:',
            '  team: platform',
            '  owner: ci',
            'permissions_boundary_arn: arn:aws:iam::123456789012:policy/boundary',
            broken ? 'default_sts_ttl: 1h' : '# no sts ttl for iam users',
            '# end',
          ].join('\n'),
        );
        break;
      case 1:
        docs.push(
          [
            `name: assume-${i}`,
            'credential_type: assumed_role',
            'role_arns:',
            '  - arn:aws:iam::123456789012:role/deployer',
            '  - arn:aws:iam::123456789012:role/reader',
            'default_sts_ttl: 30m',
            broken ? 'max_sts_ttl: 15m' : 'max_sts_ttl: 2h',
            'external_id: ext-42',
            'session_tags:',
            '  team: platform',
            '  env: ci',
            'policy_arns: arn:aws:iam::aws:policy/ReadOnlyAccess',
            '# end',
          ].join('\n'),
        );
        break;
      case 2:
        docs.push(
          [
            `name: federate-${i}`,
            'credential_type: federation_token',
            'policy_document: |',
            '  {"Version": "2012-10-17",',
            '   "Statement": [{"Effect": "Allow",',
            '     "Action": "s3:GetObject", "Resource": "*"}]}',
            'default_sts_ttl: 15m',
            'max_sts_ttl: 1h',
            'iam_groups: readers',
            broken ? 'user_path: /x/' : '# plain',
            '# spare line',
            '# spare line',
            '# end',
          ].join('\n'),
        );
        break;
      default:
        docs.push(
          [
            `name: session-${i}`,
            'credential_type: session_token',
            'mfa_serial_number: arn:aws:iam::123456789012:mfa/ci',
            broken ? 'policy_arns: arn:aws:iam::aws:policy/ReadOnlyAccess' : '# no policies',
            '# session tokens carry',
            "# the root user's rights",
            '# spare line',
            '# spare line',
            '# spare line',
            '# spare line',
            '# spare line',
            '# spare line',
            '# spare line',
            '# end',
          ].join('\n'),
        );
    }
  }
  return docs.join('\n---\n') + '\n';
}

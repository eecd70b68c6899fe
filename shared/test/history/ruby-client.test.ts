// A Ruby program on terraform-enterprise-client (the SDK mapping's Ruby client, generated from the gem's
// resource request files by scripts/history-sdk-names.mjs): each `client.<resource>.<method>` sends the request
// that method of the gem builds. Snippet written for this test.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const TEXT = [
  "require 'terraform-enterprise-client'",
  '',
  'class Lister',
  '  def initialize(token)',
  '    @tfe = TerraformEnterprise::API::Client.new(token: token)',
  '  end',
  '',
  '  def show(org)',
  '    puts @tfe.organizations.list',
  '    puts @tfe.workspaces.list(organization: org)',
  '    ws = @tfe.workspaces.get organization: org, workspace: "web"',
  '    # @tfe.runs.create(workspace_id: ws.id)',
  '    @tfe.workspaces.delete(organization: org, workspace: "web")',
  '  end',
  'end',
].join('\n');

describe('Ruby: terraform-enterprise-client resource methods', () => {
  it('a call sends what the method builds, with or without parentheses; a comment or an unmapped method says nothing', () => {
    const found = scanText(TEXT, { fileName: 'lister.rb' })
      .filter((m) => m.subject.id.startsWith('endpoint'))
      .map((m) => `${m.line} ${m.subject.id} ${m.sdk?.client ?? ''} ${m.sdk?.name ?? ''}`);
    assert.deepEqual(found, [
      '9 endpoint GET /organizations terraform-enterprise-client organizations.list',
      '10 endpoint GET /organizations/:organization_name/workspaces terraform-enterprise-client workspaces.list',
      '11 endpoint GET /organizations/:organization_name/workspaces/:name terraform-enterprise-client workspaces.get',
    ]);
  });
});

// PowerShell modules of the platform API: the API root built once (concatenated, kept in an object's
// property), URLs written on it (`"$($Global:Tfc.OrgUri)workspaces"`), sent by a Verb-Noun helper or by
// Invoke-RestMethod (GET without -Method), and JSON:API bodies written as hashtables.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, type?: string): string[] =>
  scanText(text, { languageId: 'powershell' })
    .filter((m) => type === undefined || m.subject.type === type)
    .map((m) => `${m.line} ${m.subject.id}`);

/** A module in the common shape: a Connect- function keeping the roots in a global object. */
const MODULE = [
  'function Connect-Tfc {', // 1
  '    param([string]$Hostname = "app.terraform.io", [string]$Organization)',
  '    $baseApiUrl = "https://" + "${Hostname}" + "/api/v2/"',
  '    $orgApiUrl = $baseApiUrl + "organizations/" + $Organization + "/"',
  '    $Global:TfcConnection = New-Object -TypeName PSObject -Property @{', // 5
  '        ServerUri = $baseApiUrl',
  '        OrgUri = $orgApiUrl',
  '    }',
  '}',
  'Function Send-Get {', // 10
  '    param([string]$Url)',
  '    Invoke-RestMethod -Uri $Url -Method Get -Headers $h',
  '}',
  'function Get-TfcWorkspaceList {',
  '    $url = "$($Global:TfcConnection.OrgUri)workspaces"', // 15
  '    Write-Verbose "Listing at $url"',
  '    $list = Send-Get -url $url',
  '}',
  'function Add-TfcProject {',
  '    $url = "$($Global:TfcConnection.OrgUri)projects"', // 20
  '    $body = @{',
  '        "data" = @{',
  '            "type" = "projects"',
  '            "attributes" = @{',
  '                "name" = $Name', // 25
  '                "description" = $Description',
  '            }',
  '        }',
  '    }',
  '    if ($Tags) {', // 30
  '        $body.data.attributes["tag-bindings"] = $Tags',
  '    }',
  '    $json = $body | ConvertTo-Json -Depth 5',
  '    Write-Verbose "Creating project $Name at $url"',
  '    $created = Invoke-RestMethod -Uri $url -Method Post -Body $json', // 35
  '}',
  'function Get-TfcOAuthTokens {',
  '    $url = "$($Global:TfcConnection.ServerUri)oauth-clients/${id}/oauth-tokens"',
  '    $tokens = Invoke-RestMethod -Uri $url -Headers $h',
  '}',
].join('\n');

describe('history: PowerShell modules', () => {
  it('a URL written on a base kept in an object property is read with the base', () => {
    assert.deepEqual(found(MODULE, 'endpoint'), [
      '15 endpoint GET /organizations/:organization_name/workspaces',
      '20 endpoint POST /organizations/:organization_name/projects',
      '38 endpoint GET /oauth-clients/:oauth_client_id/oauth-tokens',
    ]);
  });

  it('a base in ${name} or $name, and a name assigned two URLs is no base', () => {
    const braced =
      '$root = "https://$TfeHost/api/v2/organizations/$Org/"\n$r = Invoke-RestMethod -Uri "${root}oauth-clients"';
    assert.deepEqual(found(braced, 'endpoint'), ['2 endpoint GET /organizations/:organization_name/oauth-clients']);
    const twice = [
      '$root = "https://$TfeHost/api/v2/organizations/$Org/"',
      '$root = "https://$TfeHost/api/v2/"',
      '$r = Invoke-RestMethod -Uri "${root}oauth-clients"',
    ].join('\n');
    assert.deepEqual(found(twice, 'endpoint'), []);
  });

  it('a method held in a variable says nothing (no default GET), in PowerShell and curl', () => {
    assert.deepEqual(found('Invoke-RestMethod -Uri "$A/api/v2/projects/$P" -Method $Verb', 'endpoint'), []);
    assert.deepEqual(found('Invoke-RestMethod -Uri "$TFE_ADDR/api/v2/projects/$P"', 'endpoint'), [
      '1 endpoint GET /projects/:project_id',
    ]);
    const curl = (text: string): string[] =>
      scanText(text, { languageId: 'shellscript' }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(curl('curl -X "$METHOD" -H "$auth" "$A/api/v2/projects/$P"'), []);
    assert.deepEqual(curl('curl -H "$auth" "$TFE_ADDR/api/v2/projects/$P"'), ['1 endpoint GET /projects/:project_id']);
  });

  it("a hashtable body's keys are keys of the type beside them", () => {
    const text = [
      '$Json = @{',
      '    "data" = @{',
      '        "type"       = "policies"',
      '        "attributes" = @{',
      '            "name"    = $PolicyName',
      '            "enforce" = @(',
      '                @{ "path" = $Policy; "mode" = "soft-mandatory" }',
      '            )',
      '        }',
      '    }',
      '} | ConvertTo-Json -Depth 5',
    ].join('\n');
    const names = found(text).filter((m) => !m.includes('endpoint'));
    assert.ok(names.includes('6 attribute policies enforce'), names.join('\n'));
    assert.ok(!names.some((n) => n.startsWith('5 ') && !n.includes('policies')), names.join('\n'));
  });
  it('a path assigned in a quoted string is no command: a word in it (`soft_delete`) sends no method', () => {
    const text = [
      'function Remove-TfcOldStates {',
      '    param($Versions)',
      '    foreach ($sv in $Versions) {',
      '        $endpoint = "/state-versions/$($sv.id)/actions/soft_delete_backing_data"',
      '        $result = Invoke-TfcApi -endpoint $endpoint -Method POST',
      '        $gone = "/state-versions/$($sv.id)/actions/permanently_delete_backing_data"',
      '    }',
      '}',
    ].join('\n');
    // Both read by the one method the API has there (POST), not DELETE from the word in the path.
    assert.deepEqual(found(text, 'endpoint'), [
      '4 endpoint POST /state-versions/:state_version_id/actions/soft_delete_backing_data',
      '6 endpoint POST /state-versions/:state_version_id/actions/permanently_delete_backing_data',
    ]);
    // A wrapper named for its method still sends that method.
    assert.deepEqual(found('api_delete "$TFE_ADDR/api/v2/projects/$P"', 'endpoint'), [
      '1 endpoint DELETE /projects/:project_id',
    ]);
  });
});

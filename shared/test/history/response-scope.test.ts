// A JSON:API response's keys read by quoted subscripts in a language whose data flow the matcher does not follow
// (Rust, PHP, Go maps, Ruby): the function's one API resource decides whose keys they are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const attributes = (matches: readonly { line: number; subject: { type: string; id: string } }[]): string[] =>
  matches.filter((m) => m.subject.type === 'attribute').map((m) => `${m.line} ${m.subject.id}`);

/** Lines of a function's body between its request and its reads (headers, paging, logging). */
const steps = (indent: string, n: number, line: (k: number) => string): string[] =>
  Array.from({ length: n }, (_, k) => `${indent}${line(k)}`);

describe("history: a response's keys read in a function of one API resource", () => {
  it("are that resource's (Rust), however far below the request: a generic name its own, none where the resource has no such key", () => {
    const text = [
      'pub async fn project_names(org: &str) -> Result<Vec<String>, Error> {',
      '    let url = format!("https://app.terraform.io/api/v2/organizations/{}/projects", org);',
      ...steps('    ', 24, (k) => `log::debug!("project page step ${k}");`),
      '    let body: serde_json::Value = http.get(&url).send().await?.json().await?;',
      '    let mut out = Vec::new();',
      '    for p in body["data"].as_array().unwrap() {',
      '        out.push(p["attributes"]["name"].to_string());',
      '    }',
      '    Ok(out)',
      '}',
      '',
      'pub async fn workspace_projects(org: &str) -> Result<(), Error> {',
      '    let url = format!("https://app.terraform.io/api/v2/organizations/{}/workspaces", org);',
      ...steps('    ', 24, (k) => `log::debug!("workspace page step ${k}");`),
      '    let body: serde_json::Value = http.get(&url).send().await?.json().await?;',
      '    for w in body["data"].as_array().unwrap() {',
      '        let label = w["attributes"]["name"].as_str();',
      '        let parent = w["relationships"]["project"]["data"]["id"].as_str();',
      '    }',
      '    Ok(())',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(text, { languageId: 'rust' })), [
      '30 attribute projects name',
      '64 attribute workspaces project',
    ]);
  });

  it('PHP and Go maps too; two resources in the function, or its `included`, say nothing', () => {
    const php = [
      '<?php',
      'function projectLabels($client, $org) {',
      '    $res = $client->get("/api/v2/organizations/$org/projects");',
      ...steps('    ', 24, (k) => `$this->log("step ${k}");`),
      '    $body = json_decode($res->getBody(), true);',
      "    return array_map(fn($p) => $p['attributes']['name'], $body['data']);",
      '}',
      'function mixed($client, $org) {',
      '    $ws = json_decode($client->get("/api/v2/organizations/$org/workspaces")->getBody(), true);',
      '    $pr = json_decode($client->get("/api/v2/organizations/$org/projects")->getBody(), true);',
      ...steps('    ', 24, (k) => `$this->log("step ${k}");`),
      "    return $pr['data'][0]['attributes']['name'];",
      '}',
      'function withIncluded($client, $org) {',
      '    $body = json_decode($client->get("/api/v2/organizations/$org/workspaces?include=current-run")->getBody(), true);',
      ...steps('    ', 24, (k) => `$this->log("step ${k}");`),
      "    return $body['included'][0]['relationships']['project'];",
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(php, { languageId: 'php' })), ['29 attribute projects name']);
    const go = [
      'package tfc',
      'func WorkspaceProject(c *http.Client, org string) string {',
      '\tresp, _ := c.Get(fmt.Sprintf("https://app.terraform.io/api/v2/organizations/%s/workspaces", org))',
      ...steps('\t', 24, (k) => `log.Printf("step %d", ${k})`),
      '\tvar body map[string]any',
      '\tjson.NewDecoder(resp.Body).Decode(&body)',
      '\tws := body["data"].([]any)[0].(map[string]any)',
      '\trel := ws["relationships"].(map[string]any)["project"]',
      '\treturn fmt.Sprint(rel)',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), ['31 attribute workspaces project']);
  });
});

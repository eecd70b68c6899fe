// A method word near a URL is the URL's only when it belongs to the URL's request: on the URL's line, in the statement
// that holds the URL, or in one that names the URL's value (its variable, a request object built from it, a method
// variable handed with it). A verb of another receiver or call (`curl -X DELETE "$CACHE"` under an API URL,
// `cache.delete(key)` beside the URL's assignment) says nothing (verb-owners.ts; made-up snippets, several languages).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
const endpoints = (text: string, languageId: string): string[] =>
  scanText(text, { languageId, apiElsewhere: true })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const D = 'endpoint DELETE /projects/:project_id';
const P = 'endpoint PATCH /projects/:project_id';

describe('history: a verb of another receiver or call near a URL is not its method', () => {
  const wrong: [string, string, string][] = [
    [
      'shellscript',
      'curl -X DELETE on another variable three lines under',
      'URL="https://app.terraform.io/api/v2/projects/$ID"\necho start\necho more\ncurl -s -X DELETE "$CACHE"\n',
    ],
    [
      'python',
      'cache.delete(key) beside the assignment',
      'def f(base, id, cache, key):\n    url = f"{base}/projects/{id}"\n    cache.delete(key)\n    return url\n',
    ],
    [
      'python',
      'cache.delete(id) above the assignment',
      'def f(base, id, cache):\n    cache.delete(id)\n    url = f"{base}/projects/{id}"\n    return url\n',
    ],
    [
      'javascript',
      "a Map's delete beside",
      'function f(base, id) {\n  const url = `${base}/projects/${id}`;\n  pending.delete(id);\n  return url;\n}\n',
    ],
    [
      'typescript',
      "a Set's delete above",
      'class C {\n  run(id: string) {\n    this.inflight.delete(id);\n    const url = `${this.base}/projects/${id}`;\n    return url;\n  }\n}\n',
    ],
    [
      'go',
      "a cache's Delete beside",
      'func f(base, id string) string {\n\tu := fmt.Sprintf("%s/projects/%s", base, id)\n\tcache.Delete(id)\n\treturn u\n}\n',
    ],
    [
      'php',
      'curl_setopt given another variable, the method set on that handle',
      '<?php\n$url = "https://app.terraform.io/api/v2/projects/" . $id;\n$ch = curl_init();\ncurl_setopt($ch, CURLOPT_URL, $cache);\ncurl_setopt($ch, CURLOPT_CUSTOMREQUEST, "DELETE");\n',
    ],
    [
      'ruby',
      "a hash's delete beside",
      'def f(base, id)\n  url = "#{base}/projects/#{id}"\n  @cache.delete(id)\n  url\nend\n',
    ],
  ];
  for (const [languageId, name, text] of wrong)
    it(`${languageId}: ${name} says nothing`, () => {
      assert.ok(!endpoints(text, languageId).some((e) => e.includes('DELETE')), endpoints(text, languageId).join());
    });
});

describe("history: the verb of the URL's own request still decides", () => {
  const right: [string, string, string, string][] = [
    [
      'python',
      'requests.delete(url) after the assignment',
      'import requests\ndef f(base, id):\n    url = f"{base}/projects/{id}"\n    requests.delete(url)\n',
      `3 ${D}`,
    ],
    [
      'shellscript',
      'curl -X DELETE "$URL"',
      'URL="https://app.terraform.io/api/v2/projects/$ID"\ncurl -s -X DELETE "$URL"\n',
      `1 ${D}`,
    ],
    [
      'shellscript',
      'curl -X DELETE \\ continued to the URL',
      'curl -s -X DELETE \\\n  -H "Authorization: Bearer $T" \\\n  "https://app.terraform.io/api/v2/projects/$ID"\n',
      `3 ${D}`,
    ],
    [
      'javascript',
      'fetch options on the lines after, the brace alone on its line',
      'async function f(base, id) {\n  await request(\n    `${base}/projects/${id}`,\n    {\n      method: "DELETE",\n    },\n  );\n}\n',
      `3 ${D}`,
    ],
    [
      'javascript',
      'a URL built over lines into a variable sent by axios',
      'async function f(tfeHost, id) {\n  const endpoint =\n    "https://" +\n    tfeHost +\n    "/api/v2/projects/" + id;\n  await axios.patch(endpoint, body);\n}\n',
      `5 ${P}`,
    ],
    [
      'powershell',
      'a hashtable splatted',
      '$params = @{\n  Uri = "$base/projects/$id"\n  Method = "Patch"\n  Headers = $headers\n}\nInvoke-RestMethod @params',
      `2 ${P}`,
    ],
    [
      'php',
      'curl_setopt on the handle the URL was set on',
      '$ch = curl_init();\ncurl_setopt($ch, CURLOPT_URL, $base . "/projects/" . $id);\ncurl_setopt($ch, CURLOPT_CUSTOMREQUEST, "DELETE");',
      `2 ${D}`,
    ],
    [
      'php',
      "curl_setopt given the URL's variable, then the method on that handle (review v1 item 6, v10.php)",
      '<?php\n$url = "https://app.terraform.io/api/v2/projects/" . $id;\n$ch = curl_init();\ncurl_setopt($ch, CURLOPT_URL, $url);\ncurl_setopt($ch, CURLOPT_CUSTOMREQUEST, "DELETE");\ncurl_exec($ch);\n',
      `2 ${D}`,
    ],
    [
      'kotlin',
      "Ktor's trailing lambda",
      'val resp = client.request("$base/projects/$id") {\n    method = HttpMethod.Patch\n    setBody(body)\n}',
      `1 ${P}`,
    ],
    [
      'kotlin',
      'OkHttp builder chained over lines',
      'val req = Request.Builder()\n    .url("$base/projects/$id")\n    .delete()\n    .build()',
      `2 ${D}`,
    ],
    [
      'python',
      'a method variable handed with the URL',
      'request_method = "PATCH"\nendpoint_url = f"{base}/projects/{pid}"\nresult = send_api_request(endpoint_url, request_method)\n',
      `2 ${P}`,
    ],
    [
      'groovy',
      'httpRequest with a placeholder between the mode and the URL',
      'httpRequest(\n    httpMode: "PATCH",\n    requestBody: "${payload}",\n    url: "https://app.terraform.io/api/v2/projects/${id}"\n)',
      `4 ${P}`,
    ],
  ];
  for (const [languageId, name, text, want] of right)
    it(`${languageId}: ${name}`, () => {
      assert.deepEqual(endpoints(text, languageId), [want]);
    });
});

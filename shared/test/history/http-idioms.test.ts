// The HTTP idioms of each language the matcher profiles, one made-up request each to an endpoint whose path alone
// is not decisive (PATCH or DELETE /projects/:id, POST or GET /organizations/:org/projects, DELETE or PATCH
// /varsets/:id), so the method must be read from the idiom: a method-named call, a method option or argument near
// the URL, a command's flag. Snippets written for this test, in each library's documented idiom, in the shapes URL
// literal inline, URL in a variable, URL built by interpolation, format or concatenation from a base.
//
// Table (idiom → found right / missed / wrong), m5, session 17:
//   before (main c39d1062): 72 right, 13 missed, 0 wrong of 85
//   after:                  82 right,  4 missed, 0 wrong of 86 (one Perl row added with the `.` rule)
// 'fixed' rows were missed before (find-methods.ts: Elixir's `Req.patch!(`, a symbol or enum case after a method
// key `method: :patch` / `:method :delete` / `method: .patch`, a symbol first argument `run_request(:delete, …)`,
// Go resty's `.Patch(url)`, PHP's `CURLOPT_POST, true`; language-profile.ts: PHP's and Perl's `.` and Lua's `..`
// join strings, `.lua` files are Lua). 'missed' rows say nothing (never a guessed method): their URL is not read
// yet (Swift's `\(base)` interpolation, Clojure's `(str base "/projects/" id)`); a row turning right fails here so
// the table is kept true.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanText } from '@keyfob/shared/history';

type Idiom = [name: string, file: string, text: string, want: string, status: 'right' | 'fixed' | 'missed'];

const P = 'endpoint PATCH /projects/:project_id';
const D = 'endpoint DELETE /projects/:project_id';
const C = 'endpoint POST /organizations/:organization_name/projects';
const VD = 'endpoint DELETE /varsets/:varset_id';
const VP = 'endpoint PATCH /varsets/:varset_id';

const idioms: Idiom[] = [
  // Perl
  [
    'perl LWP ->patch inline',
    'c.pl',
    'my $res = $ua->patch("https://app.terraform.io/api/v2/projects/$id", Content => $body);',
    P,
    'right',
  ],
  [
    'perl LWP HTTP::Request->new(PATCH => $url)',
    'c.pl',
    'my $url = "$base/projects/$id";\nmy $req = HTTP::Request->new(PATCH => $url);\nmy $res = $ua->request($req);',
    P,
    'right',
  ],
  [
    'perl LWP HTTP::Request->new("DELETE", url)',
    'c.pl',
    'my $req = HTTP::Request->new("DELETE", "$base/varsets/$vid");',
    VD,
    'right',
  ],
  [
    'perl LWP ->post concatenated',
    'c.pl',
    'my $res = $ua->post($base . "/organizations/$org/projects", Content => $json);',
    C,
    'right',
  ],
  [
    'perl HTTP::Tiny ->request(PATCH, $url)',
    'c.pl',
    'my $url = "$base/projects/$id";\nmy $res = $http->request(\'PATCH\', $url, { content => $body });',
    P,
    'right',
  ],
  ['perl HTTP::Tiny ->delete', 'c.pl', 'my $res = HTTP::Tiny->new->delete("$base/projects/$id");', D, 'right'],
  ['perl LWP ->delete concatenated', 'c.pl', 'my $res = $ua->delete($base . "/varsets/" . $vid);', VD, 'fixed'],
  // Groovy / Jenkins
  [
    'groovy httpRequest httpMode',
    'Jenkinsfile',
    'def r = httpRequest httpMode: \'PATCH\', url: "${TFE_URL}/api/v2/projects/${projectId}", requestBody: body',
    P,
    'right',
  ],
  [
    'groovy httpRequest url first',
    'Jenkinsfile',
    'def r = httpRequest url: "${TFE_URL}/api/v2/varsets/${id}",\n    httpMode: \'DELETE\',\n    customHeaders: headers',
    VD,
    'right',
  ],
  [
    'groovy URL.openConnection requestMethod',
    'c.groovy',
    'def conn = new URL("${base}/projects/${id}").openConnection()\nconn.requestMethod = "DELETE"\nconn.connect()',
    D,
    'right',
  ],
  [
    'groovy setRequestMethod',
    'c.groovy',
    'def url = new URL(base + "/organizations/" + org + "/projects")\nHttpURLConnection conn = url.openConnection()\nconn.setRequestMethod("POST")',
    C,
    'right',
  ],
  // Kotlin
  [
    'kotlin OkHttp Request.Builder().url(u).patch(body)',
    'C.kt',
    'val u = "$base/projects/$id"\nval req = Request.Builder().url(u).patch(body).build()',
    P,
    'right',
  ],
  [
    'kotlin OkHttp .delete() chained lines',
    'C.kt',
    'val req = Request.Builder()\n    .url("$base/varsets/$id")\n    .delete()\n    .build()',
    VD,
    'right',
  ],
  [
    'kotlin Ktor client.patch(url)',
    'C.kt',
    'val resp = client.patch("$base/projects/$id") { setBody(body) }',
    P,
    'right',
  ],
  [
    'kotlin Ktor client.request method = HttpMethod.Patch',
    'C.kt',
    'val resp = client.request("$base/projects/$id") {\n    method = HttpMethod.Patch\n    setBody(body)\n}',
    P,
    'right',
  ],
  // Java
  [
    'java HttpRequest.method("PATCH")',
    'C.java',
    'HttpRequest req = HttpRequest.newBuilder()\n    .uri(URI.create(base + "/projects/" + id))\n    .method("PATCH", BodyPublishers.ofString(body))\n    .build();',
    P,
    'right',
  ],
  [
    'java HttpRequest .DELETE()',
    'C.java',
    'HttpRequest req = HttpRequest.newBuilder(URI.create(base + "/projects/" + id)).DELETE().build();',
    D,
    'right',
  ],
  [
    'java HttpRequest .POST(body)',
    'C.java',
    'String url = String.format("%s/organizations/%s/projects", base, org);\nHttpRequest req = HttpRequest.newBuilder().uri(URI.create(url)).POST(BodyPublishers.ofString(json)).build();',
    C,
    'right',
  ],
  [
    'java RestTemplate.exchange HttpMethod.PATCH',
    'C.java',
    'String url = base + "/projects/" + id;\nrestTemplate.exchange(url, HttpMethod.PATCH, entity, String.class);',
    P,
    'right',
  ],
  ['java RestTemplate.delete', 'C.java', 'restTemplate.delete(base + "/varsets/{id}", id);', VD, 'right'],
  [
    'java WebClient.patch().uri',
    'C.java',
    'webClient.patch().uri("/projects/{id}", id).bodyValue(body).retrieve();',
    P,
    'right',
  ],
  [
    'java WebClient.method(HttpMethod.DELETE)',
    'C.java',
    'webClient.method(HttpMethod.DELETE).uri(base + "/projects/" + id).retrieve();',
    D,
    'right',
  ],
  // C#
  [
    'csharp HttpClient.PatchAsync',
    'C.cs',
    'var resp = await client.PatchAsync($"{baseUrl}/projects/{id}", content);',
    P,
    'right',
  ],
  [
    'csharp HttpRequestMessage(HttpMethod.Patch, url)',
    'C.cs',
    'var url = $"{baseUrl}/projects/{id}";\nvar req = new HttpRequestMessage(HttpMethod.Patch, url);',
    P,
    'right',
  ],
  [
    'csharp new HttpRequestMessage(new HttpMethod("PATCH"))',
    'C.cs',
    'var req = new HttpRequestMessage(new HttpMethod("PATCH"), $"{baseUrl}/varsets/{id}");',
    VP,
    'right',
  ],
  [
    'csharp RestSharp Method.Patch',
    'C.cs',
    'var request = new RestRequest($"projects/{id}", Method.Patch);',
    P,
    'right',
  ],
  [
    'csharp RestSharp Method.DELETE old',
    'C.cs',
    'var request = new RestRequest("varsets/" + id, Method.DELETE);',
    VD,
    'right',
  ],
  ['csharp DeleteAsync', 'C.cs', 'await client.DeleteAsync(baseUrl + "/projects/" + id);', D, 'right'],
  // PHP
  [
    'php Guzzle ->request(PATCH)',
    'c.php',
    "$res = $client->request('PATCH', \"$base/projects/$id\", ['json' => $body]);",
    P,
    'right',
  ],
  ['php Guzzle ->patch', 'c.php', '$res = $client->patch("projects/{$id}", [\'json\' => $body]);', P, 'right'],
  [
    'php Guzzle ->delete var',
    'c.php',
    "$url = $this->base . '/varsets/' . $id;\n$res = $this->client->delete($url);",
    VD,
    'fixed',
  ],
  [
    'php curl CURLOPT_CUSTOMREQUEST',
    'c.php',
    '$ch = curl_init("$base/projects/$id");\ncurl_setopt($ch, CURLOPT_CUSTOMREQUEST, "PATCH");\ncurl_setopt($ch, CURLOPT_POSTFIELDS, $json);',
    P,
    'right',
  ],
  [
    'php curl CURLOPT_POST',
    'c.php',
    '$ch = curl_init();\ncurl_setopt($ch, CURLOPT_URL, $base . "/organizations/" . $org . "/projects");\ncurl_setopt($ch, CURLOPT_POST, true);',
    C,
    'fixed',
  ],
  [
    'php Http::patch (Laravel)',
    'c.php',
    '$res = Http::withToken($token)->patch("$base/projects/$id", $data);',
    P,
    'right',
  ],
  // Ruby
  [
    'ruby Net::HTTP::Patch.new(uri)',
    'c.rb',
    'uri = URI("#{base}/projects/#{id}")\nreq = Net::HTTP::Patch.new(uri)',
    P,
    'right',
  ],
  ['ruby Faraday conn.patch', 'c.rb', 'resp = conn.patch("projects/#{id}") { |r| r.body = body }', P, 'right'],
  [
    'ruby HTTParty.patch',
    'c.rb',
    'HTTParty.patch("#{base}/projects/#{id}", body: body.to_json, headers: headers)',
    P,
    'right',
  ],
  ['ruby RestClient.delete', 'c.rb', 'RestClient.delete("#{base}/varsets/#{id}", headers)', VD, 'right'],
  [
    'ruby RestClient::Request.execute method: :patch',
    'c.rb',
    'RestClient::Request.execute(method: :patch, url: "#{base}/projects/#{id}", payload: body)',
    P,
    'fixed',
  ],
  [
    'ruby Faraday run_request(:delete)',
    'c.rb',
    'conn.run_request(:delete, "projects/#{id}", nil, headers)',
    D,
    'fixed',
  ],
  // Elixir
  ['elixir Req.patch!', 'c.ex', 'Req.patch!("#{base}/projects/#{id}", json: body)', P, 'fixed'],
  [
    'elixir Req.request method: :patch',
    'c.ex',
    'Req.request!(method: :patch, url: "#{base}/projects/#{id}", json: body)',
    P,
    'fixed',
  ],
  [
    'elixir HTTPoison.patch',
    'c.ex',
    'url = "#{@base}/projects/#{id}"\nHTTPoison.patch(url, Jason.encode!(body), headers)',
    P,
    'right',
  ],
  ['elixir Tesla.delete', 'c.ex', 'Tesla.delete(client, "/varsets/#{id}")', VD, 'right'],
  // Rust
  [
    'rust reqwest client.patch(url)',
    'c.rs',
    'let url = format!("{}/projects/{}", base, id);\nlet resp = client.patch(&url).json(&body).send().await?;',
    P,
    'right',
  ],
  [
    'rust reqwest request(Method::PATCH)',
    'c.rs',
    'let resp = client.request(Method::PATCH, format!("{base}/projects/{id}")).send().await?;',
    P,
    'right',
  ],
  [
    'rust reqwest delete inline',
    'c.rs',
    'client.delete(format!("{}/varsets/{}", self.base, id)).send().await?;',
    VD,
    'right',
  ],
  // Swift
  [
    'swift URLRequest httpMethod = PATCH',
    'C.swift',
    'var request = URLRequest(url: URL(string: "\\(base)/projects/\\(id)")!)\nrequest.httpMethod = "PATCH"',
    P,
    'missed',
  ],
  [
    'swift url var httpMethod DELETE',
    'C.swift',
    'let url = URL(string: base + "/varsets/" + id)!\nvar req = URLRequest(url: url)\nreq.httpMethod = "DELETE"',
    VD,
    'right',
  ],
  [
    'swift Alamofire method: .patch',
    'C.swift',
    'AF.request("\\(base)/projects/\\(id)", method: .patch, parameters: body)',
    P,
    'missed',
  ],
  // Dart
  [
    'dart http.patch(Uri.parse)',
    'c.dart',
    'final resp = await http.patch(Uri.parse("$base/projects/$id"), body: body);',
    P,
    'right',
  ],
  ['dart dio.delete', 'c.dart', 'await dio.delete("$base/varsets/$id");', VD, 'right'],
  [
    'dart http.Request("PATCH", uri)',
    'c.dart',
    'final req = http.Request("PATCH", Uri.parse("$base/projects/$id"));',
    P,
    'right',
  ],
  // Scala
  [
    'scala sttp basicRequest.patch(uri"...")',
    'C.scala',
    'val req = basicRequest.patch(uri"$base/projects/$id").body(json)',
    P,
    'right',
  ],
  ['scala sttp .delete', 'C.scala', 'basicRequest\n  .delete(uri"$base/varsets/$id")\n  .send(backend)', VD, 'right'],
  [
    'scala akka HttpRequest(method = HttpMethods.PATCH)',
    'C.scala',
    'HttpRequest(method = HttpMethods.PATCH, uri = s"$base/projects/$id")',
    P,
    'right',
  ],
  // Lua
  [
    'lua request table method = PATCH',
    'c.lua',
    'local res, err = httpc:request_uri(base .. "/projects/" .. id, {\n  method = "PATCH",\n  body = body,\n})',
    P,
    'fixed',
  ],
  [
    'lua socket.http request{method}',
    'c.lua',
    'http.request{ url = base .. "/varsets/" .. id, method = "DELETE", sink = ltn12.sink.table(t) }',
    VD,
    'fixed',
  ],
  // Clojure
  ['clojure clj-http client/patch', 'c.clj', '(client/patch (str base "/projects/" id) {:body body})', P, 'missed'],
  [
    'clojure clj-http request :method :delete',
    'c.clj',
    '(client/request {:method :delete :url (str base "/varsets/" id)})',
    VD,
    'missed',
  ],
  // Python
  [
    'python requests.request("PATCH", url)',
    'c.py',
    'url = f"{base}/projects/{pid}"\nrequests.request("PATCH", url, json=body)',
    P,
    'right',
  ],
  [
    'python httpx.AsyncClient().patch',
    'c.py',
    'async with httpx.AsyncClient() as client:\n    r = await client.patch(f"{base}/projects/{pid}", json=body)',
    P,
    'right',
  ],
  [
    'python aiohttp session.patch',
    'c.py',
    'async with session.patch(f"{base}/projects/{pid}", json=body) as resp:\n    pass',
    P,
    'right',
  ],
  [
    'python urllib Request(method="PATCH")',
    'c.py',
    'req = urllib.request.Request(f"{base}/projects/{pid}", data=data, method="PATCH")',
    P,
    'right',
  ],
  ['python requests.delete format', 'c.py', 'requests.delete("{}/varsets/{}".format(base, vid))', VD, 'right'],
  [
    'python session.request(method=...)',
    'c.py',
    'resp = self.session.request(method="DELETE", url=base + "/projects/" + pid)',
    D,
    'right',
  ],
  // JS
  [
    'js axios({method, url})',
    'c.js',
    'await axios({ method: "patch", url: `${base}/projects/${id}`, data: body });',
    P,
    'right',
  ],
  ['js axios.patch', 'c.js', 'await axios.patch(`${base}/projects/${id}`, body);', P, 'right'],
  ['js got.patch', 'c.js', 'await got.patch(`${base}/projects/${id}`, { json: body });', P, 'right'],
  ['js ky.delete', 'c.js', 'await ky.delete(`${base}/varsets/${id}`);', VD, 'right'],
  ['js superagent .patch(url)', 'c.js', 'await request.patch(`${base}/projects/${id}`).send(body);', P, 'right'],
  [
    'js https.request({method})',
    'c.js',
    "const req = https.request({ hostname: 'app.terraform.io', path: `/api/v2/projects/${id}`, method: 'PATCH' });",
    P,
    'right',
  ],
  [
    'js fetch(url, {method})',
    'c.js',
    'const url = `${base}/projects/${id}`;\nawait fetch(url, { method: "DELETE", headers });',
    D,
    'right',
  ],
  // Go
  [
    'go http.NewRequest',
    'c.go',
    'req, err := http.NewRequest("PATCH", fmt.Sprintf("%s/projects/%s", base, id), body)',
    P,
    'right',
  ],
  [
    'go http.NewRequest MethodDelete',
    'c.go',
    'url := base + "/varsets/" + id\nreq, _ := http.NewRequestWithContext(ctx, http.MethodDelete, url, nil)',
    VD,
    'right',
  ],
  [
    'go resty R().Patch(url)',
    'c.go',
    'resp, err := client.R().SetBody(body).Patch(fmt.Sprintf("%s/projects/%s", base, id))',
    P,
    'fixed',
  ],
  // PowerShell
  [
    'ps Invoke-RestMethod -Method Patch -Uri',
    'c.ps1',
    'Invoke-RestMethod -Method Patch -Uri "$base/projects/$id" -Headers $headers -Body $body',
    P,
    'right',
  ],
  [
    'ps Invoke-RestMethod -Uri var -Method Delete',
    'c.ps1',
    '$uri = "$base/varsets/$id"\nInvoke-RestMethod -Uri $uri -Method Delete -Headers $headers',
    VD,
    'right',
  ],
  [
    'ps splatted @params',
    'c.ps1',
    '$params = @{\n  Uri = "$base/projects/$id"\n  Method = "Patch"\n  Headers = $headers\n}\nInvoke-RestMethod @params',
    P,
    'right',
  ],
  // Ansible
  [
    'ansible uri method PATCH',
    'p.yml',
    '- name: update project\n  ansible.builtin.uri:\n    url: "{{ tfe_url }}/api/v2/projects/{{ project_id }}"\n    method: PATCH\n    body_format: json',
    P,
    'right',
  ],
  // shell
  [
    'curl -X PATCH',
    'c.sh',
    'curl -s -X PATCH -H "Authorization: Bearer $TOKEN" "$BASE/projects/$ID" -d @payload.json',
    P,
    'right',
  ],
  [
    'curl --request DELETE',
    'c.sh',
    'curl --request DELETE \\\n  --header "Authorization: Bearer $TOKEN" \\\n  "$BASE/varsets/$ID"',
    VD,
    'right',
  ],
  [
    'wget --method=PATCH',
    'c.sh',
    'wget --method=PATCH --body-file=p.json --header="Authorization: Bearer $TOKEN" "$BASE/projects/$ID"',
    P,
    'right',
  ],
  ['httpie http PATCH', 'c.sh', 'http PATCH "$BASE/projects/$ID" "Authorization:Bearer $TOKEN" < p.json', P, 'right'],
  ['xh delete', 'c.sh', 'xh DELETE "$BASE/varsets/$ID" "Authorization:Bearer $TOKEN"', VD, 'right'],
  [
    'curl data implies POST',
    'c.sh',
    'curl -s -H "Content-Type: application/vnd.api+json" -d @p.json "$BASE/organizations/$ORG/projects"',
    C,
    'right',
  ],
];

// Each snippet is read as a file of a client project of this API (`apiElsewhere`: another file writes its base or
// names it), as its paths on `$base` would be: alone, a path on an unknown base is any API's and says nothing.
const endpoints = (file: string, text: string): string[] => [
  ...new Set(
    scanText(text, { fileName: file, apiElsewhere: true })
      .map((m) => m.subject.id)
      .filter((id) => id.startsWith('endpoint')),
  ),
];

for (const [name, file, text, want, status] of idioms) {
  test(`${status === 'missed' ? 'not read yet, says nothing' : 'reads the method'}: ${name}`, () => {
    assert.deepEqual(endpoints(file, text), status === 'missed' ? [] : [want]);
  });
}

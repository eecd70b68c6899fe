import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/**
 * Subject ids (and the method used) that a one-line or short source yields; `inProject`: read as a file of a project
 * that names this API (`apiElsewhere`), for a case on a base the source alone does not show to be this API's.
 */
function found(source: string, languageId: string, inProject = false): string[] {
  return scanText(source, { languageId, apiElsewhere: inProject }).map(
    (m) => `${m.subject.id}${m.method ? ` <${m.method.text}>` : ''}`,
  );
}

const TAGS = 'endpoint POST /workspaces/:workspace_id/relationships/tags';
const UNTAG = 'endpoint DELETE /workspaces/:workspace_id/relationships/tags';

const cases: { name: string; language: string; source: string; expected: string[]; inProject?: true }[] = [
  {
    name: "url-join's pieces are one path (urljoin('/runs/', encodeURI(id), '/actions/apply') is no POST /runs), sent with the method of the call that takes it",
    inProject: true,
    language: 'typescript',
    source: [
      "import urljoin from 'url-join';",
      'export class Tags {',
      '  async delete(organization: string, options: any): Promise<void> {',
      '    const endpoint = urljoin(',
      "      '/organizations/',",
      '      encodeURI(organization),',
      "      '/tags'",
      '    );',
      '    await this.client.delete(endpoint, options);',
      '  }',
      '  async add(tagId: string, options: any): Promise<void> {',
      "    const endpoint = urljoin('/tags/', encodeURI(tagId), '/relationships/', '/workspaces');",
      '    await this.client.post(endpoint, options);',
      '  }',
      '  async apply(runId: string): Promise<void> {',
      "    const endpoint = urljoin('/runs/', encodeURI(runId), '/actions/apply');",
      '    await this.client.post(endpoint, {});',
      '  }',
      '}',
    ].join('\n'),
    expected: [
      'endpoint DELETE /organizations/:organization_name/tags <delete>',
      'endpoint POST /tags/:tag_id/relationships/workspaces <post>',
    ],
  },
  {
    name: "a switch's generic case values count a distinct case of the same switch further down, not of the next switch",
    language: 'typescript',
    source: [
      'function runMessage(status?: string): string {',
      '  switch (status) {',
      "    case 'fetching':",
      "      return 'Fetching';",
      "    case 'planning':",
      "      return 'Planning';",
      "    case 'cost_estimating':",
      "      return 'Estimating costs';",
      "    case 'pre_plan_running':",
      "      return 'Tasks - pre-plan (running)';",
      '  }',
      '}',
      'function other(status?: string): string {',
      '  switch (status) {',
      "    case 'queuing':",
      "      return 'Queuing';",
      '  }',
      '}',
    ].join('\n'),
    expected: ['status runs fetching', 'status runs pre_plan_running'],
  },
  {
    name: 'the status values of a comma-separated string count beside a distinct one of the same resource (sh)',
    language: 'shellscript',
    source: [
      'active="pending,fetching,queuing,pre_plan_running"',
      'curl -s "$API/workspaces/$ws/runs?filter%5Bstatus%5D=${active}"',
    ].join('\n'),
    expected: [
      'status runs fetching',
      'status runs queuing',
      'status runs pre_plan_running',
      'parameter filter[status] /workspaces/:workspace_id/runs',
    ],
  },
  {
    name: 'the status values of a comma-separated string count beside a distinct one (Python, JS); alone they say nothing',
    language: 'python',
    source: [
      'ACTIVE = "fetching,queuing,pre_plan_completed"',
      'WORDS = "fetching,queuing"',
      'const other = "queuing,fetching,reading"',
    ].join('\n'),
    expected: ['status runs fetching', 'status runs queuing', 'status runs pre_plan_completed'],
  },
  {
    name: 'a name printed or logged as a whole message is no use; as a key it is',
    language: 'python',
    source: [
      'print("enforcement-level")',
      'logger.info("enforcement-level")',
      'body = {"type": "policies", "attributes": {"enforcement-level": "advisory"}}',
    ].join('\n'),
    expected: ['attribute policies enforcement-level'],
  },
  {
    name: ".NET's HttpMethod.Delete, RestSharp's Method.Patch and HttpClient's GetStringAsync / GetFromJsonAsync<T>",
    inProject: true,
    language: 'csharp',
    source: [
      'var request = new RestRequest($"projects/{id}", Method.Patch);',
      'var msg = new HttpRequestMessage(HttpMethod.Delete, $"{_baseUrl}/projects/{id}");',
      'var text = await _http.GetStringAsync($"{BaseUrl}/projects/{id}");',
      'var project = await _http.GetFromJsonAsync<Project>($"projects/{id}");',
    ].join('\n'),
    expected: [
      'endpoint PATCH /projects/:project_id <Patch>',
      'endpoint DELETE /projects/:project_id <Delete>',
      'endpoint GET /projects/:project_id <Get>',
      'endpoint GET /projects/:project_id <Get>',
    ],
  },
  {
    name: 'one segment with a query, written without a leading slash, is a path (C#)',
    language: 'csharp',
    source: [
      'return await GetAsync<TeamWorkspacesResponse>($"team-workspaces?filter[workspace][id]={workspaceId}");',
      'var label = "team-workspaces?";',
    ].join('\n'),
    expected: ['endpoint GET /team-workspaces <Get>'],
  },
  {
    name: 'a single segment sent by a typed .NET call or a Retrofit annotation',
    inProject: true,
    language: 'csharp',
    source: [
      'return await GetAsync<OrganizationsResponse>($"organizations").ConfigureAwait(false);',
      'return await PostAsync<RunsRequest, RunResponse>("runs", request).ConfigureAwait(false);',
      '@POST("runs")',
      'var t = Label("runs");',
    ].join('\n'),
    expected: ['endpoint GET /organizations <Get>', 'endpoint POST /runs <Post>', 'endpoint POST /runs <POST>'],
  },
  {
    name: ".NET's typed GetAsync<T>( decides the method of its URL",
    inProject: true,
    language: 'csharp',
    source: [
      'class A {',
      '  public async Task<W> ListAsync(string o)',
      '  {',
      '    return await GetAsync<WorkspacesResponse>($"organizations/{o}/workspaces").ConfigureAwait(false);',
      '  }',
      '}',
    ].join('\n'),
    expected: ['endpoint GET /organizations/:organization_name/workspaces <Get>'],
  },
  {
    name: "a paging helper's URL takes the method of a class method whose parameters go on the next lines",
    inProject: true,
    language: 'typescript',
    source: [
      'class W {',
      '  async *listWorkspaces(',
      '    org: string,',
      '  ): AsyncGenerator<W[]> {',
      '    yield* streamPages<W>(',
      '      this.http,',
      '      `/organizations/${org}/workspaces`,',
      '    );',
      '  }',
      '  sync(org: string) {',
      '    return streamPages(',
      '      `/organizations/${org}/workspaces`,',
      '    );',
      '  }',
      '}',
    ].join('\n'),
    expected: ['endpoint GET /organizations/:organization_name/workspaces <>'],
  },
  {
    name: 'a terrasnek method passed by reference to a helper',
    language: 'python',
    source:
      'orgs = tfe.call_endpoint(tfe.api.orgs.list)\nps = tfe.call_endpoint(tfe.api.orgs.show_module_producers, org_name=o)\n' +
      // the keyword the reference's call passes picks the endpoint (by name, by id)
      'w = tfe.call_endpoint(tfe.api.workspaces.show, workspace_name=n)\nv = api.workspaces.show(workspace_id=i)\n' +
      '# tfe.call_endpoint(tfe.api.runs.create, payload=p)',
    expected: [
      'endpoint GET /organizations',
      'endpoint GET /organizations/:organization_name/relationships/module-producers',
      'endpoint GET /organizations/:organization_name/workspaces/:name',
      'endpoint GET /workspaces/:workspace_id',
    ],
  },
  {
    name: 'terrasnek: a method whose URL its keyword picks, one whose URL is on the line after its helper call, a name of an earlier release',
    language: 'python',
    source: [
      'ws = self.api.workspaces.show(',
      '    workspace_name=name)["data"]',
      'other = self.api.workspaces.show(name)  # by name or by id: which one is not said',
      'mods = self.api.registry_modules.list()["data"]',
      'outs = tfc.state_versions.list_state_version_outputs(sv_id)',
    ].join('\n'),
    expected: [
      'endpoint GET /organizations/:organization_name/workspaces/:name',
      'endpoint GET /organizations/:organization_name/registry-modules',
      'endpoint GET /state-versions/:state_version_id/outputs',
    ],
  },
  {
    name: 'concatenation with expressions',
    inProject: true,
    language: 'java',
    source: 'client.post(BASE + "/workspaces/" + ws.getId() + "/relationships/tags");',
    expected: [`${TAGS} <post>`],
  },
  {
    name: 'trailing expression fills the last segment',
    inProject: true,
    language: 'javascript',
    source: 'api.get("/projects/" + id)',
    expected: ['endpoint GET /projects/:project_id <get>'],
  },
  {
    name: 'a template literal placeholder is a segment',
    inProject: true,
    language: 'typescript',
    source: 'const u = `/workspaces/${ws}/relationships/tags`;\nawait http.post(u, body);',
    expected: [`${TAGS} <post>`],
  },
  {
    name: 'curl -X on the line before',
    language: 'shellscript',
    source: 'curl -X DELETE \\\n  https://x/api/v2/workspaces/ws-1/relationships/tags',
    expected: [`${UNTAG} <DELETE>`],
  },
  {
    name: 'curl --request',
    language: 'shellscript',
    source: 'curl --request DELETE https://x/api/v2/workspaces/ws-1/relationships/tags',
    expected: [`${UNTAG} <DELETE>`],
  },
  {
    name: 'Go method constant on the next line',
    language: 'go',
    source:
      'u := base + "/api/v2/workspaces/" + id + "/relationships/tags"\nreq, _ := http.NewRequest(http.MethodDelete, u, nil)',
    expected: [`${UNTAG} <MethodDelete>`],
  },
  {
    name: 'axios-style method option',
    inProject: true,
    language: 'javascript',
    source: "axios({ url: `/workspaces/${id}/relationships/tags`, method: 'delete' })",
    expected: [`${UNTAG} <delete>`],
  },
  {
    name: 'method written in the literal',
    inProject: true,
    language: 'markdown',
    source: 'Call `DELETE /workspaces/:workspace_id/relationships/tags` to untag.',
    expected: [`${UNTAG} <DELETE>`],
  },
  {
    name: 'a method on another call is not borrowed',
    language: 'typescript',
    // (fetch() alone would be GET, the Fetch default: a helper of unknown method stands here.)
    source: 'await api.delete("/projects/p-1");\n\n\n\n\nawait request("/projects/p-2");',
    // The second URL has no method of its own and GET, PATCH and DELETE share its path: no claim.
    expected: ['endpoint DELETE /projects/:project_id <delete>'],
  },
  {
    name: 'PATCH picks the deprecation route over DELETE of a version',
    language: 'shellscript',
    source: 'curl -X PATCH https://x/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws/1.0.0',
    expected: [
      'endpoint PATCH /organizations/:organization_name/registry-modules/private/:organization_name/:module_name/:module_provider/:module_version <PATCH>',
    ],
  },
  {
    name: 'DELETE picks the version route despite the literal `private`',
    language: 'shellscript',
    source: 'curl -X DELETE https://x/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws/1.0.0',
    expected: [
      'endpoint DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/:version <DELETE>',
    ],
  },
  {
    name: 'the audit trails token needs its query',
    language: 'typescript',
    source:
      'api.post("/organizations/acme/authentication-token?token=audit-trails");\napi.post("/organizations/acme/authentication-token");',
    expected: ['endpoint POST /organizations/:organization_name/authentication-token?token=audit-trails <post>'],
  },
  {
    name: '`q` bound to the list URL in the same call',
    language: 'python',
    source: 'requests.get(f"{BASE}/organizations/{org}/teams", params={"q": "ops", "filter[names]": "a"})',
    expected: [
      'parameter q /organizations/:organization_name/teams',
      'parameter filter[names] /organizations/:organization_name/teams',
    ],
  },
  {
    name: '`q` without a URL that has it stays a word',
    inProject: true,
    language: 'python',
    source: 'requests.get(f"{BASE}/organizations/{org}/projects", params={"q": "ops"})',
    expected: ['endpoint GET /organizations/:organization_name/projects <get>'],
  },
  {
    name: 'go-tfe style relative path',
    language: 'go',
    source:
      'u := fmt.Sprintf("organizations/%s/varsets", url.PathEscape(org))\nreq, err := s.client.NewRequest("GET", u, options)',
    expected: ['endpoint GET /organizations/:organization_name/varsets <GET>'],
  },
  {
    name: 'go-tfe: the method of the NewRequest that sends the path built before it (multi-line Sprintf)',
    language: 'go',
    source:
      'u := fmt.Sprintf(\n\t"organizations/%s/workspaces/%s/actions/safe-delete",\n\turl.PathEscape(org),\n\turl.PathEscape(ws),\n)\n\nreq, err := s.client.NewRequest("POST", u, nil)\nu = fmt.Sprintf("workspaces/%s", url.PathEscape(id))\nreq, err = s.client.NewRequest("PATCH", u, &options)',
    // PATCH /workspaces/:id is not in the history: the GET of the same path must not be claimed.
    expected: ['endpoint POST /organizations/:organization_name/workspaces/:name/actions/safe-delete <POST>'],
  },
  {
    name: 'Python: a base URL set in the constructor, extended in a method and sent by a helper',
    inProject: true,
    language: 'python',
    source:
      'class Projects:\n    def __init__(self):\n        self._projects_url = f"{self._api_v2_base_url}/projects"\n\n    def destroy(self, project_id):\n        url = f"{self._projects_url}/{project_id}"\n        return self._destroy(url)\n\n    def create(self, payload):\n        return self._create(self._org_url, payload)\n\n    def update(self, project_id, payload):\n        return self._update(f"{self._projects_url}/{project_id}", payload)',
    expected: ['endpoint DELETE /projects/:project_id <destroy>', 'endpoint PATCH /projects/:project_id <update>'],
  },
  {
    name: 'Go: query keys in the url tags of an options struct, bound to the URL of the function that takes it',
    language: 'go',
    source:
      'type TeamTokenListOptions struct {\n\tQuery string `url:"q,omitempty"`\n}\n\ntype Other struct {\n\tQuery string `url:"q,omitempty"`\n}\n\nfunc (s *teamTokens) List(ctx context.Context, org string, options *TeamTokenListOptions) error {\n\n\n\n\tu := fmt.Sprintf("organizations/%s/team-tokens", url.PathEscape(org))\n\treq, err := s.client.NewRequest("GET", u, options)\n}',
    expected: [
      'parameter q /organizations/:organization_name/team-tokens',
      'endpoint GET /organizations/:organization_name/team-tokens <GET>',
    ],
  },
  {
    name: 'a URL with no method whose path has several methods is not taken for GET',
    language: 'python',
    source: 'url = f"{base}/api/v2/organizations/{org}/varsets"\nlog(url)',
    expected: [],
  },
  {
    // The pagination keys' path is `*`: every list (the entry names ten lists that gained them; the
    // clients page every list with them), also a list the history has no endpoint for, and their
    // bracketed names are distinct wherever written (a constant's value, a parameter list's key).
    name: 'pagination parameters on every API list, and as constants',
    language: 'typescript',
    source: [
      'api.get("/organizations/acme/ssh-keys?page[size]=100");',
      'api.get("/organizations/acme/projects?page[size]=100");',
      'api.get(`/workspaces/${ws}/runs?page%5Bnumber%5D=2`);',
      'const PAGE_SIZE = "page[size]";',
      'const note = "page size";',
    ].join('\n'),
    expected: [
      'endpoint GET /organizations/:organization_name/ssh-keys <get>',
      'parameter page[size] *',
      'endpoint GET /organizations/:organization_name/projects <get>',
      'parameter page[size] *',
      'parameter page[number] *',
      'parameter page[size] *',
    ],
  },
  {
    name: 'a block comment opener inside a string is no comment',
    language: 'typescript',
    source: 'const glob = "/api/*";\nconst k = { "auto-apply-run-trigger": true };',
    expected: ['attribute workspaces auto-apply-run-trigger'],
  },
  {
    name: 'block comments are skipped',
    language: 'typescript',
    source: '/* "auto-apply-run-trigger"\n fetch("/runs") */ const x = 1;',
    expected: [],
  },
  {
    name: 'Python docstrings are skipped',
    language: 'python',
    source: '"""Uses "auto-apply-run-trigger" and /runs."""\nx = 1',
    expected: [],
  },
  {
    name: 'hash inside a string is no comment',
    language: 'yaml',
    source: 'url: "https://x/api/v2/runs#top"',
    expected: ['endpoint POST /runs'],
  },
  {
    name: 'run task request fields need a run task handler around',
    language: 'python',
    source: 'def handle(req):\n    url = req["callback"]\n    stage = req["stage"]',
    expected: [],
  },
  {
    name: 'run task request fields read in a handler (subscript, get, destructuring)',
    language: 'python',
    source:
      'def handle(req):\n    url = req["task_result_callback_url"]\n    stage = req["stage"]\n    cv = req.get("configuration_version_id")',
    expected: ['attribute run task request stage', 'attribute run task request configuration_version_id'],
  },
  {
    name: 'the run task result callback PATCHed by the name of its URL (Python requests, Go, urllib)',
    language: 'python',
    source:
      'def respond(body, tfc_body):\n    requests.patch(body.get("task_result_callback_url"), json.dumps(tfc_body))\n    requests.patch(\n        payload[\'task_result_callback_url\'], json=tfc_body)\n    req = Request(url=callback_url, data=data, method="PATCH")',
    expected: ['endpoint PATCH :callback_url', 'endpoint PATCH :callback_url', 'endpoint PATCH :callback_url'],
  },
  {
    name: 'the run task result callback sent by Go with a PATCH method or a PATCH helper',
    language: 'go',
    source:
      'func send(event Event) {\n\treq, err := http.NewRequest(http.MethodPatch, event.TaskResultCallbackUrl, body)\n\terr = tf.PATCH(payload.TaskResultCallbackURL, result, back)\n\terr = sendPatchRequest(payload.TaskResultCallbackURL, data, token)\n}',
    expected: ['endpoint PATCH :callback_url', 'endpoint PATCH :callback_url', 'endpoint PATCH :callback_url'],
  },
  {
    name: "a Go run task: the task result's status values and the request's stages in their constants, the result's status field, not another API's",
    language: 'go',
    source: [
      'type TaskStatus string',
      'const (',
      '\tTaskFailed  TaskStatus = "failed"',
      '\tTaskPassed  TaskStatus = "passed"',
      ')',
      'const (',
      '\tPrePlan   string = "pre_plan"',
      '\tPostPlan  string = "post_plan"',
      ')',
      "// Kion's answer",
      'type SpendResponse struct {',
      '\tStatus int `json:"status"`',
      '}',
      'type Request struct {',
      '\tTaskResultCallbackURL string `json:"task_result_callback_url"`',
      '}',
      'type Result struct {',
      '\tData struct {',
      '\t\tAttributes struct {',
      '\t\t\tStatus string `json:"status"`',
      '\t\t} `json:"attributes"`',
      '\t} `json:"data"`',
      '}',
      'func fail(r *Result) {',
      '\tr.Data.Attributes.Status = "failed"',
      '\tlog.Println("failed")',
      '}',
    ].join('\n'),
    expected: [
      'attribute task-results status',
      'attribute task-results status',
      'attribute run task request stage',
      'attribute run task request stage',
      'attribute task-results status',
      'attribute task-results status',
    ],
  },
  {
    name: "a Python run task: a result payload's status (its type after its attributes), not a step's own stage nor a run's status",
    language: 'python',
    source: [
      'def callback(event):',
      '    if event["payload"]["result"]["stage"]["status"] == "not implemented":',
      '        payload = {',
      '            "data": {',
      '                "attributes": {',
      '                    "status": "failed",',
      '                    "message": "Not configured for {}".format(event["payload"]["detail"]["stage"]),',
      '                },',
      '                "type": "task-results",',
      '            }',
      '        }',
      '    run = requests.get(run_url).json()',
      '    if run["data"]["attributes"]["status"] == "planned_and_finished":',
      '        return',
      '    body_attributes["status"] = "passed"',
    ].join('\n'),
    expected: [
      'attribute task-results status',
      'attribute run task request stage',
      'resource - task-results',
      'attribute task-results status',
    ],
  },
  {
    name: "a Java run task: Jackson's wire names, the result's status put in its attributes and set by a builder, not the service's own answer",
    language: 'java',
    source: [
      'public class Webhook {',
      '    @JsonProperty("stage")',
      '    private String stage;',
      '    @JsonProperty("task_result_callback_url")',
      '    private String taskResultCallbackUrl;',
      '}',
      'class Service {',
      '    void send(Webhook webhook) {',
      '        Map<String, Object> attributes = new HashMap<>();',
      '        attributes.put("status", callback.getStatus());',
      '        Callback failed = Callback.builder().status("failed").build();',
      '        response.put("status", "accepted");',
      '        post(webhook.getTaskResultCallbackUrl(), attributes);',
      '    }',
      '}',
    ].join('\n'),
    expected: ['attribute run task request stage', 'attribute task-results status', 'attribute task-results status'],
  },
  {
    name: "a Go table of resources: a row's Type decides whose its column names are",
    language: 'go',
    source: [
      'var registry = []Resource{',
      '\t{',
      '\t\tType:    "state-versions",',
      '\t\tColumns: []string{"serial", "resource-count"},',
      '\t},',
      '\t{',
      '\t\tType:    "workspaces",',
      '\t\tColumns: []string{"name", "resource-count"},',
      '\t},',
      '}',
    ].join('\n'),
    expected: ['resource - workspaces', 'attribute workspaces resource-count'],
  },
  {
    name: 'a callback URL printed, read, defined or sent without PATCH claims nothing',
    language: 'python',
    source:
      'def _patch(callback_url, data):\n    patch_terraform_callback(token, callback_url, "passed")\n    print("task_result_callback_url not found", callback_url)\n    url = body.get("task_result_callback_url")\n    tfc_callback(app, callback_url, token)\n    requests.post(callback_url, data)\n    # requests.patch(callback_url)',
    // No PATCH :callback_url; the "passed" handed to the callback helper is the task result's status (i22k).
    expected: ['attribute task-results status'],
  },
  {
    name: 'a Python parameter annotation is no key',
    language: 'python',
    source: 'def handle(req, stage: str):\n    return req["task_result_callback_url"]',
    expected: [],
  },
  {
    name: 'statuses listed beside a distinct one of the same field',
    language: 'go',
    source:
      'const (\n\tRunFetching RunStatus = "fetching"\n\tRunSaved RunStatus = "planned_and_saved"\n)\nvar mode = "fetching"',
    expected: ['status runs fetching', 'status runs planned_and_saved'],
  },
  {
    name: 'a status type named for its resource',
    language: 'go',
    source: 'const ConfigurationArchived ConfigurationStatus = "archived"\nconst Other OtherStatus = "archived"',
    expected: ['status configuration-versions archived'],
  },
  {
    name: 'snake_case of a kebab attribute in a provider block',
    language: 'terraform',
    source:
      'resource "tfe_workspace" "w" {\n  tag_names = ["a"]\n  name = "w"\n}\nresource "aws_s3_bucket" "b" {\n  tag_names = ["a"]\n}',
    expected: ['resource - workspaces', 'attribute workspaces tag-names'],
  },
  {
    name: 'YAML: a less indented key closes the mapping of a type',
    language: 'yaml',
    source: 'access:\n  - type: team-projects\n    access: write\nlogging:\n  access: read',
    expected: ['resource - team-projects', 'status team-projects write'],
  },
  {
    name: 'a POST to a path the history has only for GET is not that GET',
    inProject: true,
    language: 'typescript',
    source: "request('POST', `/organizations/${org}/workspaces`);\nrequest('GET', `/organizations/${org}/workspaces`);",
    expected: ['endpoint GET /organizations/:organization_name/workspaces <GET>'],
  },
  {
    name: 'fetch(url) alone is GET (the Fetch default); with an options object the method stays unknown',
    language: 'typescript',
    source:
      'await fetch(`${base}/api/v2/organizations/${org}/registry-modules`);\nawait fetch(`${base}/api/v2/organizations/${org}/registry-modules`, opts);',
    expected: ['endpoint GET /organizations/:organization_name/registry-modules <fetch>'],
  },
  {
    name: 'generic status value only next to its field (the runs URL is context only)',
    inProject: true,
    language: 'typescript',
    source:
      'const r = await get(`/workspaces/${ws}/runs`);\nif (r.data.status === "fetching") wait();\nlog("fetching");',
    expected: ['status runs fetching'],
  },
  {
    name: 'Rust: a format! URL sent by a call whose method argument is on another line (surf Method::Patch)',
    inProject: true,
    language: 'rust',
    source: [
      'let url = Url::parse(&format!("{}/workspaces/{}", BASE, id))?;',
      'let req = build_request(',
      '    Method::Patch,',
      '    url,',
      '    Some(body),',
      ');',
      'let url = Url::parse(&format!(',
      '    "{}/workspaces/{}/relationships/tags",',
      '    BASE, id',
      '))?;',
      'let req = build_request(Method::Delete, url, None);',
    ].join('\n'),
    // PATCH /workspaces/:id is not in the history: no GET claimed for it.
    expected: [`${UNTAG} <Delete>`],
  },
  {
    name: 'Go: a URL sent as u.String() many lines later, the literal after `base +` inside a multi-line Sprintf',
    language: 'go',
    source: [
      'func Apply(id string) error {',
      '\tu := fmt.Sprintf(',
      '\t\tbaseURL+"/organizations/%s/workspaces",',
      '\t\torg,',
      '\t)',
      ...Array.from({ length: 20 }, (_, i) => `\tstep${i}()`),
      '\tif ok {',
      '\t\tlog(1)',
      '\t}',
      '\t_, err := callAPI(http.MethodPost, u.String(), body, nil)',
      '\treturn err',
      '}',
    ].join('\n'),
    // POST /organizations/:organization_name/workspaces is not in the history: no GET claimed for it.
    expected: [],
  },
  {
    name: 'the sending call is looked for only in the function that built the URL',
    language: 'python',
    source: [
      'def show(self, id):',
      '    url = f"/workspaces/{id}/relationships/tags"',
      '    return url',
      '',
      'def other(self):',
      '    self._delete(url)',
    ].join('\n'),
    expected: [],
  },
  {
    name: 'Ruby: symbols and strings of a request call are path segments, its name the method',
    language: 'ruby',
    source: [
      '@request.get(:organizations, params[:organization], :workspaces)',
      '@request.post(:workspaces, params[:workspace], :relationships, :tags, data: data)',
      "@request.get('configuration-versions', id, params)",
      '@request.post(:organizations, org, :workspaces, data: data)',
    ].join('\n'),
    // A trailing `params` is the request's hash (Ruby pops it), not a segment; POST to an organization's
    // workspaces is not in the history, so not its GET either.
    expected: [
      'endpoint GET /organizations/:organization_name/workspaces <get>',
      `${TAGS} <post>`,
      'endpoint GET /configuration-versions/:configuration-id <get>',
    ],
  },
  {
    name: "a single segment sent by a request call: its path keyword argument, or a request helper's first argument",
    inProject: true,
    language: 'python',
    source: [
      'return await api_request("runs", method="POST", data=payload)',
      "orgs = self._api_handler.call(uri='organizations')",
      'created = self._api_handler.call(method="post", uri="organizations", json=body)',
      'print("runs")',
      'kind = lookup("organizations")',
      'def list_organizations(self):',
      "    return self._api_handler.call(uri='organizations')",
    ].join('\n'),
    // POST /organizations is not in the history: not its GET either. The API has both on /organizations:
    // with no method the path does not decide (line 2), the function's name does (the last line).
    expected: ['endpoint POST /runs <POST>', 'endpoint GET /organizations <>'],
  },
  {
    name: 'a URL whose method is decided elsewhere: only a path the API has one method on decides (Python URL properties)',
    language: 'python',
    source: [
      'class Workspace(TFEObject):',
      '    @property',
      '    def create_url(self):',
      '        return "{0}/api/v2/organizations/{1}/workspaces".format(self.base_url, self.organization)',
      '    @property',
      '    def list_url(self):',
      '        return "{0}/api/v2/organizations/{1}/workspaces".format(self.base_url, self.organization)',
      '    @property',
      '    def url(self):',
      '        return "{0}/api/v2/organizations/{1}/workspaces".format(self.base_url, self.organization)',
      '    @property',
      '    def stages_url(self):',
      '        return "{0}/api/v2/runs/{1}/task-stages".format(self.base_url, self.run)',
    ].join('\n'),
    // create_url: POST, which the history does not know there; list_url: the GET list; url: GET or POST,
    // nothing; task stages: the API has only GET there.
    expected: [
      'endpoint GET /organizations/:organization_name/workspaces <>',
      'endpoint GET /runs/:run_id/task-stages',
    ],
  },
  {
    name: "a typed client's this.get<T>(path) and this.post<T, R>(path, body) send the path",
    inProject: true,
    language: 'typescript',
    source: [
      'show(org: string, name: string): Promise<Workspace> {',
      '  const path = `/organizations/${org}/workspaces/${name}`',
      '  return this.get<Workspace>(path)',
      '}',
      'create(org: string, request: WorkspaceRequest): Promise<Workspace> {',
      '  const path = `/organizations/${org}/workspaces`',
      '  return this.post<Workspace, WorkspaceRequest>(path, request)',
      '}',
      'all(org: string): Promise<Workspace[]> {',
      '  const path = `/organizations/${org}/workspaces`',
      '  return this.client.request(path)',
      '}',
    ].join('\n'),
    // The POST is not in the history; the last path's method is nowhere near it.
    expected: ['endpoint GET /organizations/:organization_name/workspaces/:name <get>'],
  },
  {
    name: 'a query that filters, searches or pages is a read; a PowerShell hashtable names its Method in any case',
    language: 'powershell',
    source: [
      '$List = "$Base/api/v2/organizations/$Org/workspaces?search%5Btags%5D=$Tags"',
      '$GetRequest = @{',
      '    Uri    = "$Base/api/v2/organizations/$Org/workspaces/$Name"',
      "    Method = 'Get'",
      '}',
      '$PatchRequest = @{',
      '    Uri    = "$Base/api/v2/organizations/$Org/workspaces/$Name"',
      "    Method = 'Patch'",
      '}',
    ].join('\n'),
    expected: [
      'endpoint GET /organizations/:organization_name/workspaces <>',
      'parameter search[tags] /organizations/:organization_name/workspaces',
      'endpoint GET /organizations/:organization_name/workspaces/:name <Get>',
    ],
  },
  {
    name: "a function's name decides only where the path does not, and only for a method the API has there",
    language: 'powershell',
    source: [
      'function Remove-TFModule {',
      '    PROCESS {',
      '        $Uri = "https://$Server/api/v2/registry-modules/actions/delete/$Org/$Name"',
      '        Write-Verbose $Uri',
      '    }',
      '}',
      'function Get-TFWorkspace {',
      '    if ($Name) {',
      '        $Uri = "https://$Server/api/v2/organizations/$Org/workspaces/$Name"',
      '    }',
      '}',
      'function Remove-TFWorkspace {',
      '    $Uri = "https://$Server/api/v2/organizations/$Org/workspaces/$Name"',
      '}',
    ].join('\n'),
    // The delete action is POST whatever the function is called; the history has no DELETE of a workspace by name.
    expected: [
      'endpoint POST /registry-modules/actions/delete/:organization_name/:name',
      'endpoint GET /organizations/:organization_name/workspaces/:name <>',
    ],
  },
  {
    name: "a function's name is the request it sends with a method of its own, not another URL's in it",
    language: 'python',
    source: [
      'def update_tags(self, project):',
      '    url = f"{self.base}/api/v2/projects/{project}/tag-bindings"',
      '    current = self._call(url)',
      '    return requests.patch(f"{self.base}/api/v2/projects/{project}/tag-bindings", json=body)',
      'def update_project(self, project):',
      '    return self._call(f"{self.base}/api/v2/projects/{project}", body)',
    ].join('\n'),
    expected: ['endpoint PATCH /projects/:project_id/tag-bindings <patch>', 'endpoint PATCH /projects/:project_id <>'],
  },
  {
    name: 'an object named for what it does names the method of the request it sends with none given',
    inProject: true,
    language: 'typescript',
    source: [
      'export const showProjectBlock: AppBlock = {',
      '  onEvent: async (input) => {',
      '    const response = await makeRequest(',
      '      config,',
      '      `/projects/${projectId}`,',
      '    );',
      '  },',
      '};',
      'export const projectBlock: AppBlock = {',
      '  onEvent: async (input) => {',
      '    const response = await makeRequest(config, `/projects/${projectId}`);',
      '  },',
      '};',
    ].join('\n'),
    expected: ['endpoint GET /projects/:project_id <>'],
  },
  {
    name: "an enum named for the resource and field holds that field's values",
    language: 'typescript',
    source: [
      'export enum RunStatus {',
      "  PENDING = 'pending',",
      "  QUEUING = 'queuing',",
      '}',
      'export enum JobStatus {',
      "  QUEUING = 'queuing',",
      '}',
    ].join('\n'),
    expected: ['status runs queuing'],
  },
  {
    // A query object filled far above the call that sends it: each key is bound to that call's URL.
    name: 'keys set on a query object are bound to the URL of the call that passes it',
    language: 'typescript',
    source: [
      'const queryParams: Record<string, any> = {};',
      'const other: Record<string, any> = {};',
      'if (names) {',
      '  queryParams["filter[names]"] = names.join(",");',
      '  other["filter[names]"] = names;',
      '}',
      ...Array.from({ length: 8 }, (_, k) => `// step ${k}`),
      'if (by) queryParams.sort = by;',
      'if (s) queryParams.q = s;',
      'if (x) queryParams.sort === x;',
      'const response = await makeRequest(',
      '  config,',
      '  `/organizations/${org}/projects`,',
      '  { queryParams },',
      ');',
      'const teams: Record<string, any> = {};',
      "teams['filter[names]'] = names;",
      'await makeRequest(config, `/organizations/${org}/teams`, { queryParams: teams });',
    ].join('\n'),
    // projects have no `q`; `other` goes nowhere. No method is written, but a request that filters and
    // sorts is a read: the projects listing's GET (implied, no token), not its POST.
    expected: [
      'parameter filter[names] /organizations/:organization_name/projects',
      'parameter sort /organizations/:organization_name/projects',
      'endpoint GET /organizations/:organization_name/projects <>',
      'parameter filter[names] /organizations/:organization_name/teams',
    ],
  },
  {
    name: 'keys of a params dict sent along a URL variable passed as a keyword argument of its own name (url=url)',
    language: 'python',
    source: [
      'def tagged(org):',
      '    url = f"{ROOT}/organizations/{org}/workspaces"',
      '    params = {"search[tags]": "nightly"}',
      '    return requests.get(',
      '        url=url,',
      '        params=params,',
      '    ).json()',
    ].join('\n'),
    expected: [
      'endpoint GET /organizations/:organization_name/workspaces <get>',
      'parameter search[tags] /organizations/:organization_name/workspaces',
    ],
  },
  {
    name: 'keys of a params dict passed with the variable a URL was assigned to, or inline in that call',
    language: 'python',
    source: [
      'def runs(ws):',
      '    url = f"{BASE}/api/v2/workspaces/{ws}/runs"',
      '    params = {',
      '        "filter[status]": "applied",',
      '        "unrelated": 1,',
      '    }',
      ...Array.from({ length: 4 }, (_, k) => `    step${k}()`),
      '    r = requests.get(url, headers=h, params=params)',
      '    ok = requests.get(url, params={"filter[source]": "tfe-api"})',
    ].join('\n'),
    expected: [
      'parameter filter[status] /workspaces/:workspace_id/runs',
      'parameter filter[source] /workspaces/:workspace_id/runs',
    ],
  },
  {
    name: "keys added to URLSearchParams or url.Values that the URL's string or call carries",
    language: 'typescript',
    source: [
      'const unused = new URLSearchParams();',
      'unused.append("search[commit]", sha);',
      ...Array.from({ length: 4 }, (_, k) => `// step ${k}`),
      'const params = new URLSearchParams();',
      'params.append("filter[status]", "applied");',
      'params.set("search[user]", user);',
      ...Array.from({ length: 4 }, (_, k) => `// then ${k}`),
      'const res = await fetch(`${base}/api/v2/workspaces/${id}/runs?${params}`);',
    ].join('\n'),
    expected: [
      'parameter filter[status] /workspaces/:workspace_id/runs',
      'parameter search[user] /workspaces/:workspace_id/runs',
    ],
  },
  {
    name: 'keys set on url.Values encoded into the URL',
    language: 'go',
    source: [
      'q := url.Values{}',
      'q.Set("filter[status]", "applied")',
      ...Array.from({ length: 5 }, () => ''),
      'u := fmt.Sprintf("%s/api/v2/workspaces/%s/runs?%s", base, id, q.Encode())',
    ].join('\n'),
    expected: ['parameter filter[status] /workspaces/:workspace_id/runs'],
  },
  {
    // Invoke-RestMethod sends a GET's -Body hashtable as the query string.
    name: "a PowerShell hashtable passed with the URI's variable to Invoke-RestMethod",
    language: 'powershell',
    source: [
      'function Get-Runs {',
      '    $Uri = "https://$Server/api/v2/workspaces/$Id/runs"',
      ...Array.from({ length: 6 }, (_, k) => `    $step${k} = ${k}`),
      '    $Query = @{',
      "        'filter[status]' = 'applied'",
      '    }',
      "    $Query.Add('search[user]', $User)",
      '    $Other = @{',
      "        'filter[source]' = 'tfe-api'",
      '    }',
      ...Array.from({ length: 4 }, (_, k) => `    $then${k} = ${k}`),
      '    Invoke-RestMethod -Uri $Uri -Headers $Headers -Body $Query -Method Get',
      '}',
    ].join('\n'),
    expected: [
      'parameter filter[status] /workspaces/:workspace_id/runs',
      'parameter search[user] /workspaces/:workspace_id/runs',
    ],
  },
  {
    name: 'a bracketed key in a piece of a query string',
    language: 'python',
    source: [
      "query_params.append(f'page[number]={page_number}')",
      'query_params.append("page%5Bsize%5D=" + str(size))',
      'print("see page[number] in the docs")',
      'x = "a[b]=c"',
      'search = "https://registry.terraform.io/v2/policies?page[size]=100"',
      '# page[size]=100',
    ].join('\n'),
    expected: ['parameter page[number] *', 'parameter page[size] *'],
  },
  {
    name: 'a bracketed key after the URL variable in a PowerShell string',
    language: 'powershell',
    source: 'Invoke-RestMethod -Uri "$($Uri)?page%5Bsize%5D=$Size&page%5Bnumber%5D=$i" -Method Get',
    expected: ['parameter page[size] *', 'parameter page[number] *'],
  },
  {
    // tfc-rum-stats, go-tfe-cleanup: go-tfe's ListOptions (`url:"page[size]"`), nested in a list's options or on one line.
    name: "go-tfe ListOptions' page fields: nested, on one line, and set on a list options variable",
    language: 'go',
    source: [
      'import "github.com/hashicorp/go-tfe"',
      '',
      'func list(ctx context.Context, client *tfe.Client, org string) {',
      '	opts := &tfe.WorkspaceListOptions{',
      '		ListOptions: tfe.ListOptions{',
      '			PageSize: 50,',
      '		},',
      '	}',
      '	opts.PageNumber = next',
      '	other := tfe.ListOptions{PageNumber: 2, PageSize: 100}',
      '	mine := Options{PageNumber: 2}',
      '	mine.PageNumber = 3',
      '}',
    ].join('\n'),
    // `Options` is the program's own struct: no go-tfe field.
    expected: [
      'parameter page[size] *',
      'parameter page[number] *',
      'parameter page[number] *',
      'parameter page[size] *',
    ],
  },
  {
    // hcptf-cli's commands: `client` is the program's `*client.Client`, which embeds `*tfe.Client`.
    name: 'go-tfe service calls through a wrapper of the client in a file without the go-tfe import',
    language: 'go',
    source: [
      'package command',
      '',
      'func (c *ReadCommand) Run(args []string) int {',
      '\tclient, err := c.Meta.Client()',
      '\tcheck, err := client.PolicyChecks.Read(client.Context(), c.id)',
      '\terr = client.Projects.Delete(client.Context(), c.project)',
      '\terr = do.Projects.Delete(ctx, c.project)',
      '\ttokens, err := client.TeamTokens.List(c.organization, nil)',
      '\treturn 0',
      '}',
    ].join('\n'),
    // `do.Projects` may be any client's (godo has one); TeamTokens.List without a context is no go-tfe call.
    expected: ['endpoint GET /policy-checks/:id', 'endpoint DELETE /projects/:project_id'],
  },
  {
    name: "attributes set one by one on a payload declared with its type, or sent to its resource's path",
    language: 'typescript',
    source: [
      'const requestBody: any = {',
      '  data: {',
      '    type: "projects",',
      '    attributes: { name: name.trim() },',
      '  },',
      '};',
      'if (description) requestBody.data.attributes.description = description;',
      'if (d) requestBody.data.attributes["auto-destroy-activity-duration"] = d;',
      'if (p) requestBody.data.attributes.priority === p;',
      'await request(config, `/organizations/${org}/projects`, { method: "POST", body: requestBody });',
      'const payload: any = { data: { attributes: {} } };',
      'payload.data.attributes.priority = priority;',
      'other.data.attributes.priority = priority;',
      'await request(config, `/varsets/${id}`, { method: "PATCH", body: payload });',
    ].join('\n'),
    // Projects have no auto-destroy-activity-duration (the workspaces' is not meant); `other` is sent nowhere.
    expected: [
      'resource - projects',
      'attribute projects name',
      'attribute projects description',
      'endpoint POST /organizations/:organization_name/projects <POST>',
      'attribute varsets priority',
      'endpoint PATCH /varsets/:varset_id <PATCH>',
    ],
  },
  {
    name: 'resource type only as a type value',
    language: 'json',
    source: '{"type": "policy-checks", "kind": "policy-checks"}',
    expected: ['resource - policy-checks'],
  },
];

describe('scanText', () => {
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(found(c.source, c.language, c.inProject), c.expected));
  }

  it('reports lines and exclusive end columns of the literal text', () => {
    const [match] = scanText('x\n  "auto-apply-run-trigger": true', { languageId: 'json' });
    assert.deepEqual(
      {
        line: match?.line,
        column: match?.column,
        endLine: match?.endLine,
        endColumn: match?.endColumn,
        text: match?.text,
      },
      { line: 2, column: 4, endLine: 2, endColumn: 26, text: 'auto-apply-run-trigger' },
    );
  });

  it("reports a url-join call written over several lines on the call's line, the call its text", () => {
    const source = [
      'async list(organization: string) {',
      '  const endpoint = urljoin(',
      "    '/organizations/',",
      '    encodeURI(organization),',
      "    '/tags'",
      '  );',
      '  return this.client.get(endpoint);',
      '}',
    ].join('\n');
    const [match] = scanText(source, { languageId: 'typescript', apiElsewhere: true });
    assert.deepEqual(
      { id: match?.subject.id, line: match?.line, column: match?.column, endLine: match?.endLine },
      { id: 'endpoint GET /organizations/:organization_name/tags', line: 2, column: 20, endLine: 6 },
    );
  });

  it('guesses the language from the file name', () => {
    assert.deepEqual(scanText('# "auto-apply-run-trigger"', { fileName: 'a/b.py' }), []);
    assert.equal(scanText('# "auto-apply-run-trigger"', { fileName: 'a/b.ts' }).length, 1);
  });
});

describe("another API's client class in the same file", () => {
  // terraform-scalr-migrate-tfc's clients.py (held3, seen): TFCClient and ScalrClient share a base class;
  // Scalr's paths and page keys look like this API's but go to /api/iacp/v3.
  const python = [
    'class TFCClient(APIClient):',
    '    def __init__(self, hostname: str, token: str):',
    '        super().__init__(hostname, token, "/api/v2/")',
    '',
    '    def list_variable_sets(self, org_name: str, page: int = 1) -> Dict:',
    '        filters = {"page[size]": 100}',
    '        return self.get(f"organizations/{org_name}/varsets", filters)',
    '',
    'class ScalrClient(APIClient):',
    '    def __init__(self, hostname: str, token: str):',
    '        super().__init__(hostname, token, "/api/iacp/v3/")',
    '',
    '    def get_var_sets(self, page: int = 1) -> Dict:',
    '        filters = {"page[size]": 100}',
    '        return self.get("var-sets", filters)',
    '',
    '    def update_consumers(self, workspace_id, consumers):',
    '        self.patch(f"workspaces/{workspace_id}/relationships/remote-state-consumers", {"data": []})',
  ].join('\n');
  it("reports the uses in this API's class and none in the other's", () => {
    const lines = scanText(python, { languageId: 'python' }).map((m) => m.line);
    assert.ok(lines.includes(6), `page[size] of TFCClient: ${lines.join(',')}`);
    assert.deepEqual(
      lines.filter((l) => l >= 9),
      [],
    );
  });
  it('a TypeScript class whose base is another API says nothing either', () => {
    const ts = [
      'class ScalrApi {',
      '  base = "/api/iacp/v3";',
      '  consumers(id: string) {',
      '    return this.http.patch(`workspaces/${id}/relationships/remote-state-consumers`, {});',
      '  }',
      '}',
      'class TfcApi {',
      '  consumers(id: string) {',
      '    return this.http.patch(`workspaces/${id}/relationships/remote-state-consumers`, {});',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(
      scanText(ts, { languageId: 'typescript' }).map((m) => m.line),
      [9],
    );
  });
  it("a class that names another API's base and writes this API's too: the calls that write /api/v2 are this API's", () => {
    // A server's web UI (an Angular service): the server's own API beside the one it implements. The other base alone
    // (the `/api/v2` line gone) makes the class that API's client; a bare path in it, or one on the other base, says
    // nothing either way.
    const ts = [
      '@Injectable({ providedIn: "root" })',
      'export class WorkspaceService {',
      '  private ownApi = "/api/acme/v1";',
      '  constructor(private http: HttpClient) {}',
      '',
      '  checkName(name: string): Observable<any> {',
      '    return this.http.post<any>(`${this.ownApi}/workspaces/name-check`, { name });',
      '  }',
      '',
      '  listWorkspaces(org: string): Observable<any> {',
      '    return this.http.get<any>(',
      '      `/api/v2/organizations/${org}/workspaces`,',
      '      { headers: this.headers() },',
      '    );',
      '  }',
      '',
      '  readWorkspace(id: string): Observable<any> {',
      '    return this.http.get<any>(`/workspaces/${id}`);',
      '  }',
      '',
      '  deleteProject(id: string): Observable<any> {',
      '    return this.http.delete<any>(`${this.ownApi}/projects/${id}`);',
      '  }',
      '}',
    ].join('\n');
    const found = (text: string, languageId = 'typescript'): string[] =>
      scanText(text, { languageId }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(found(ts), ['12 endpoint GET /organizations/:organization_name/workspaces']);
    assert.deepEqual(found(ts.replace('/api/v2/organizations', '/organizations')), []);
  });

  it("an in-house route beside `/api/v2` (`/api/auth`) names no second API: the class stays the other's", () => {
    // A named base is a name and its version (`/api/acme/v1`); `/api/auth` is one more route of the in-house API
    // whose `/api/v2` is its own version, not this API.
    const ts = [
      'export class InventoryService {',
      "  private auth = '/api/auth';",
      '  login(user: string, password: string) {',
      '    return this.http.post(`${this.auth}/login`, { user, password });',
      '  }',
      '  organizations() {',
      "    return this.http.get('/api/v2/organizations');",
      '  }',
      '  removeProject(id: string) {',
      '    return this.http.delete(`/api/v2/projects/${id}`);',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(scanText(ts, { languageId: 'typescript' }), []);
    // The same class with a named base beside it is a client of both: its `/api/v2` calls are this API's.
    assert.deepEqual(
      scanText(ts.replace("'/api/auth'", "'/api/acme/v1'"), {
        languageId: 'typescript',
        fileName: 'tfe-and-acme.ts',
      }).map((m) => m.line),
      [7, 10],
    );
  });

  it("a sibling version of one API (`/api/v1` beside `/api/v2`) is no second API: the class stays the other's", () => {
    const ts = [
      'export class TrackerClient {',
      "  private legacy = '/api/v1';",
      '  async listOrganizations() {',
      "    return this.http.get('/api/v2/organizations');",
      '  }',
      '  async getProject(id: string) {',
      '    return this.http.get(`${this.legacy}/projects/${id}`);',
      '  }',
      '  async deleteProject(id: string) {',
      '    return this.http.delete(`/projects/${id}`);',
      '  }',
      '}',
    ].join('\n');
    const python = [
      'class TrackerClient:',
      '    BASE = "/api/v1"',
      '',
      '    def organizations(self):',
      '        return self.session.get(f"{self.host}/api/v2/organizations").json()',
      '',
      '    def project(self, project_id):',
      '        return self.session.get(f"{self.host}{self.BASE}/projects/{project_id}").json()',
    ].join('\n');
    assert.deepEqual(scanText(ts, { languageId: 'typescript' }), []);
    assert.deepEqual(scanText(python, { languageId: 'python' }), []);
  });
});

describe('a base filling a positional placeholder, sent after an if/elif', () => {
  const code = [
    'class Workspaces(Endpoint):',
    '    def __init__(self, base_url, org):',
    '        self._ws_url = "{base_url}/workspaces".format(base_url=base_url)',
    '        self._org_url = "{base_url}/organizations/{org}/workspaces".format(base_url=base_url, org=org)',
    '',
    '    def show(self, name=None, workspace_id=None):',
    '        if name is not None:',
    '            url = "{0}/{1}".format(self._org_url, name)',
    '        elif workspace_id is not None:',
    '            url = "{0}/{1}".format(self._ws_url, workspace_id)',
    '        else:',
    '            raise ValueError("name or workspace_id")',
    '        return self._show(url)',
    '',
    '    def safe_delete(self, workspace_id):',
    '        url = "{}/{}/actions/safe-delete".format(self._ws_url, workspace_id)',
    '        return self._create(url, {})',
  ].join('\n');

  it('reads "{0}/{1}".format(self._org_url, name) as the base and what follows; either branch is sent by _show', () => {
    const lines = found(code, 'python').filter((m) => m.includes('endpoint'));
    assert.ok(
      lines.some((m) => m.includes('GET /organizations/:organization_name/workspaces/:name')),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((m) => m.includes('GET /workspaces/:workspace_id')),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((m) => m.includes('POST /workspaces/:workspace_id/actions/safe-delete')),
      lines.join('\n'),
    );
  });
});

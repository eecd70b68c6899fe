// The files that hold shell commands without being shell scripts: CI pipelines (GitLab, Azure Pipelines, Bitbucket,
// CircleCI, GitHub Actions), Makefile recipes, Dockerfile RUN lines, Jenkinsfile `sh` steps, Terraform's `local-exec`
// commands, another language's string run as a command. Each is a made-up file of the host's usual shape: the curl
// command in it is read as the shell reads it (plain curl sends GET, `-d` POST, `-X` its method).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName, apiElsewhere: true })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const PROJECTS = 'https://app.terraform.io/api/v2/organizations';

describe('history: curl in CI pipeline files', () => {
  it("GitLab CI: a script's list items, plain, quoted whole and spread over lines", () => {
    const gitlab = [
      'release:',
      '  stage: deploy',
      '  script:',
      `    - curl -sf -H "Authorization: Bearer $TFE_TOKEN" ${PROJECTS}/$ORG/projects`,
      '    - \'curl -s -X DELETE -H "Authorization: Bearer $TFE_TOKEN" https://app.terraform.io/api/v2/projects/$PROJECT_ID\'',
      '    - |',
      '      curl -sS \\',
      '        --request PATCH \\',
      '        --data @varset.json \\',
      '        "https://app.terraform.io/api/v2/varsets/$VARSET_ID"',
      `  after_script: curl -s ${PROJECTS}/$ORG/projects`,
    ].join('\n');
    assert.deepEqual(endpoints(gitlab, '.gitlab-ci.yml'), [
      '4 endpoint GET /organizations/:organization_name/projects',
      '5 endpoint DELETE /projects/:project_id',
      '10 endpoint PATCH /varsets/:varset_id',
      '11 endpoint GET /organizations/:organization_name/projects',
    ]);
  });

  it("Azure Pipelines: `$(VAR)` macros inside the URL and a header, a step's `bash:` key", () => {
    const azure = [
      'steps:',
      '- script: |',
      '    curl -s -X POST -H "Authorization: Bearer $(TFE_TOKEN)" -d @body.json https://app.terraform.io/api/v2/organizations/$(ORG)/varsets',
      `- bash: curl -s -H "Authorization: Bearer $(TFE_TOKEN)" "${PROJECTS}/$(ORG)/projects"`,
    ].join('\n');
    assert.deepEqual(endpoints(azure, 'azure-pipelines.yml'), [
      '3 endpoint POST /organizations/:organization_name/varsets',
      '4 endpoint GET /organizations/:organization_name/projects',
    ]);
  });

  it('Bitbucket Pipelines and CircleCI: a step script and a `run:` command', () => {
    const bitbucket = [
      'pipelines:',
      '  default:',
      '    - step:',
      '        script:',
      '          - curl -X POST -d @run.json https://app.terraform.io/api/v2/runs',
      `          - curl -sf ${PROJECTS}/$ORG/projects`,
    ].join('\n');
    assert.deepEqual(endpoints(bitbucket, 'bitbucket-pipelines.yml'), [
      '5 endpoint POST /runs',
      '6 endpoint GET /organizations/:organization_name/projects',
    ]);
    const circle = ['jobs:', '  list:', '    steps:', `      - run: curl -s ${PROJECTS}/$ORG/projects`].join('\n');
    assert.deepEqual(endpoints(circle, '.circleci/config.yml'), [
      '4 endpoint GET /organizations/:organization_name/projects',
    ]);
  });

  it('a shell command substitution that does not hold the URL is a part of its word, not the end of the command', () => {
    const text = `curl -s -H "Authorization: Bearer $(cat token)" ${PROJECTS}/$ORG/projects`;
    assert.deepEqual(endpoints(text, 'list.sh'), ['1 endpoint GET /organizations/:organization_name/projects']);
  });
});

describe('history: curl in build files', () => {
  it('Makefile recipes: `@curl` and `-curl`, make variables in the URL', () => {
    const make = [
      'API = $(TFE)/api/v2',
      'projects:',
      `\t@curl -s -H "Authorization: Bearer $$TFE_TOKEN" ${PROJECTS}/$(ORG)/projects`,
      'delete:',
      '\t-curl --request DELETE "https://app.terraform.io/api/v2/varsets/${VARSET}"',
    ].join('\n');
    assert.deepEqual(endpoints(make, 'Makefile'), [
      '3 endpoint GET /organizations/:organization_name/projects',
      '5 endpoint DELETE /varsets/:varset_id',
    ]);
  });

  it("Dockerfile: a RUN line's curl sends its method, plain curl GET", () => {
    const docker = [
      'FROM alpine:3.19',
      `RUN curl -sf -H "Authorization: Bearer $TFE_TOKEN" ${PROJECTS}/$ORG/projects > /projects.json`,
      'RUN set -e; \\',
      '    curl -X POST -d @/run.json https://app.terraform.io/api/v2/runs',
    ].join('\n');
    assert.deepEqual(endpoints(docker, 'Dockerfile'), [
      '2 endpoint GET /organizations/:organization_name/projects',
      '4 endpoint POST /runs',
    ]);
  });
});

describe('history: a string that is a curl command, in another language', () => {
  it('Jenkinsfile: `sh` given the command in one string, and `sh(script: …)`', () => {
    const jenkins = [
      'node {',
      `  sh "curl -s -H 'Authorization: Bearer \${TFE_TOKEN}' ${PROJECTS}/\${ORG}/projects"`,
      '  def out = sh(script: "curl -s -X DELETE https://app.terraform.io/api/v2/varsets/${env.VARSET}", returnStdout: true)',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(jenkins, 'Jenkinsfile'), [
      '2 endpoint GET /organizations/:organization_name/projects',
      '3 endpoint DELETE /varsets/:varset_id',
    ]);
  });

  it("Terraform's local-exec command: a body (`-d '…'`) is POST, escaped quotes inside", () => {
    const tf = [
      'resource "null_resource" "queue" {',
      '  provisioner "local-exec" {',
      '    command = "curl --header \\"Authorization: Bearer $TFE_TOKEN\\" -d \'{\\"data\\":{\\"type\\":\\"runs\\"}}\' https://app.terraform.io/api/v2/runs"',
      '  }',
      '  provisioner "local-exec" {',
      `    command = "curl -s ${PROJECTS}/\${var.org}/projects > projects.json"`,
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(tf, 'main.tf'), [
      '3 endpoint POST /runs',
      '6 endpoint GET /organizations/:organization_name/projects',
    ]);
  });

  it("Terraform's local-exec heredoc: curl over lines, the URL bare on a line of its own", () => {
    const tf = [
      'resource "terraform_data" "cleanup" {',
      '  provisioner "local-exec" {',
      '    command = <<EOT',
      '      curl -s \\',
      '        --request DELETE \\',
      '        ${local.api}/varsets/${each.value} \\',
      '        -H "Authorization: Bearer ${var.token}"',
      '    EOT',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(tf, 'cleanup.tf'), ['6 endpoint DELETE /varsets/:varset_id']);
    // Not a curl command: a bare path in a heredoc says nothing.
    assert.deepEqual(endpoints(tf.replace('curl -s', 'echo -n'), 'cleanup.tf'), []);
  });

  it("Terraform's http data source sends GET without a `method`, else its method", () => {
    const tf = [
      'data "http" "versions" {',
      '  url = "${local.api}/organizations/${var.org}/projects"',
      '  request_headers = { Authorization = "Bearer ${var.token}" }',
      '}',
      'data "http" "create" {',
      '  url    = "${local.api}/organizations/${var.org}/projects"',
      '  method = "POST"',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(tf, 'data.tf'), [
      '2 endpoint GET /organizations/:organization_name/projects',
      '6 endpoint POST /organizations/:organization_name/projects',
    ]);
  });

  it("Python's subprocess given a command line", () => {
    const py = `subprocess.run(f"curl -s ${PROJECTS}/{org}/projects", shell=True, check=True)`;
    assert.deepEqual(endpoints(py, 'sync.py'), ['1 endpoint GET /organizations/:organization_name/projects']);
  });

  it('a command shown, not run (`echo "curl …"`, a printed hint), sends nothing', () => {
    const sh = `echo "try: curl -s ${PROJECTS}/$ORG/projects"\necho "curl -s -X POST -d @run.json https://app.terraform.io/api/v2/runs"`;
    assert.deepEqual(endpoints(sh, 'hint.sh'), []);
    const py = `print(f"curl -s -X POST -d @run.json https://app.terraform.io/api/v2/runs")`;
    assert.deepEqual(endpoints(py, 'hint.py'), []);
  });
});

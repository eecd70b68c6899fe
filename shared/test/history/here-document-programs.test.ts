// A here-document's body written to a file that the text then runs by its program (`cat > play.yml <<EOF` …
// `ansible-playbook play.yml`, `python3 /tmp/x.py`, `node x.js`) is that program's code, not data: its requests are
// read (shell-commands.ts runsLater), with a YAML mapping's `method:` beside its `url:` (verb-owners.ts). A body
// written and never run stays data (made-up scripts, after rhpds/zt-ans-bu-hashi-aap's solve-control.sh).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string): string[] =>
  scanText(text, { languageId: 'shellscript' })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const play = (run: string): string =>
  [
    "cat > /tmp/runtime-scripts/solve.yml << 'ENDOFPLAY'",
    '- hosts: localhost',
    '  tasks:',
    '    - name: Create a project',
    '      ansible.builtin.uri:',
    '        url: "{{ tfe_hostname }}/api/v2/organizations/{{ tfe_org }}/projects"',
    '        method: POST',
    '        body_format: json',
    'ENDOFPLAY',
    run,
  ].join('\n');

describe("history: a here-document written to a file the text runs is that program's code", () => {
  it('an Ansible playbook run by ansible-playbook (a path, an environment assignment before it): its uri task', () => {
    assert.deepEqual(endpoints(play('ANSIBLE_NOCOLOR=1 /usr/bin/ansible-playbook /tmp/runtime-scripts/solve.yml')), [
      '6 endpoint POST /organizations/:organization_name/projects',
    ]);
  });

  it('the same playbook never run (only shown) is data: nothing', () => {
    assert.deepEqual(endpoints(play('cat /tmp/runtime-scripts/solve.yml')), []);
  });

  it('Python and Node bodies run by their programs keep their requests', () => {
    const py = [
      "cat > /tmp/x.py <<'EOF'",
      'import requests',
      'requests.delete(f"https://app.terraform.io/api/v2/projects/{pid}")',
      'EOF',
      'python3 /tmp/x.py',
    ];
    assert.deepEqual(endpoints(py.join('\n')), ['3 endpoint DELETE /projects/:project_id']);
    const js = [
      "cat > x.js <<'EOF'",
      "await fetch(`https://app.terraform.io/api/v2/projects/${p}`, { method: 'DELETE' });",
      'EOF',
      'node x.js',
    ];
    assert.deepEqual(endpoints(js.join('\n')), ['2 endpoint DELETE /projects/:project_id']);
  });

  it("the file must be the program's script, of an extension it runs (reviewer v1 item 3, r1b.sh)", () => {
    // A YAML file handed to a Python script as its argument is that script's data: nothing (main: DELETE).
    const r1b = [
      '#!/bin/sh',
      'cat > request.yml <<EOF',
      '- name: delete project',
      '  uri:',
      '    url: https://app.terraform.io/api/v2/projects/prj-1',
      '    method: DELETE',
      'EOF',
      'python3 check_schema.py request.yml',
    ];
    assert.deepEqual(endpoints(r1b.join('\n')), []);
    // Nor is it run when a program of another language gets it, as an option's value or after inline code.
    for (const run of [
      'node check.js /tmp/runtime-scripts/solve.yml',
      'python3 /tmp/runtime-scripts/solve.yml',
      'ansible-playbook -i /tmp/runtime-scripts/solve.yml site.yml',
      'ansible-playbook site.yml -e @/tmp/runtime-scripts/solve.yml',
    ])
      assert.deepEqual(endpoints(play(run)), [], run);
    // The playbook after options (and their values) is still the script run.
    for (const run of [
      'ansible-playbook -i hosts.ini -v /tmp/runtime-scripts/solve.yml',
      'sudo ansible-playbook --extra-vars x=1 -c local "/tmp/runtime-scripts/solve.yml"',
    ])
      assert.deepEqual(endpoints(play(run)), ['6 endpoint POST /organizations/:organization_name/projects'], run);
    const py = (run: string): string =>
      [
        "cat > /tmp/x.py <<'EOF'",
        'import requests',
        'requests.delete(f"https://app.terraform.io/api/v2/projects/{pid}")',
        'EOF',
        run,
      ].join('\n');
    assert.deepEqual(endpoints(py('python3 -u /tmp/x.py --dry-run')), ['3 endpoint DELETE /projects/:project_id']);
    const ps = (run: string): string =>
      [
        "cat > ./rm.ps1 <<'EOF'",
        'Invoke-RestMethod -Method Delete -Uri "https://app.terraform.io/api/v2/projects/$Id"',
        'EOF',
        run,
      ].join('\n');
    assert.deepEqual(endpoints(ps('pwsh -NoProfile -File ./rm.ps1')), ['2 endpoint DELETE /projects/:project_id']);
    assert.deepEqual(endpoints(ps('pwsh -Command "Get-Content ./rm.ps1"')), []);
  });
});

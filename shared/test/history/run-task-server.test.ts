import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject, scanText } from '@keyfob/shared/history';

const STATUS = 'attribute task-results status';
const STAGE = 'attribute run task request stage';

/** The subject ids of a text's matches on a 1-based line. */
function onLine(matches: readonly { line: number; subject: { id: string } }[], line: number): string[] {
  return matches.filter((m) => m.line === line).map((m) => m.subject.id);
}

describe('run task server (any language)', () => {
  it('a status passed on the line that passes the callback URL, returned by a function named for the status; a stage compared', () => {
    const source = [
      'def decide_status(stage):', // 1
      '    if stage == "pre_apply":', // 2
      '        return "failed", "not at pre_apply"', // 3
      '    return "passed", "ok"', // 4
      '',
      'def handle(body):', // 6
      '    notify(body["access_token"], body["task_result_callback_url"], "running")', // 7
      'def other():', // 8
      '    return "passed"', // 9
    ].join('\n');
    const found = scanText(source, { fileName: 'server.py' });
    assert.deepEqual(onLine(found, 2), [STAGE]);
    assert.deepEqual(onLine(found, 3), [STATUS]);
    assert.deepEqual(onLine(found, 4), [STATUS]);
    assert.ok(onLine(found, 7).includes(STATUS));
    // A function not named for the status returns anything.
    assert.deepEqual(onLine(found, 9), []);
  });

  it('Clojure: the status argument of the call that passes the callback URL', () => {
    const source = [
      '(defn ok-handler [{{{:keys [access_token task_result_callback_url]} :body} :parameters}]',
      '  (post-result access_token task_result_callback_url "failed"))',
    ].join('\n');
    assert.deepEqual(onLine(scanText(source, { fileName: 'routes.clj' }), 2), [STATUS]);
  });

  it('outside a file that handles run task requests the same words say nothing', () => {
    const source = [
      'def decide_status(stage):',
      '    if stage == "pre_apply":',
      '        return "failed", "no"',
      '    notify(callback_url, "passed")',
    ].join('\n');
    assert.deepEqual(scanText(source, { fileName: 'ci.py' }), []);
  });

  it("a project: a status written to the name the callback body's status is given, also through a YAML template naming a status", () => {
    const role = [
      '- name: answer the run task',
      '  ansible.builtin.uri:',
      '    url: "{{ task_result_callback_url }}"',
      '    method: PATCH',
      '    body_format: json',
      '    body:',
      '      data:',
      '        type: task-results',
      '        attributes:',
      '          status: "{{ result_status }}"',
    ].join('\n');
    const play = [
      '- hosts: all',
      '  tasks:',
      '    - ansible.builtin.set_fact:',
      '        probe_status: failed', // 4
      '- hosts: localhost',
      '  roles:',
      '    - role: answer',
      '      vars:',
      '        result_status: "{{ hostvars[h][\'probe_status\'] }}"',
      '    - role: answer',
      '      vars:',
      '        result_status: passed', // 12
      '        other_status: passed', // 13
    ].join('\n');
    const [, matches] = scanProject([
      { text: role, fileName: 'roles/answer/tasks/main.yml' },
      { text: play, fileName: 'play.yml' },
    ]);
    assert.deepEqual(onLine(matches!, 4), [STATUS]);
    assert.deepEqual(onLine(matches!, 12), [STATUS]);
    assert.deepEqual(onLine(matches!, 13), []);
    // Alone, the playbook says nothing: nothing in it is a run task server's.
    assert.deepEqual(scanText(play, { fileName: 'play.yml' }), []);
  });
});

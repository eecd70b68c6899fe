// An enum's uses by its path (shared/src/history/model-hits.ts `enumUses`): Rust's `Status::Queuing` under a serde
// rename reads the member's wire value, and a value literal on a line naming the enum (`RunStatus.fetching`) is that
// enum's value. The names before `::` and `.` are read in one walk a text (`enumPaths`), for every enum: a path whose
// name runs on before it (`MyStatus::`, `MyRunStatus.`) is another name's, as when each enum searched for its own;
// an enum like one read before reads only what that one could not (`enumUses`' `alike`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (lines: readonly string[], fileName: string): string[] =>
  scanText(lines.join('\n'), { fileName }).map((m) => `${m.line}:${m.column} ${m.text} ${m.subject.id}`);

describe('an enum read by its path', () => {
  it('Rust: each `Status::` path of many functions, not `MyStatus::`', () => {
    const lines = [
      '#[derive(Serialize, Deserialize)]',
      '#[serde(rename_all = "snake_case")]',
      'pub enum Status {',
      '    Queuing,',
      '    PlannedAndSaved,',
      '}',
    ];
    const expected = ['4:5 Queuing status runs queuing', '5:5 PlannedAndSaved status runs planned_and_saved'];
    for (let k = 0; k < 100; k++) {
      const f = `fn f${k}(s: &str) -> Status { match s { "queuing" => Status::Queuing, _ => Status::PlannedAndSaved } }`;
      lines.push(
        f,
        `fn g${k}(s: &str) -> MyStatus { match s { "queuing" => MyStatus::Queuing, _ => MyStatus::PlannedAndSaved } }`,
      );
      // Columns are 1-based: a literal's inside its quotes, a member's after `Status::`.
      const line = 7 + 2 * k;
      expected.push(
        `${line}:${f.indexOf('"queuing"') + 2} queuing status runs queuing`,
        `${line}:${f.indexOf('Status::Queuing') + 9} Queuing status runs queuing`,
        `${line}:${f.indexOf('Status::Planned') + 9} PlannedAndSaved status runs planned_and_saved`,
      );
    }
    assert.deepEqual(found(lines, 'src/run.rs'), expected);
  });

  it('Rust: one enum declared in each of 50 pasted files, the first holding a path in its own body', () => {
    // An enum like one read before reads only the places inside that one's body (the rest it put already): the path in
    // the first declaration's body is read by the second, as every declaration reads the others' places.
    const lines: string[] = [];
    const expected: string[] = [];
    for (let k = 0; k < 50; k++) {
      const at = lines.length;
      const second = k === 0 ? '    PlannedAndSaved = Status::Queuing as isize + 1,' : '    PlannedAndSaved,';
      lines.push('#[derive(Serialize, Deserialize)]', '#[serde(rename_all = "snake_case")]', 'pub enum Status {');
      lines.push('    Queuing,', second, '}');
      const f = `fn f${k}(s: &str) -> Status { match s { "queuing" => Status::Queuing, _ => Status::PlannedAndSaved } }`;
      lines.push(f);
      expected.push(
        `${at + 4}:5 Queuing status runs queuing`,
        `${at + 5}:5 PlannedAndSaved status runs planned_and_saved`,
      );
      if (k === 0) expected.push(`${at + 5}:${second.indexOf('Status::') + 9} Queuing status runs queuing`);
      expected.push(
        `${at + 7}:${f.indexOf('"queuing"') + 2} queuing status runs queuing`,
        `${at + 7}:${f.indexOf('Status::Queuing') + 9} Queuing status runs queuing`,
        `${at + 7}:${f.indexOf('Status::Planned') + 9} PlannedAndSaved status runs planned_and_saved`,
      );
    }
    assert.deepEqual(found(lines, 'src/run.rs'), expected);
  });

  it('Dart: a value literal on a line naming `RunStatus.`, not one naming `MyRunStatus.`', () => {
    const lines = [
      "import 'package:json_annotation/json_annotation.dart';",
      'enum RunStatus {',
      "  @JsonValue('plan_queued') planQueued,",
      '  fetching,',
      '}',
    ];
    const expected = ['4:3 fetching status runs fetching'];
    for (let k = 0; k < 100; k++) {
      const v = `  if (v${k} == 'fetching') return RunStatus.fetching;`;
      lines.push(v, `  if (w${k} == 'fetching') return MyRunStatus.fetching;`);
      expected.push(`${6 + 2 * k}:${v.indexOf("'fetching'") + 2} fetching status runs fetching`);
    }
    assert.deepEqual(found(lines, 'lib/models/run_status.dart'), expected);
  });
});

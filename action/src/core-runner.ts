import * as core from '@actions/core';
import type { Annotation, Runner } from './runner.ts';

/** The runner as `@actions/core` talks to it: workflow commands on stdout and the `GITHUB_*` files. */
export function coreRunner(): Runner {
  return {
    env: process.env,
    getInput: (name) => core.getInput(name),
    setSecret: (value) => core.setSecret(value),
    info: (text) => core.info(text),
    debug: (text) => core.debug(text),
    notice: (text, where) => core.notice(text, properties(where)),
    warning: (text, where) => core.warning(text, properties(where)),
    error: (text, where) => core.error(text, properties(where)),
    startGroup: (title) => core.startGroup(title),
    endGroup: () => core.endGroup(),
    exportVariable: (name, value) => core.exportVariable(name, value),
    setOutput: (name, value) => core.setOutput(name, value),
    saveState: (name, value) => core.saveState(name, value),
    getState: (name) => core.getState(name),
    appendSummary: async (markdown) => {
      // Without the file (a local run) there is no summary to write; core would throw.
      if (!process.env.GITHUB_STEP_SUMMARY) return;
      await core.summary.addRaw(markdown, true).write();
      core.summary.emptyBuffer();
    },
    setFailed: (message) => core.setFailed(message),
    now: () => Date.now(),
  };
}

function properties(where: Annotation | undefined): core.AnnotationProperties {
  if (where === undefined) return {};
  return {
    ...(where.title === undefined ? {} : { title: where.title }),
    ...(where.file === undefined ? {} : { file: where.file }),
    ...(where.startLine === undefined ? {} : { startLine: where.startLine }),
    ...(where.endLine === undefined ? {} : { endLine: where.endLine }),
    ...(where.startColumn === undefined ? {} : { startColumn: where.startColumn }),
    ...(where.endColumn === undefined ? {} : { endColumn: where.endColumn }),
  };
}

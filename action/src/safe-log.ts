import type { SecretBook } from './mask.ts';
import type { Annotation, Runner } from './runner.ts';

/**
 * The runner as the action's code sees it: every line it prints (log lines, debug lines, group
 * titles, annotations and the failure) passes through the one sanitiser, `SecretBook.sanitize`,
 * with every secret the step holds at that moment. Outside text (engine and proxy errors, URLs, file
 * contents, problem messages) can thus neither start a workflow command nor show a secret, however
 * it reaches a log call.
 */
export function safeLog(runner: Runner, secrets: SecretBook): Runner {
  const clean = (text: string): string => secrets.sanitize(text);
  const where = (at: Annotation | undefined): Annotation | undefined =>
    at === undefined ? undefined : { ...at, ...(at.title === undefined ? {} : { title: clean(at.title) }) };
  return {
    env: runner.env,
    getInput: (name) => runner.getInput(name),
    setSecret: (value) => runner.setSecret(value),
    info: (text) => runner.info(clean(text)),
    debug: (text) => runner.debug(clean(text)),
    notice: (text, at) => runner.notice(clean(text), where(at)),
    warning: (text, at) => runner.warning(clean(text), where(at)),
    error: (text, at) => runner.error(clean(text), where(at)),
    startGroup: (title) => runner.startGroup(clean(title)),
    endGroup: () => runner.endGroup(),
    exportVariable: (name, value) => runner.exportVariable(name, value),
    setOutput: (name, value) => runner.setOutput(name, value),
    saveState: (name, value) => runner.saveState(name, value),
    getState: (name) => runner.getState(name),
    appendSummary: (markdown) => runner.appendSummary(markdown),
    setFailed: (message) => runner.setFailed(clean(message)),
    now: () => runner.now(),
  };
}

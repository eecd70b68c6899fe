// Reads a step's stdout the way the GitHub runner does: line by line (CR, LF or CRLF), each trimmed at
// the start and taken as a workflow command when it begins with `::name ...::` (or the older
// `##[name ...]`); `::stop-commands::TOKEN` turns command processing off until a `::TOKEN::` line;
// `::add-mask::VALUE` hides VALUE in every later line; everything else is shown, masked.

/** One command the runner would have run. */
interface RunnerCommand {
  readonly name: string;
  readonly data: string;
}

/** What the runner makes of a step's stdout. */
export interface RunnerLog {
  /** Every line a reader of the log sees, masks applied (annotations and groups by their text). */
  readonly visible: readonly string[];
  readonly commands: readonly RunnerCommand[];
  /** Values registered with add-mask, in order. */
  readonly masks: readonly string[];
  /** Tokens given to stop-commands. */
  readonly stopped: readonly string[];
}

const COMMAND = /^::([A-Za-z][\w-]*)(?: ([^:]*))?::(.*)$/;
const LEGACY = /^##\[([A-Za-z][\w-]*)(?: ([^\]]*))?\](.*)$/;

/** Undoes the runner's escapes of command data. */
function unescapeData(text: string): string {
  return text.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}

export function readAsRunner(stdout: string): RunnerLog {
  const visible: string[] = [];
  const commands: RunnerCommand[] = [];
  const masks: string[] = [];
  const stopped: string[] = [];
  let resumeToken: string | undefined;
  const mask = (text: string): string => {
    let out = text;
    for (const value of [...masks].sort((a, b) => b.length - a.length))
      if (value !== '') out = out.split(value).join('***');
    return out;
  };
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    const trimmed = line.trimStart();
    if (resumeToken !== undefined) {
      if (trimmed === `::${resumeToken}::`) resumeToken = undefined;
      else visible.push(mask(line));
      continue;
    }
    const match = COMMAND.exec(trimmed) ?? LEGACY.exec(trimmed);
    if (match === null) {
      visible.push(mask(line));
      continue;
    }
    const name = (match[1] ?? '').toLowerCase();
    const data = unescapeData(match[3] ?? '');
    commands.push({ name, data });
    if (name === 'add-mask') masks.push(data);
    else if (name === 'stop-commands') {
      stopped.push(data);
      resumeToken = data;
    } else if (name !== 'endgroup' && name !== 'save-state' && name !== 'set-output') {
      for (const part of data.split('\n')) visible.push(mask(part));
    }
  }
  return { visible, commands, masks, stopped };
}

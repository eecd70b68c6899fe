// The runner's reading of a step's stdout: `::LEVEL k=v,...::message` workflow commands with their
// escapes undone (%25 %0D %0A in messages, and %3A %2C too in properties).

/** One annotation as the runner shows it. */
export interface RunnerAnnotation {
  readonly level: string;
  readonly props: Record<string, string>;
  readonly message: string;
}

/** The error, warning and notice annotations of a step's stdout, in order. */
export function annotations(stdout: string): RunnerAnnotation[] {
  const decode = (s: string) =>
    s.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  return stdout
    .split('\n')
    .map((line) => /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      level: m[1] ?? '',
      props: Object.fromEntries(
        (m[2] ?? '')
          .split(',')
          .filter((kv) => kv !== '')
          .map((kv) => [kv.slice(0, kv.indexOf('=')), decode(kv.slice(kv.indexOf('=') + 1))]),
      ),
      message: decode(m[3] ?? ''),
    }));
}

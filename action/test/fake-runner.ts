import type { Annotation, Runner } from '../src/runner.ts';

/** One thing the action did to the runner, in order. */
export interface RunnerEvent {
  readonly kind:
    | 'mask'
    | 'info'
    | 'debug'
    | 'notice'
    | 'warning'
    | 'error'
    | 'group'
    | 'endgroup'
    | 'export'
    | 'output'
    | 'state'
    | 'summary'
    | 'failed';
  readonly text: string;
  readonly name?: string;
  readonly where?: Annotation;
}

/** A runner that records every call, for unit tests of the action's modules. */
export class FakeRunner implements Runner {
  readonly events: RunnerEvent[] = [];
  readonly exported = new Map<string, string>();
  readonly outputs = new Map<string, string>();
  readonly state = new Map<string, string>();
  readonly masked = new Set<string>();
  summary = '';
  clock = Date.parse('2026-03-01T10:00:00.000Z');

  constructor(
    private readonly inputs: Record<string, string> = {},
    readonly env: Record<string, string | undefined> = {},
    savedState: Record<string, string> = {},
  ) {
    for (const [name, value] of Object.entries(savedState)) this.state.set(name, value);
  }

  getInput(name: string): string {
    return (this.inputs[name] ?? '').trim();
  }
  setSecret(value: string): void {
    this.masked.add(value);
    this.events.push({ kind: 'mask', text: value });
  }
  info(text: string): void {
    this.events.push({ kind: 'info', text });
  }
  debug(text: string): void {
    this.events.push({ kind: 'debug', text });
  }
  notice(text: string, where?: Annotation): void {
    this.events.push({ kind: 'notice', text, ...(where ? { where } : {}) });
  }
  warning(text: string, where?: Annotation): void {
    this.events.push({ kind: 'warning', text, ...(where ? { where } : {}) });
  }
  error(text: string, where?: Annotation): void {
    this.events.push({ kind: 'error', text, ...(where ? { where } : {}) });
  }
  startGroup(title: string): void {
    this.events.push({ kind: 'group', text: title });
  }
  endGroup(): void {
    this.events.push({ kind: 'endgroup', text: '' });
  }
  exportVariable(name: string, value: string): void {
    this.exported.set(name, value);
    this.events.push({ kind: 'export', name, text: value });
  }
  setOutput(name: string, value: string): void {
    this.outputs.set(name, value);
    this.events.push({ kind: 'output', name, text: value });
  }
  saveState(name: string, value: string): void {
    this.state.set(name, value);
    this.events.push({ kind: 'state', name, text: value });
  }
  getState(name: string): string {
    return this.state.get(name) ?? '';
  }
  appendSummary(markdown: string): Promise<void> {
    this.summary += markdown;
    this.events.push({ kind: 'summary', text: markdown });
    return Promise.resolve();
  }
  setFailed(message: string): void {
    this.events.push({ kind: 'failed', text: message });
  }
  now(): number {
    return this.clock;
  }

  /** Texts of the printed events (log lines, annotations, failure), in order. */
  printed(): string[] {
    return this.events
      .filter((e) => ['info', 'debug', 'notice', 'warning', 'error', 'failed', 'group'].includes(e.kind))
      .map((e) => e.text);
  }

  /**
   * Indexes of events that print `secret` before it was masked; empty when every appearance comes
   * after its mask (or it never appears).
   */
  unmaskedAppearances(secret: string): number[] {
    const printing = new Set(['info', 'debug', 'notice', 'warning', 'error', 'failed', 'group', 'summary']);
    const maskedAt = this.events.findIndex((e) => e.kind === 'mask' && e.text === secret);
    return this.events
      .map((e, i) => ({ e, i }))
      .filter(({ e, i }) => printing.has(e.kind) && e.text.includes(secret) && (maskedAt === -1 || i < maskedAt))
      .map(({ i }) => i);
  }
}

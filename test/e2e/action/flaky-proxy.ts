// A reverse proxy in front of the engine that misbehaves on purpose: answers 5xx for the first
// requests to a path, or holds them past the action's request timeout. Listens on 127.0.0.1:0.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One rule: which requests, and what to do to them. */
interface FlakyRule {
  readonly method: string;
  /** Request path without the query, e.g. `/v1/cloud/creds/ci`. */
  readonly path: string;
  /** Answer this status instead of forwarding, for the first `times` matching requests. */
  readonly fail?: { readonly times: number; readonly status: number };
  /** Wait this long before forwarding (every matching request). */
  readonly delayMs?: number;
}

/** A running proxy. */
export interface FlakyProxy {
  readonly url: string;
  /** `METHOD /path` of every request seen, in order. */
  readonly seen: readonly string[];
  /** Bodies of the engine's answers passed on, in order (to learn what secrets a client was given). */
  readonly answers: readonly string[];
  setRules(rules: readonly FlakyRule[]): void;
  stop(): Promise<void>;
}

/** Starts a proxy forwarding to `target` (an engine base URL). */
export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  let rules: { rule: FlakyRule; left: number }[] = [];
  const seen: string[] = [];
  const answers: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push(`${req.method} ${path}`);
    const match = rules.find((r) => r.rule.method === req.method && r.rule.path === path);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (match?.rule.fail && match.left > 0) {
        match.left -= 1;
        res
          .writeHead(match.rule.fail.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ errors: ['injected failure'] }));
        return;
      }
      const forward = (): void => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(
            ([k, v]) => typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k),
          ),
        ) as Record<string, string>;
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        fetch(`${target}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(body ? { body } : {}) })
          .then(async (answer) => {
            const text = Buffer.from(await answer.arrayBuffer());
            answers.push(text.toString('utf8'));
            res
              .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
              .end(text);
          })
          .catch(() => res.writeHead(502).end());
      };
      if (match?.rule.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          forward();
        }, match.rule.delayMs);
        timers.add(timer);
      } else {
        forward();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    answers,
    setRules: (next) => {
      rules = next.map((rule) => ({ rule, left: rule.fail?.times ?? 0 }));
      seen.length = 0;
      answers.length = 0;
    },
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

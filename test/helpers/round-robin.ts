// A load balancer in front of a cluster double: each request goes to the next node in turn, so the
// requests of one client run spread over the active node and the standbys (as behind a real load
// balancer with standby reads). Bodies and headers pass through unchanged; redirects are not followed.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running balancer. */
export interface RoundRobin {
  readonly url: string;
  /** Requests sent to each node, in the order of `targets`. */
  readonly counts: number[];
  /** Every request: the node it went to, its method and path, and whether it carried `X-Vault-Index`. */
  readonly sent: {
    readonly node: number;
    readonly method: string;
    readonly path: string;
    readonly index: boolean;
    /** The request's `X-Vault-Namespace`, when it had one. */
    readonly namespace?: string | undefined;
  }[];
  stop(): Promise<void>;
}

/** Starts a round-robin HTTP proxy over `targets` (base URLs) on a free 127.0.0.1 port. */
export async function startRoundRobin(targets: readonly string[]): Promise<RoundRobin> {
  const counts = targets.map(() => 0);
  const sent: RoundRobin['sent'] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next++ % targets.length;
    counts[index] = (counts[index] ?? 0) + 1;
    sent.push({
      node: index,
      method: req.method ?? '',
      path: (req.url ?? '').split('?', 1)[0] ?? '',
      index: req.headers['x-vault-index'] !== undefined,
      namespace: [req.headers['x-vault-namespace']].flat()[0],
    });
    const target = new URL(req.url ?? '/', targets[index]);
    const upstream = request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    sent,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

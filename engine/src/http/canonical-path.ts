import type { RawRequest, RawResponse } from './raw-request.ts';

/**
 * Why a request path is not canonical, or undefined when it is. Checked on the path as sent (node
 * does not normalise it) and again after percent-decoding, because the router decodes once: a `.` or
 * `..` segment (also `%2e%2e`, `%2E.`, or `..` reached through an encoded `%2F`), an empty segment
 * (`//`, except the single trailing slash of a folder such as `roles/`), a backslash, or a NUL byte.
 * The real engine's Go router cleans such paths before routing; keyfob refuses them instead, so no
 * request can reach a route its path does not spell out.
 */
function nonCanonicalReason(target: string): string | undefined {
  const query = target.indexOf('?');
  const raw = query < 0 ? target : target.slice(0, query);
  if (!raw.startsWith('/')) return 'the path must start with "/"';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return 'the path has an invalid percent-encoding';
  }
  for (const form of [raw, decoded]) {
    if (form.includes('\\')) return 'the path contains a backslash';
    if (form.includes('\0')) return 'the path contains a NUL byte';
    const segments = form.slice(1).split('/');
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i] ?? '';
      const last = i === segments.length - 1;
      if (segment === '.' || segment === '..') return `the path contains a "${segment}" segment`;
      if (segment === '' && !last) return 'the path contains an empty segment ("//")';
    }
  }
  return undefined;
}

/** 400 for a non-canonical path, before any routing or token check. */
function canonicalPathError(target: string): RawResponse | undefined {
  const reason = nonCanonicalReason(target);
  if (reason === undefined) return undefined;
  const message = `invalid request path: ${reason}; send the canonical path (no ".", ".." or empty segments, also not percent-encoded)`;
  return { status: 400, body: JSON.stringify({ errors: [message] }) };
}

/** Wraps a request handler so non-canonical paths never reach it. */
export function refuseNonCanonical(
  handle: (r: RawRequest) => Promise<RawResponse>,
): (r: RawRequest) => Promise<RawResponse> {
  return (request) => {
    const refused = canonicalPathError(request.url);
    return refused ? Promise.resolve(refused) : handle(request);
  };
}

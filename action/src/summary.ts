import type { ActionConfig } from './action-config.ts';
import type { Issued } from './issued.ts';

/** Escapes text for a Markdown table cell. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** A Markdown table from a header row and body rows. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * The job summary of the credential modes: role, method, type, expiry, lease and the variable names.
 * Never a key, secret or token: the summary is visible to everyone who can see the run.
 */
export function credentialsSummary(issued: readonly Issued[], config: ActionConfig): string {
  const rows = issued.map((i) => [
    i.request.role,
    i.request.method,
    i.credentialType,
    i.expiration ?? '—',
    i.leaseId === ''
      ? '—'
      : `${i.leaseId} (${i.leaseDuration} s${i.revocable && config.cleanup ? ', revoked after the job' : ''})`,
    i.request.env
      ? `${i.request.env.accessKey}, ${i.request.env.secretKey}${i.sessionToken ? `, ${i.request.env.sessionToken}` : ''}`
      : 'not exported',
  ]);
  const heading = `### keyfob: ${issued.length === 1 ? 'credentials' : `${issued.length} credential sets`} issued\n\n`;
  return `${heading}${table(['Role', 'Mode', 'Type', 'Expires (UTC)', 'Lease', 'Variables'], rows)}\n\n`;
}

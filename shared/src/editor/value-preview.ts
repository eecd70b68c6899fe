import { formatDuration, parseDuration } from '../duration/index.ts';
import type { FieldInfo } from '../rules/index.ts';
import { fieldsFor } from '../rules/index.ts';
import { splitCommaList } from '../text/comma-list.ts';

/**
 * A line or two about the value under the cursor: a duration normalised (`1h30m` = 5400 s, read back
 * as `1h30m0s`), a comma list's items, the fields a credential type accepts. `undefined` when there
 * is nothing to add to the field's own documentation.
 */
export function valuePreview(info: FieldInfo, value: unknown): string | undefined {
  if (info.value === 'duration' || info.value === 'duration-or-seconds') {
    const parsed = parseDuration(value, {
      allowInteger: info.value === 'duration-or-seconds',
      requireUnit: info.value === 'duration',
      field: info.name,
    });
    if (parsed.seconds === undefined)
      return `Not a duration the engine accepts: ${parsed.problems[0]?.message ?? 'unreadable'}`;
    const shown = typeof value === 'number' ? String(value) : String(value).trim();
    return `\`${shown}\` = ${parsed.seconds} s; the engine reads it back as \`${formatDuration(parsed.seconds)}\``;
  }
  if (info.value === 'list' && typeof value === 'string') {
    const items = splitCommaList(value);
    return `Read as a list of ${items.length}: ${items.map((item) => `\`${item}\``).join(', ')}`;
  }
  if (info.name === 'credential_type' && typeof value === 'string' && info.enum?.includes(value)) {
    const accepted = fieldsFor('role', value).filter((f) => f !== '$schema' && f !== 'name' && f !== 'credential_type');
    return `\`${value}\` roles accept: ${accepted.map((f) => `\`${f}\``).join(', ') || 'no other field'}`;
  }
  return undefined;
}

import { utf8Length } from './utf8.ts';

/**
 * Go reference-time layouts (`2006-01-02T15:04:05Z07:00`) for the `timestamp` function: split a
 * layout into literal text and fields, format a time with it, and bound the output length.
 * Times are formatted in UTC: keyfob's engine runs on a UTC clock, so zones print as `Z`/`UTC`.
 */

/** One piece of a layout: literal text or a named field. */
type LayoutChunk =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'field'; readonly field: string };

/** Fields recognised at each leading character, longest first, in Go's matching order. */
const FIELDS_BY_FIRST: Readonly<Record<string, readonly string[]>> = {
  J: ['January', 'Jan'],
  M: ['Monday', 'Mon', 'MST'],
  '0': ['002', '01', '02', '03', '04', '05', '06'],
  '1': ['15', '1'],
  '2': ['2006', '2'],
  _: ['__2', '_2'],
  '3': ['3'],
  '4': ['4'],
  '5': ['5'],
  P: ['PM'],
  p: ['pm'],
  '-': ['-07:00:00', '-070000', '-07:00', '-0700', '-07'],
  Z: ['Z07:00:00', 'Z070000', 'Z07:00', 'Z0700', 'Z07'],
};

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** A fractional-seconds field (`.000`, `,999`) at `i`, or undefined. */
function fractionAt(layout: string, i: number): string | undefined {
  const digit = layout[i + 1];
  if (digit !== '0' && digit !== '9') return undefined;
  let j = i + 1;
  while (layout[j] === digit) j++;
  return isDigit(layout[j]) ? undefined : layout.slice(i, j); // Go: not a fraction when more digits follow
}

function fieldAt(layout: string, i: number): string | undefined {
  const c = layout[i] ?? '';
  if (c === '.' || c === ',') return fractionAt(layout, i);
  if (c === '_' && layout.startsWith('_2006', i)) return undefined; // Go reads "_2006" as "_" then the year
  return FIELDS_BY_FIRST[c]?.find((f) => layout.startsWith(f, i));
}

/** Splits a Go layout into chunks in one left-to-right pass. */
function splitLayout(layout: string): LayoutChunk[] {
  const chunks: LayoutChunk[] = [];
  let text = '';
  let i = 0;
  while (i < layout.length) {
    const field = fieldAt(layout, i);
    if (field === undefined) {
      text += layout[i];
      i++;
      continue;
    }
    if (text !== '') chunks.push({ kind: 'text', text });
    text = '';
    chunks.push({ kind: 'field', field });
    i += field.length;
  }
  if (text !== '') chunks.push({ kind: 'text', text });
  return chunks;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const two = (n: number): string => String(n).padStart(2, '0');

function dayOfYear(time: Date): number {
  return Math.floor((time.getTime() - Date.UTC(time.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

function fraction(field: string, time: Date): string {
  const digits = field.length - 1;
  // Date carries milliseconds; finer digits are zero.
  const value = String(time.getUTCMilliseconds()).padStart(3, '0').padEnd(9, '0').slice(0, digits);
  if (field[1] === '0') return field[0] + value;
  let end = value.length;
  while (end > 0 && value[end - 1] === '0') end--;
  const trimmed = value.slice(0, end);
  return trimmed === '' ? '' : field[0] + trimmed;
}

function formatField(field: string, time: Date): string {
  const hour12 = time.getUTCHours() % 12 === 0 ? 12 : time.getUTCHours() % 12;
  const month = time.getUTCMonth();
  const values: Readonly<Record<string, () => string>> = {
    January: () => MONTHS[month] ?? '',
    Jan: () => (MONTHS[month] ?? '').slice(0, 3),
    Monday: () => DAYS[time.getUTCDay()] ?? '',
    Mon: () => (DAYS[time.getUTCDay()] ?? '').slice(0, 3),
    MST: () => 'UTC',
    '01': () => two(month + 1),
    '1': () => String(month + 1),
    '02': () => two(time.getUTCDate()),
    '2': () => String(time.getUTCDate()),
    _2: () => String(time.getUTCDate()).padStart(2, ' '),
    '002': () => String(dayOfYear(time)).padStart(3, '0'),
    __2: () => String(dayOfYear(time)).padStart(3, ' '),
    '15': () => two(time.getUTCHours()),
    '03': () => two(hour12),
    '3': () => String(hour12),
    '04': () => two(time.getUTCMinutes()),
    '4': () => String(time.getUTCMinutes()),
    '05': () => two(time.getUTCSeconds()),
    '5': () => String(time.getUTCSeconds()),
    '2006': () => String(time.getUTCFullYear()).padStart(4, '0'),
    '06': () => two(time.getUTCFullYear() % 100),
    PM: () => (time.getUTCHours() >= 12 ? 'PM' : 'AM'),
    pm: () => (time.getUTCHours() >= 12 ? 'pm' : 'am'),
  };
  const value = values[field];
  if (value) return value();
  if (field.startsWith('Z')) return 'Z';
  if (field.startsWith('-')) return `+${field.slice(1).replaceAll('7', '0')}`; // UTC: offset +00:00
  return fraction(field, time);
}

/** Formats a time (in UTC) with a Go layout, like Go's `time.Time.Format`. */
export function formatGoTime(time: Date, layout: string): string {
  return splitLayout(layout)
    .map((chunk) => (chunk.kind === 'text' ? chunk.text : formatField(chunk.field, time)))
    .join('');
}

const FIELD_LENGTHS: Readonly<Record<string, readonly [number, number]>> = {
  January: [3, 9],
  Monday: [6, 9],
  '1': [1, 2],
  '2': [1, 2],
  '3': [1, 2],
  '4': [1, 2],
  '5': [1, 2],
  Z: [1, 1],
};

/** Shortest and longest output of one layout field in UTC. */
function fieldLength(field: string): readonly [number, number] {
  const known = FIELD_LENGTHS[field] ?? FIELD_LENGTHS[field[0] === 'Z' ? 'Z' : ''];
  if (known) return known;
  if ((field[0] === '.' || field[0] === ',') && field[1] === '9') return [0, field.length];
  return [field.length, field.length]; // fixed width: `01`, `2006`, `-07:00`, `.000`, `MST` (UTC) ...
}

/** Byte-length bounds of `formatGoTime(anyTime, layout)` for years 1000-9999. */
export function layoutLengthBounds(layout: string): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const chunk of splitLayout(layout)) {
    const [lo, hi] =
      chunk.kind === 'text' ? [utf8Length(chunk.text), utf8Length(chunk.text)] : fieldLength(chunk.field);
    min += lo;
    max += hi;
  }
  return { min, max };
}

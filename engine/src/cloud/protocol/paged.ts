import { CloudError } from '../cloud-error.ts';
import type { QueryParams } from './query-params.ts';
import { members, type XmlTree, type XmlValue } from './query-xml.ts';

/** `MaxItems` (1-1000, default 100) and `Marker` (the offset keyfob handed out) over a list. */
export function paged(p: QueryParams, name: string, items: readonly XmlValue[]): XmlTree {
  const max = p.integer('MaxItems', 1, 1000) ?? 100;
  const marker = p.optional('Marker');
  const start = marker === undefined ? 0 : Number(marker);
  if (!Number.isInteger(start) || start < 0 || start > items.length)
    throw new CloudError('InvalidInput', 'Invalid Marker.');
  const page = items.slice(start, start + max);
  const more = start + max < items.length;
  return { [name]: members(page), IsTruncated: more, ...(more ? { Marker: String(start + max) } : {}) };
}

import type { NodeLocation } from './types.ts';

interface OpenNode {
  readonly pointer: string;
  readonly end: number;
}

/**
 * For each offset, the pointer of the innermost node whose span (key start to value end, both ends
 * included) holds it; `""` when none does.
 *
 * One sweep: locations are in document order (a parent before its children, siblings in order), so
 * a stack of open nodes replaces a search per offset. O(nodes + offsets log offsets).
 */
export function nearestPaths(locations: ReadonlyMap<string, NodeLocation>, offsets: readonly number[]): string[] {
  const result = new Array<string>(offsets.length).fill('');
  if (offsets.length === 0) return result;
  const order = offsets.map((offset, i) => ({ offset, i })).sort((a, b) => a.offset - b.offset);
  const entries = locations.entries();
  const stack: OpenNode[] = [];
  let next = entries.next();
  for (const { offset, i } of order) {
    while (!next.done && spanStart(next.value[1]) <= offset) {
      const [pointer, location] = next.value;
      const start = spanStart(location);
      while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) < start) stack.pop();
      stack.push({ pointer, end: Math.max(location.value.end, location.key?.end ?? 0) });
      next = entries.next();
    }
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) < offset) stack.pop();
    result[i] = stack[stack.length - 1]?.pointer ?? '';
  }
  return result;
}

function spanStart(location: NodeLocation): number {
  return location.key?.start ?? location.value.start;
}

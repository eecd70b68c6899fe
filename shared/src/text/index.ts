export { LineIndex } from './line-index.ts';
export {
  appendPointer,
  escapePointerSegment,
  parentPointer,
  pointerToSegments,
  segmentsToPointer,
  unescapePointerSegment,
} from './json-pointer.ts';
export { editDistance, nearestWord } from './edit-distance.ts';
export type { NearestOptions } from './edit-distance.ts';
export { canonicalIpBlock, ipInBlocks } from './ip-blocks.ts';

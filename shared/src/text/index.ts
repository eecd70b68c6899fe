export { LineIndex } from './line-index.ts';
export { appendPointer, escapePointerSegment, pointerToSegments } from './json-pointer.ts';
export { nearestWord } from './edit-distance.ts';
export { canonicalIpBlock, ipInBlocks } from './ip-blocks.ts';
export { isRecord } from './is-record.ts';
export { readCommaList, splitCommaList } from './comma-list.ts';
export { escapeControls, quoted } from './quote.ts';
export { oneLine, printableCharacters } from './control-characters.ts';

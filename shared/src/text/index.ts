export { LineIndex } from './line-index.ts';

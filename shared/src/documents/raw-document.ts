import type { OffsetRange } from '../problem.ts';
import type { DocumentSink } from './document-sink.ts';

/** A document as a reader leaves it: its value, what the sink collected, and its share of the file. */
export interface RawDocument {
  readonly value: unknown;
  readonly sink: DocumentSink;
  /** The part of the file that belongs to this document (its comments included), for suppressions. */
  readonly region: OffsetRange;
}

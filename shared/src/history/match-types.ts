import type { HttpMethod } from './data-types.ts';
import type { TextSpan } from './text-span.ts';
import type { HistorySubject, SubjectChange } from './types.ts';

/**
 * How sure a match is:
 * - `exact`: the text alone names the subject (a distinctive name, a URL whose template and
 *   method are unambiguous, a parameter inside its own URL);
 * - `context`: it needed its surroundings (a generic word next to its resource, a parameter bound
 *   to a URL on a nearby line, a URL whose method could not be found).
 */
export type Confidence = 'exact' | 'context';

/** What kind of text matched. */
export type MatchVia = 'path' | 'name' | 'parameter' | 'include' | 'type' | 'sdk';

/** An HTTP method written near a URL: `"PATCH"`, `-X DELETE`, `requests.delete(`, `http.MethodPost`. */
export interface MethodToken {
  readonly method: HttpMethod;
  readonly start: number;
  readonly end: number;
  /** The source text (`MethodPost`, `delete`, `DELETE`), so an edit can keep its style. */
  readonly text: string;
}

/** One occurrence of an API subject in a source text. Lines and columns are 1-based; `endColumn` is exclusive. */
export interface Match extends TextSpan {
  readonly subject: HistorySubject;
  /** The subject's full history, newest first. */
  readonly entries: readonly SubjectChange[];
  readonly confidence: Confidence;
  readonly via: MatchVia;
  /** The matched source text. */
  readonly text: string;
  /** Other subjects the same text could be (same path with another method, same name on another resource). */
  readonly alternatives: readonly HistorySubject[];
  /** A use through an official client: its name there (`go-tfe` `Workspaces.SafeDelete`), shown beside the subject. */
  readonly sdk?: { readonly client: string; readonly name: string };
  /** Endpoints: the method token used to choose the subject. */
  readonly method?: MethodToken;
  /** Endpoints in one literal: offsets of the path part (after host and `/api/v2`) and the parameter values. */
  readonly path?: {
    readonly start: number;
    readonly end: number;
    readonly template: string;
    readonly params: Readonly<Record<string, string>>;
  };
}

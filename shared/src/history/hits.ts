import type { LexInfo } from './lexicon.ts';
import type { MethodToken } from './match-types.ts';
import type { NormalizedUrl } from './normalize-url.ts';
import type { PathCandidate } from './types.ts';
import type { HttpMethod } from './data-types.ts';
import type { PathSegment } from './path-trie.ts';

/**
 * A URL on an unknown base (`f"{globals.BASE_URL}/registry-modules"`, `${api}/oauth-clients`: a leading
 * placeholder no base of the file fills) may be the tail of a longer path: the base may hold
 * `/organizations/<org>` as well as the API root. The API paths whose end the URL's path is (its first
 * segment a literal segment there), from the paths the API's clients send (`schemas/platform-history-methods.json`):
 * `/registry-modules` is the tail of `/organizations/*` + `/registry-modules` (GET, POST).
 */
export interface TailFit {
  /** The segments the base would hold (`organizations`, a placeholder), as the path's own text would. */
  readonly prefix: readonly PathSegment[];
  /** `organizations/*`: the prefix as a key (`*` a placeholder). */
  readonly key: string;
  /** The methods the clients send on the whole path. */
  readonly methods: readonly HttpMethod[];
  /** The history's templates for the whole path, most specific first. */
  readonly candidates: readonly PathCandidate[];
}

/** A URL or path literal that matched at least one template. Offsets are source offsets. */
export interface UrlHit {
  readonly start: number;
  readonly end: number;
  /** 0-based line of `start`. */
  readonly line: number;
  readonly url: NormalizedUrl;
  /** Where each joined literal of `url`'s text starts, in that text and in the source (see `sourceOffset`). */
  readonly parts: readonly UrlPart[];
  /** One literal (or bare URL) rather than a concatenation: edits can rewrite it. */
  readonly single: boolean;
  /** Matching templates, most specific first. */
  readonly candidates: readonly PathCandidate[];
  /** The method written in the literal itself, or the nearest method token assigned later. */
  method?: MethodToken;
  /** How far `method` was found (0: decided by what sends the URL; -1 with no method: a route that names none). */
  methodDistance?: number;
  /** Query keys set away from the URL on a query object its call passes (`query-objects.ts`), with their offsets. */
  boundKeys?: { readonly key: string; readonly start: number }[];
  /** On an unknown base (`url.base`): the longer API paths the path is the tail of (`url-tails.ts`). */
  readonly tails?: readonly TailFit[];
  /** The candidates are those of a longer path the text is the tail of: no template fits it from the API root. */
  readonly tailOnly?: true;
  /** The base is unknown and the path's reading depends on it: no endpoint is claimed (`placeTails`). */
  readonly sayLess?: true;
  /**
   * On a base the text does not show to be this API's root or host (`f"{settings.API_URL}/projects"`, `api.get('/runs')`,
   * Go's `"workspaces/%s"`, a base of the file without `/api/v2`): any API's path; kept where the text shows this API.
   */
  unrooted?: true;
  /** Assigned to a variable that is extended before it is sent (`url += f"/{org}/workspaces"`): a prefix, no endpoint. */
  extended?: true;
  /** A JSON:API link of a document (`jsonApiLink`: `"related": "/api/v2/…"`, a `links` object's member): no request, no match. */
  link?: true;
  /** Later sends of the variable holding the URL with other methods (`requests.post(url, …)` then `requests.get(url, …)`). */
  sends?: readonly MethodToken[];
}

/** Whether a URL's method is decided (written in it, or by what sends it), or decided to be none named (`methodDistance` -1). */
export function methodDecided(url: Pick<UrlHit, 'method' | 'methodDistance'>): boolean {
  const d = url.methodDistance ?? Infinity;
  return d < 0 || (url.method !== undefined && d <= 0);
}

/** One literal of a URL text: its start in the normalised text and in the source. */
export interface UrlPart {
  readonly virtual: number;
  readonly source: number;
}

/** The source offset of an index into a URL hit's text. */
export function sourceOffset(hit: { readonly parts: readonly UrlPart[] }, index: number): number {
  let part = hit.parts[0] ?? { virtual: 0, source: 0 };
  for (const p of hit.parts) if (p.virtual <= index) part = p;
  return part.source + (index - part.virtual);
}

/** A literal or key whose whole text is a known name. */
export interface NameHit {
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly info: LexInfo;
  readonly isKey: boolean;
  /** The key whose value this is (`type`, `status`, ...), or ''. */
  readonly keyOf: string;
  /** `type`: the value of a `type` key (or a Go `jsonapi:"primary,…"` tag). */
  readonly via: 'name' | 'type';
  /** Found in a Go struct tag (`jsonapi:"attr,…"`). */
  readonly tag?: true;
  /** Declared by a client's model (`models.ts`): the model's resource decides. */
  readonly model?: ModelContext;
  /** A key of a query object that the call sending this URL passes (`query-objects.ts`). */
  readonly query?: UrlHit;
}

/** What a declaring model says about a name (see `model-hits.ts`). */
export interface ModelContext {
  /** The model's resource, or none when it cannot be known. */
  readonly resources: readonly string[];
  /** The wire name was guessed from a camelCase name: only a name of the model's own resource counts. */
  readonly guessed: boolean;
  /**
   * The model's own name (`PolicySetVersion`), when its resource is unknown: a name spelling something
   * other than a resource's words keeps that resource's distinct names off it (`namesOther`).
   */
  readonly name?: string;
  /** The model's name has words before its resource's (`PrePlanPayload`, `TFTaskRequest`): less decisive. */
  readonly prefixed?: boolean;
  /** Templates the project sends this model to as a query (`project-facts.ts`): its query keys are theirs. */
  readonly paths?: readonly string[];
}

/** A reader's keys of a known model, added to a text's name hits (`modelKeys`). */
export interface ModelKeys {
  /** The hit found at `start`, if any. */
  at(start: number): NameHit | undefined;
  /**
   * The key at `start` (to `end`, on `line`, the lexicon's `info`) is a key of `model`: the hit already there becomes
   * it (its other fields kept), else a new name hit is added (returns true).
   */
  mark(start: number, end: number, line: number, info: LexInfo, model: ModelContext): boolean;
}

/**
 * The keys a reader finds of a model it knows (a jq filter's, a key path's, a payload's member, a member read from a
 * response), marked on `names`: the one place a key hit is made or retaken. `names` is indexed by start when first
 * asked; a hit added is appended and indexed (a reader that needs `names` in order sorts it after).
 */
export function modelKeys(names: NameHit[]): ModelKeys {
  let byStart: Map<number, number> | undefined;
  const index = (): Map<number, number> => (byStart ??= new Map(names.map((h, k) => [h.start, k])));
  return {
    at(start) {
      const k = index().get(start);
      return k === undefined ? undefined : names[k];
    },
    mark(start, end, line, info, model) {
      const k = index().get(start);
      const existing = k === undefined ? undefined : names[k];
      if (k !== undefined && existing) {
        names[k] = { ...existing, isKey: true, model };
        return false;
      }
      index().set(start, names.push({ start, end, line, info, isKey: true, keyOf: '', via: 'name', model }) - 1);
      return true;
    },
  };
}

/** Something that says which resource the code around it talks about. */
export interface Evidence {
  readonly offset: number;
  readonly line: number;
  readonly resources: readonly string[];
  /** A `type` value, a matched API path, or a token such as a run task header. */
  readonly kind: 'type' | 'path' | 'token';
}

/** A method token with its 0-based line. */
export interface LinedMethod extends MethodToken {
  readonly line: number;
}

/** Everything the pass collected; URLs and evidence sorted by offset. */
export interface Hits {
  readonly urls: UrlHit[];
  readonly names: NameHit[];
  readonly evidence: Evidence[];
}

import { badRequest, HttpError } from './http-error.ts';

/** Request parameters: JSON values from a body, strings (or string lists) from a query. */
export type Params = Record<string, unknown>;

/** The four operations of the real engine's request model. */
export type Operation = 'read' | 'update' | 'delete' | 'list';

/**
 * Query parameters as the real engine takes them for GET, LIST and DELETE: repeated keys become
 * arrays, `help` is skipped, and `list` is consumed by the GET-as-LIST rule.
 */
export function queryParams(search: URLSearchParams): Params {
  const params: Params = {};
  for (const key of new Set(search.keys())) {
    if (key === 'help' || key === 'list') continue;
    const values = search.getAll(key);
    params[key] = values.length === 1 ? values[0] : values;
  }
  return params;
}

/**
 * Parameters of a POST/PUT body: JSON (an object; anything else is `error parsing JSON`) or, with a
 * form content type, URL-encoded pairs. An empty body is an empty parameter set.
 */
export function bodyParams(body: Buffer, contentType: string | undefined): Params {
  if (body.length === 0) return {};
  // Like the real engine, a form content type with a body that looks like a JSON object is JSON
  // (`curl -d '{...}'` sends the form type).
  if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded') && !looksLikeJson(body)) {
    return queryParams(new URLSearchParams(body.toString('utf8')));
  }
  // A body shorter than the limit cannot nest past it (each level opens with a byte of its own).
  const depth = body.length > MAX_JSON_DEPTH ? jsonDepth(body) : 0;
  if (depth > MAX_JSON_DEPTH)
    throw badRequest(
      `error parsing JSON: JSON input nests ${depth} levels deep; the most the engine reads is ${MAX_JSON_DEPTH}`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('error parsing JSON');
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('error parsing JSON');
  return parsed as Params;
}

/**
 * The operation a method means: GET=read (or list with `?list=true`), HEAD=read, POST/PUT=update,
 * DELETE=delete, LIST=list. Other methods are 405. An invalid `list` value is 400 with no message,
 * as in the real engine (it parses the flag with Go's ParseBool).
 */
export function operationFor(method: string, search: URLSearchParams): Operation {
  switch (method) {
    // HEAD is served wherever GET is, as a read without a body (node sends no body for HEAD).
    case 'HEAD':
    case 'GET': {
      const flag = search.get('list');
      if (flag === null) return 'read';
      const value = parseGoBool(flag);
      if (value === undefined) throw new HttpError(400, []);
      return value ? 'list' : 'read';
    }
    case 'POST':
    case 'PUT':
      return 'update';
    case 'DELETE':
      return 'delete';
    case 'LIST':
      return 'list';
    default:
      throw new HttpError(405, ['1 error occurred:\n\t* unsupported operation\n\n']);
  }
}

/** The real engine's limit on how deep a JSON body may nest (its `max_json_depth`, 300). */
const MAX_JSON_DEPTH = 300;

/**
 * How deep the arrays and objects of a JSON text nest, in one pass without recursion (strings and
 * their escapes skipped), so a body nested thousands deep is refused before anything walks it.
 */
function jsonDepth(body: Buffer): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return deepest;
}

function looksLikeJson(body: Buffer): boolean {
  for (const byte of body) {
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    return byte === 0x7b;
  }
  return false;
}

/** Go's strconv.ParseBool. */
function parseGoBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return undefined;
}

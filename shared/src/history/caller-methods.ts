import type { HttpMethod } from './data-types.ts';
import { enclosingFunction } from './function-verbs.ts';
import type { UrlHit } from './hits.ts';
import type { Lines } from './lines.ts';
import type { MethodToken } from './match-types.ts';
import { valueFlow, type ValueFlow } from './value-flow.ts';

/** How far before a call its method literal may be (`this.http(\n  'POST',\n  url(o),`). */
const BEFORE = 80;
/** How far after a call's name its options may be (`fetch(url(o), { method: 'POST' })`). */
const AFTER = 160;

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** A method literal as the argument just before the call: `'GET', ` `("POST",\n  `. Group 2: the method. */
const METHOD_ARGUMENT = /(["'])([A-Za-z]{3,6})\1[ \t]*,[ \t\r\n]*(?:(?:this|self)\.)?$/;
/** An HTTP client's verb taking the call as its first argument: `axios.post(`, `http.delete(`. Group 1: the verb. */
const VERB_CALL = /[.](get|post|put|patch|delete)\([ \t\r\n]*(?:(?:this|self)\.)?$/i;
/** Options after the call's closing parenthesis: `, { method: 'POST' }`. Group 2: the method. */
const METHOD_OPTION = /^[ \t]*,[ \t\r\n]*\{[^{}]{0,80}?\bmethod[ \t]*:[ \t]*(["'])([A-Za-z]{3,6})\1/;

/**
 * For a URL returned by a function of the text (`function moduleUrl(o) { return `${base}/api/v2/…`; }`) whose
 * method nothing near it decides: the method its call sites send it with, when every call of the function says
 * the same one (`this.http('GET', moduleUrl(o), headers)`, `axios.delete(itemUrl(id))`, `fetch(runsUrl(ws), {
 * method: 'POST' })`). A call that says no method (the URL kept in a variable, handed on) says nothing for the
 * whole function, and so do calls that disagree; a use as another URL's leading part (`${moduleUrl(o)}/versions`)
 * is no call. Implied token (empty text) at the URL's function name: a quick fix never rewrites a call elsewhere.
 */
export function callerMethod(text: string, lines: Lines, url: UrlHit): MethodToken | undefined {
  const fn = enclosingFunction(text, lines, url.line);
  if (!fn || fn.name.length < 3) return undefined;
  // Once per function (its URLs ask the same), its call sites found once per name (`value-flow.ts`).
  const flow = valueFlow(text, lines);
  const method = flow.perFunction(`${fn.name} ${fn.start}`, () => callersSay(text, flow, fn));
  return method && { method, start: fn.start, end: fn.start, text: '' };
}

/** The one method every call of the function says, or undefined. */
function callersSay(text: string, flow: ValueFlow, fn: { name: string; start: number }): HttpMethod | undefined {
  const calls = flow.callsOf(fn.name);
  if (calls === undefined) return undefined;
  let method: HttpMethod | undefined;
  for (const at of calls) {
    if (at === fn.start) continue;
    const left = text.slice(Math.max(0, at - BEFORE), at);
    // A use inside a template (`${moduleUrl(o)}/versions`) is no call.
    if (/\$\{[ \t]*$/.test(left)) continue;
    const said = siteMethod(text, at + fn.name.length, left);
    if (said === undefined || (method !== undefined && said !== method)) return undefined;
    method = said;
  }
  return method;
}

/** The method one call site says (`left`: the text before the call's name; `open`: its opening parenthesis). */
function siteMethod(text: string, open: number, left: string): HttpMethod | undefined {
  const argument = METHOD_ARGUMENT.exec(left)?.[2]?.toUpperCase();
  if (argument !== undefined) return METHODS.has(argument) ? (argument as HttpMethod) : undefined;
  const verb = VERB_CALL.exec(left)?.[1]?.toUpperCase();
  if (verb !== undefined) return verb as HttpMethod;
  // The call's own closing parenthesis (its arguments hold no call: `moduleUrl(o)`, `vcsUrl(o.address, o.ns)`).
  const close = text.indexOf(')', open);
  if (close === -1 || close - open > AFTER || text.slice(open + 1, close).includes('(')) return undefined;
  const option = METHOD_OPTION.exec(text.slice(close + 1, close + 1 + AFTER))?.[2]?.toUpperCase();
  return option !== undefined && METHODS.has(option) ? (option as HttpMethod) : undefined;
}

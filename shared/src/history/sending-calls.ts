import type { HttpMethod } from './data-types.ts';
import { HELPER } from './base-urls.ts';
import type { UrlHit } from './hits.ts';
import type { MethodToken } from './match-types.ts';
import type { LanguageProfile } from './language-profile.ts';
import type { Lines } from './lines.ts';
import { commandMethod, variableUse } from './shell-commands.ts';
import { variablePatterns } from './variable-patterns.ts';

/** How many lines after a URL's assignment its sending call may be. */
const SEND_LINES = 15;

/** A method in a call that takes the URL variable: `NewRequest("PATCH", u,`, `http.MethodDelete, u`, `self._patch(url`, `requests.delete(url`. */
const CALL_METHOD =
  /(?<![\w-])"(GET|POST|PUT|PATCH|DELETE)"|(?<![\w-])Method(Get|Post|Put|Patch|Delete)(?![\w-])|(?:\.|->)_?(get|post|put|patch|delete|create|update|destroy|show|list|list_all)\(/;

/**
 * The method of the call that sends a URL built into a variable: `u := fmt.Sprintf("workspaces/%s", id)`
 * (the literal on its own line inside a multi-line format call too), then, within SEND_LINES, the
 * first line that passes `u` to a call with a method (`s.client.NewRequest("PATCH", u, &options)`,
 * `self._patch(url)`, `requests.delete(url)`). The variable must not be assigned again in between.
 * Sets the URL's method with distance 0: it decides, like a method on the URL's own line.
 */
export function sendingCalls(text: string, lines: Lines, urls: readonly UrlHit[], profile: LanguageProfile): void {
  for (const url of urls) {
    if (profile.commands && !(url.method && (url.methodDistance ?? Infinity) < 0)) {
      const sent = commandSending(text, lines, url);
      if (sent) {
        url.method = sent;
        url.methodDistance = 0;
        continue;
      }
    }
    if (url.method && (url.methodDistance ?? Infinity) <= 0) continue;
    const read = readOnly(text, lines, url);
    if (read) {
      url.method = { method: 'GET', start: read, end: read, text: '' };
      url.methodDistance = 0;
      continue;
    }
    // The literal is the first argument of a helper: `self._update(f"{self._projects_url}/{id}", payload)`.
    const direct = /(?:\.|->)_?(get|post|put|patch|delete|create|update|destroy|show|list|list_all)\(\s*f?["'`]$/.exec(
      text.slice(Math.max(lines.startOf(url.line), url.start - 80), url.start),
    );
    const helper = direct ? HELPER[direct[1] ?? ''] : undefined;
    if (direct && helper) {
      const start = url.start - direct[0].length + direct[0].indexOf(direct[1] ?? '');
      url.method = { method: helper, start, end: start + (direct[1] ?? '').length, text: direct[1] ?? '' };
      url.methodDistance = 0;
      continue;
    }
    const name = assignedVariable(text, lines, url);
    if (!name) continue;
    const { uses, assigns } = variablePatterns(name);
    for (
      let line = url.line + 1;
      line <= url.line + SEND_LINES && lines.startOf(line) > lines.startOf(line - 1);
      line++
    ) {
      const body = text.slice(lines.startOf(line), lines.endOf(line));
      if (assigns.test(body)) break;
      if (!uses.test(body)) continue;
      const m = CALL_METHOD.exec(body);
      if (!m) break;
      const method = m[1] ?? (m[2] ? m[2].toUpperCase() : HELPER[m[3] ?? '']);
      if (!method) break;
      // The token is the word itself (`PATCH`, `MethodDelete`, `patch`), as `findMethods` gives it.
      const word = m[1] ?? (m[2] !== undefined ? `Method${m[2]}` : (m[3] ?? ''));
      const start =
        lines.startOf(line) +
        m.index +
        (m[1] !== undefined ? 1 : m[3] !== undefined ? m[0].length - word.length - 1 : 0);
      url.method = { method: method as HttpMethod, start, end: start + word.length, text: word };
      url.methodDistance = 0;
      break;
    }
  }
}

/** Commands that only show a URL. */
const SHOWS = /^(?:echo\w*|printf|log\w*|:)$/;

/**
 * The method of the shell command that sends a URL (see `commandMethod`): the command the URL is written
 * in, else the first command within SEND_LINES that uses the variable it is assigned to
 * (`url="$address/api/v2/…"` then `tfh_api_call -X DELETE "$url"`), `echo` and the like passed over.
 */
function commandSending(text: string, lines: Lines, url: UrlHit): MethodToken | undefined {
  const here = commandMethod(text, lines, url.start);
  if (here) return here;
  const name = assignedVariable(text, lines, url);
  if (!name) return undefined;
  const assigns = variablePatterns(name).shellAssigns;
  for (
    let line = url.line + 1;
    line <= url.line + SEND_LINES && lines.startOf(line) > lines.startOf(line - 1);
    line++
  ) {
    if (assigns.test(text.slice(lines.startOf(line), lines.endOf(line)))) return undefined;
    const use = variableUse(text, lines, line, name);
    if (use === -1) continue;
    const program = /^\s*(?:if\s+)?!?\s*(?:\w+=\S*\s+)*([\w-]+)/.exec(text.slice(lines.startOf(line), use))?.[1] ?? '';
    if (SHOWS.test(program)) continue;
    return commandMethod(text, lines, use);
  }
  return undefined;
}

/** `u := …"literal"`, `url = f"…"`, `u = fmt.Sprintf(` on the line before a literal standing alone. */
function assignedVariable(text: string, lines: Lines, url: UrlHit): string | undefined {
  let before = text.slice(Math.max(lines.startOf(url.line), url.start - 200), url.start);
  if (/^\s*[`"']?$/.test(before) || /^\s*f?["'`]$/.test(before)) {
    const previous = text.slice(lines.startOf(url.line - 1), lines.endOf(url.line - 1));
    if (!/\(\s*$/.test(previous)) return undefined;
    before = previous;
  }
  return /(?:^|[^\w.])(\w+)\s*(?::=|\+?=(?!=))[^=;]*$/.exec(before)?.[1];
}

/**
 * URLs that are read by what they are: a JSON:API link (`"related": "/api/v2/…"`, `"self"`), or an
 * OkHttp `Request.Builder().url(…)…build()` with no method call on its line (the builder's default is
 * GET). Returns the offset of that evidence, or 0.
 */
function readOnly(text: string, lines: Lines, url: UrlHit): number {
  const from = lines.startOf(url.line);
  const line = text.slice(from, lines.endOf(url.line));
  const before = text.slice(Math.max(from, url.start - 40), url.start);
  if (/["'](?:related|self)["']\s*:\s*["']$/.test(before)) return url.start;
  const builder = line.indexOf('Request.Builder()');
  if (
    builder !== -1 &&
    /\.url\(/.test(line) &&
    /\.build\(\)/.test(line) &&
    !/\.(?:post|put|patch|delete|method)\(/.test(line)
  )
    return from + builder;
  return 0;
}

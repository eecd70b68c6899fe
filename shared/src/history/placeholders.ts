import { isRegexWordChar } from './source-text.ts';

/**
 * The one reader of "a placeholder starts here; where does it end": a piece of a written-out URL path whose value is
 * not known, in whatever template syntax the program (or its CI host, its template engine) writes it. Every reader of
 * a path (normalizeUrl's end and segments, the bare-word reader of commands, the literal chains) asks it, so a
 * syntax is known to all of them or to none: a path is never cut short at a piece it does not take for a value.
 *
 * Bracketed (spaces and all, nested brackets of the same kind, closed on the same line within PLACEHOLDER_MAX):
 * `{x}` `{}` `{0}` `{{ x }}` `{{.X}}` `{$x}` (brace languages, Jinja/Ansible, Go templates, Mustache, PHP),
 * `${x}` `${{ x }}` (shell, JS, GitHub Actions), `$(x)` `$($x.y)` (Azure Pipelines macros, Tekton, PowerShell),
 * `$[x]` (Azure runtime expressions), `#{x}` (Ruby, Octopus), `<< x >>` (CircleCI), `<%= x %>` (ERB, EJS),
 * `[[ x ]]` (Nomad/Levant), `[x]`; words: `$x` (shell, PowerShell, Perl, PHP), `@x` (Razor, SQL), `<x>` (docs),
 * `%s` `%(x)s` (printf, Python, Lua), `%X%` (batch).
 */

/** The longest placeholder read (`${{ inputs.workspace_id }}`, `<< parameters.organization-name >>`). */
export const PLACEHOLDER_MAX = 120;

/** Whether `c` may open a placeholder: `{ $ # < % [ @`. A cheap test before `placeholderEnd`. */
export function opensPlaceholder(c: number): boolean {
  return c === 123 || c === 36 || c === 35 || c === 60 || c === 37 || c === 91 || c === 64;
}

/** Where the placeholder that starts at `at` ends (the offset after it), or -1 when none starts there. */
export function placeholderEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  const next = text.charCodeAt(at + 1);
  switch (c) {
    case 123: // {
      return groupEnd(text, at, 123, 125);
    case 36: // $
      if (next === 123) return groupEnd(text, at + 1, 123, 125);
      if (next === 40) return groupEnd(text, at + 1, 40, 41);
      if (next === 91) return groupEnd(text, at + 1, 91, 93);
      return isWordStart(next) ? wordEnd(text, at + 1) : -1;
    case 35: // #{
      return next === 123 ? groupEnd(text, at + 1, 123, 125) : -1;
    case 60: // <
      if (next === 60) {
        // CircleCI: `<< parameters.x >>`, `<<pipeline.id>>` (not a here-document's `<<EOF`: a name follows `<<`).
        if (text.charCodeAt(at + 2) !== 32 && !isLower(text.charCodeAt(at + 2))) return -1;
        return closedBy(text, at + 2, '>>');
      }
      if (next === 37) return closedBy(text, at + 2, '%>'); // <%= x %>
      if (!isWordStart(next)) return -1;
      {
        const end = nameEnd(text, at + 1);
        return text.charCodeAt(end) === 62 ? end + 1 : -1; // <x>
      }
    case 37: // %
      if (next === 40) {
        // %(name)s
        const close = groupEnd(text, at + 1, 40, 41);
        return close !== -1 && isLetter(text.charCodeAt(close)) ? close + 1 : -1;
      }
      if (isWordStart(next)) {
        // %NAME% (batch) or a printf verb (`%s`, `%d`, `%v`)
        const end = wordEnd(text, at + 1);
        if (text.charCodeAt(end) === 37 && end - at < PLACEHOLDER_MAX) return end + 1;
        return isLetter(next) ? at + 2 : -1;
      }
      return -1;
    case 91: // [[ x ]] or [x]
      if (next === 91) return closedBy(text, at + 2, ']]');
      {
        const end = nameEnd(text, at + 1);
        return end > at + 1 && text.charCodeAt(end) === 93 ? end + 1 : -1;
      }
    case 64: // @x
      return isWordStart(next) && next !== 95 ? nameEnd(text, at + 1) : -1;
    default:
      return -1;
  }
}

/** Whether any placeholder starts in `segment` (`${id}`, `ws-$ID`, `<%= @ws %>`, `%(org)s`, `[[ .ws ]]`). */
export function holdsPlaceholder(segment: string): boolean {
  for (let i = 0; i < segment.length; i++) {
    if (opensPlaceholder(segment.charCodeAt(i)) && placeholderEnd(segment, i) !== -1) return true;
  }
  return false;
}

/**
 * After the bracket closing the group that `open` opens (same kind nested), on its line within PLACEHOLDER_MAX; or -1.
 * A template engine's double-brace expression (`{{ org }}`, `${{ inputs.org }}`) may break its line once onto an indented
 * line, as a YAML folded scalar's (`url: >-` over `…/organizations/{{` and `  hcp_terraform_organization }}/workspaces`, one
 * line once folded).
 */
function groupEnd(text: string, open: number, opener: number, closer: number): number {
  let depth = 0;
  let breaks = opener === 123 && text.charCodeAt(open + 1) === 123 ? 1 : 0;
  const limit = Math.min(text.length, open + PLACEHOLDER_MAX);
  for (let i = open; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (depth !== 2 || breaks === 0) return -1;
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      // The value goes on on an indented line, as a folded scalar's does (`{{ x` then `}}` at the margin is left open).
      const next = text.charCodeAt(i + 1);
      if (next !== 32 && next !== 9) return -1;
      breaks--;
      continue;
    }
    if (c === opener) depth++;
    else if (c === closer && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * After the first `close` from `from`, on the same line within PLACEHOLDER_MAX; or -1. Reads at most PLACEHOLDER_MAX
 * characters (stops at the line's end): one left open on each of many lines costs each line, not the text's rest.
 */
function closedBy(text: string, from: number, close: string): number {
  const limit = Math.min(from + PLACEHOLDER_MAX, text.length - close.length);
  for (let i = from; i <= limit; i++) {
    if (text.startsWith(close, i)) return i + close.length;
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return -1;
  }
  return -1;
}

/** The end of a run of word characters from `from`. */
function wordEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && isRegexWordChar(text.charCodeAt(i))) i++;
  return i;
}

/** The end of a name from `from`: word characters, `.` and `-` (`parameters.workspace-id`, `Model.Org`), not a trailing `.`. */
function nameEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (!isRegexWordChar(c) && c !== 45 && c !== 46) break;
    i++;
  }
  while (i > from && text.charCodeAt(i - 1) === 46) i--;
  return i;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

function isWordStart(c: number): boolean {
  return isLetter(c) || c === 95;
}

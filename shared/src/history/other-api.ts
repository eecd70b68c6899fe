import type { Lines } from './lines.ts';

/**
 * A string that is the base path of another HTTP API than this one (`"/api/iacp/v3/"`, Scalr's;
 * `'/api/v1'`): `/api/` and a name that is not `v2` (this API) nor `registry` (its registry protocol).
 */
const OTHER_BASE = /(["'`])(?:https?:\/\/[^"'`\s/]*)?\/?api\/(?!v2\b|registry\b)[A-Za-z]\w*(?:[./-]\w+)*\/?\1/g;
/** A class header: Python's `class ScalrClient(APIClient):`, or a brace language's `class X … {`. */
const PY_CLASS = /^([ \t]*)class[ \t]+\w+[^\n]*:[ \t]*(?:#[^\n]*)?$/gm;
const BRACE_CLASS = /\bclass[ \t]+\w+[^{;\n]*\{/g;

/**
 * Spans (start, end offsets) of the classes whose body names another API's base path: a file holding
 * two APIs' clients (`class ScalrClient(APIClient)` passing `"/api/iacp/v3/"` to its base) sends that
 * API's paths and pages through the other class, and they are not this API's uses, even where the
 * paths and keys are spelled alike. Nothing when no string names another API.
 */
export function otherApiSpans(text: string, lines: Lines, languageId: string | undefined): [number, number][] {
  OTHER_BASE.lastIndex = 0;
  const bases: number[] = [];
  for (let m = OTHER_BASE.exec(text); m !== null; m = OTHER_BASE.exec(text)) bases.push(m.index);
  if (bases.length === 0) return [];
  const classes = languageId === 'python' ? pythonClasses(text, lines) : braceClasses(text);
  return classes.filter(([start, end]) => bases.some((b) => b >= start && b < end));
}

function pythonClasses(text: string, lines: Lines): [number, number][] {
  const out: [number, number][] = [];
  PY_CLASS.lastIndex = 0;
  for (let m = PY_CLASS.exec(text); m !== null; m = PY_CLASS.exec(text)) {
    const indent = (m[1] ?? '').length;
    let end = text.length;
    for (let line = lines.lineOf(m.index) + 1; line <= lines.lineOf(text.length); line++) {
      const from = lines.startOf(line);
      const body = text.slice(from, lines.endOf(line));
      const own = body.length - body.trimStart().length;
      if (body.trim() === '' || body.trimStart().startsWith('#')) continue;
      if (own <= indent) {
        end = from;
        break;
      }
    }
    out.push([m.index, end]);
  }
  return out;
}

function braceClasses(text: string): [number, number][] {
  const out: [number, number][] = [];
  BRACE_CLASS.lastIndex = 0;
  for (let m = BRACE_CLASS.exec(text); m !== null; m = BRACE_CLASS.exec(text)) {
    let depth = 0;
    let end = text.length;
    for (let i = m.index + m[0].length - 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 123) depth++;
      else if (c === 125 && --depth === 0) {
        end = i + 1;
        break;
      }
    }
    out.push([m.index, end]);
  }
  return out;
}

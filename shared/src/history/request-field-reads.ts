import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';

/** A Go struct field declared with a JSON tag on its line: `\tStage string `json:"stage"``. */
const FIELD_LINE = /^[ \t]*([A-Z]\w*)[ \t]+[^`\n]*`[^`\n]*json:"([^",]+)/;

/**
 * Go, in a file that handles run task requests: a field of the struct the server decodes the request into
 * (its JSON tag is a run task request field: `ConfigurationVersionDownloadURL string `json:"configuration_version_download_url"``)
 * read through a value (`payload.ConfigurationVersionDownloadURL`, `req.Stage == "pre_plan"`) is a read of that
 * request field. Only fields whose tag the scan matched as the request's, read after a lower-case name and a dot,
 * outside comments (not a call or a composite literal: `pkg.Stage{}`).
 */
export function requestFieldReads(text: string, lines: Lines, matches: readonly Match[]): Match[] {
  const fields = new Map<string, Match>();
  for (const m of matches) {
    if (m.subject.type !== 'attribute' || m.subject.resource !== 'run task request') continue;
    const row = text.slice(lines.startOf(m.line - 1), lines.endOf(m.line - 1));
    const f = FIELD_LINE.exec(row);
    if (f?.[1] !== undefined && f[2] === m.text && !fields.has(f[1])) fields.set(f[1], m);
  }
  const out: Match[] = [];
  for (const [name, tag] of fields) {
    const needle = `.${name}`;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      const end = at + needle.length;
      if (/[\w({]/.test(text.charAt(end)) || !/[a-z_]\w*$/.test(text.slice(Math.max(0, at - 40), at))) continue;
      const line = lines.lineOf(at);
      const before = text.slice(lines.startOf(line), at);
      if (before.includes('//')) continue;
      out.push(
        makeMatch(text, lines, { start: at + 1, end, subject: tag.subject, confidence: 'context', via: 'name' }),
      );
    }
  }
  return out;
}

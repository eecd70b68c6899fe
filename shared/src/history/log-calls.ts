import { memoKey, type Lines } from './lines.ts';
import { isRegexWordChar } from './source-text.ts';

/**
 * Go logging calls' arguments: what a program writes to its log is no payload, whatever its keys look like.
 * logrus's field maps (`log.WithFields(log.Fields{"auto-destroy-at": ws.AutoDestroyAt})`, `WithField("locked-by", x)`),
 * zap's fields (`zap.String("workspace-id", id)`), slog's and hclog's key-value pairs (`slog.Info("msg",
 * "workspace-id", id)`, `logger.Debug("read", "name", name)`), zerolog's (`log.Info().Str("locked-by", x).Msg(…)`),
 * `tflog.Debug(ctx, "msg", map[string]any{"name": n})`, `fmt.Printf`, `t.Logf`: a quoted name among them is a
 * key of the log line, never an attribute the program sends or reads. The go-tfe field read beside it
 * (`ws.AutoDestroyAt`) is read elsewhere (`sdk-names.ts`) and stays a use.
 *
 * The call around a literal is looked for just before it (`inGoLogCall`): a literal far from any logger's name
 * costs three native searches of a short window.
 */

/** A logger's method: logrus, zap, slog, hclog, zerolog's field adders, the standard log's. */
const LOG_METHOD =
  /^(?:Print(?:f|ln)?|Fatal(?:f|ln)?|Panic(?:f|ln)?|(?:Debug|Info|Warn|Warning|Error|Trace|Log|Notice|Critical)(?:f|w|ln|Context|Attrs)?|WithFields?|WithError|With|Fields|Str|Strs|Int\d*|Uint\d*|Float\d*|Bool|Dur|Time|Interface|Any|Err|AnErr|Stringer|String|Msgf?)$/;

/** Testing's log (`t.Logf`). */
const TEST_METHOD = /^Logf?$/;

/** `fmt`'s calls that print or make an error's message (not `Sprintf`, which builds URLs too). */
const FMT_METHOD = /^(?:Print(?:f|ln)?|Fprint(?:f|ln)?|Errorf)$/;

/** A logger's package, or a receiver named for one (`logger`, `c.log`, `tflog`; not `catalog`). */
const LOGGER_HEAD = /^(?:zap|slog|hclog|zerolog|logrus|klog|glog|tflog|lg|sugar)$/;
const LOGGER_NAME = /(?:^|\.)\w*[lL]og(?:ger)?\w*(?:\.|$)/;

/** Bounds: how far before a literal its logging call may start, how long one call's arguments may be. */
const MAX_BACK = 1000;
const MAX_SPAN = 20_000;

/**
 * Whether the Go literal opening at `open` is an argument of a logging call (or a key of a logger's field
 * map). The calls are looked for in the text just before it (`MAX_BACK`): where a logger may be named (`log`/`Log`
 * in a name: `log.Printf`, `c.logger.Info`, `slog.`, `tflog.`, `t.Logf`; `zap.`; `fmt.`), by native searches, the
 * callee there is read whole and judged, and the call's arguments (with the calls chained after it, zerolog's
 * `.Str(…).Msg(…)`) must reach past the literal.
 */
export function inGoLogCall(text: string, open: number, lines: Lines): boolean {
  const from = Math.max(0, open - MAX_BACK);
  const window = text.slice(from, open);
  // The literals of one text look back over the same calls: each call's end is read once (`logSpanEnd`).
  const ends = lines.memo(SPAN_ENDS, () => new Map<number, number>());
  for (const needle of NEEDLES)
    for (let k = window.indexOf(needle); k !== -1; k = window.indexOf(needle, k + 1)) {
      let at = from + k;
      if (needle === 'og') {
        const c = text.charCodeAt(at - 1);
        if (c !== 108 && c !== 76) continue;
        at--;
      } else if (isRegexWordChar(text.charCodeAt(at - 1))) continue;
      let end = ends.get(at);
      if (end === undefined) ends.set(at, (end = logSpanEnd(text, at)));
      if (end > open) return true;
    }
  return false;
}

/** Where the logging call named at each offset asked ends (`logSpanEnd`, a fact of the text): one scan's. */
const SPAN_ENDS = memoKey<Map<number, number>>('Go logging calls by where their names are');

/** What may name a logger: `og` of `log`/`Log`, `zap.`, `fmt.`. */
const NEEDLES = ['og', 'zap.', 'fmt.'];

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * Where the logging call (or a logger's field map: `log.Fields{…}`, held apart too) named at `at` ends: -1 when
 * the name there is no logger's call.
 */
function logSpanEnd(text: string, at: number): number {
  // The callee the name sits in: its names back and forth (`c.logger.Info`), then `(` (or a field map's `{`).
  let start = at;
  while (start > 0 && (isRegexWordChar(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 46)) start--;
  let end = at;
  while (isRegexWordChar(text.charCodeAt(end)) || text.charCodeAt(end) === 46) end++;
  let brace = end;
  while (text.charCodeAt(brace) === 32 || text.charCodeAt(brace) === 9) brace++;
  if (text.charCodeAt(brace) === 123 && text.startsWith('.Fields', end - 7)) return closing(text, brace);
  if (text.charCodeAt(end) !== 40 || !isLogCallee(text.slice(start, end))) return -1;
  return chainEnd(text, end);
}

/** Whether a callee (`log.Printf`, `c.logger.Info`, `zap.String`, `fmt.Errorf`, `t.Logf`) logs or prints its arguments. */
function isLogCallee(callee: string): boolean {
  const dot = callee.lastIndexOf('.');
  if (dot <= 0) return false;
  const method = callee.slice(dot + 1);
  const receiver = callee.slice(0, dot);
  if (receiver === 'fmt') return FMT_METHOD.test(method);
  if (receiver === 't' || receiver === 'b') return TEST_METHOD.test(method);
  if (!LOG_METHOD.test(method)) return false;
  const firstDot = receiver.indexOf('.');
  const head = firstDot === -1 ? receiver : receiver.slice(0, firstDot);
  return LOGGER_HEAD.test(head) || (LOGGER_NAME.test(receiver) && !/[cC]atalog|[dD]ialog/.test(receiver));
}

/** The end of the call opening at `paren` and of the calls chained after it (`.Str(…).Msg(…)`), -1 when unclosed. */
function chainEnd(text: string, paren: number): number {
  let close = closing(text, paren);
  while (close !== -1) {
    let i = close + 1;
    while (isBlank(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== 46) break;
    i++;
    while (isBlank(text.charCodeAt(i))) i++;
    const word = i;
    while (isRegexWordChar(text.charCodeAt(i))) i++;
    if (i === word || text.charCodeAt(i) !== 40) break;
    const next = closing(text, i);
    if (next === -1) break;
    close = next;
  }
  return close;
}

/** The bracket closing the one at `open` (Go's strings, runes and comments read through), -1 when not within reach. */
function closing(text: string, open: number): number {
  let depth = 0;
  const stop = Math.min(text.length, open + MAX_SPAN);
  for (let i = open; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 123 || c === 91) depth++;
    else if (c === 41 || c === 125 || c === 93) {
      if (--depth === 0) return i;
    } else if (c === 34 || c === 39) {
      // "…" and '…' with escapes, on one line.
      for (i++; i < stop; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === c || d === 10) break;
      }
    } else if (c === 96) {
      const end = text.indexOf('`', i + 1);
      if (end === -1) return -1;
      i = end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      if (end === -1) return -1;
      i = end;
    }
  }
  return -1;
}

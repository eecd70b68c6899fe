import { CALLBACK_URL } from './context.ts';
import type { LanguageProfile } from './language-profile.ts';
import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import { enclosingCall } from './sending-calls.ts';
import { isWordChar, LinePlaces } from './source-text.ts';
import type { HistoryIndex, HistorySubject } from './types.ts';

/**
 * A name for the run task's result callback URL, which a run task request carries as
 * `task_result_callback_url`: the key itself (`body["task_result_callback_url"]`,
 * `body.get("task_result_callback_url")`), a field named for it (`req.TaskResultCallbackURL`,
 * `event.TaskResultCallbackUrl`) or a variable (`callback_url`, `callbackUrl`).
 */
const CALLBACK_NAME = /(?<![\w$])[A-Za-z_$]*callback_?url(?![\w$])/gi;

/**
 * A callee that sends a PATCH request: `requests.patch`, `client.patch`, `tf.PATCH`, `self.__patch`, or a
 * request helper named for PATCH (`sendPatchRequest`, `patch_request`). A project's other helper
 * (`patch_terraform_callback(token, callback_url, "passed")`) is the caller of the request, not the request.
 */
const PATCH_CALLEE = /^_*(?:patch|PATCH)$|^(?=.*(?:^|_)patch|.*Patch)(?=.*(?:request|Request)).*$/;
/** A PATCH method among a call's arguments: `"PATCH"`, `http.MethodPatch`, `method="PATCH"`. */
const PATCH_ARGUMENT = /(?<![\w-])["']PATCH["']|(?<![\w-])(?:Http)?Method(?:::|\.)?(?:Patch|PATCH)(?![\w-])/;
/** The text before a callee that makes it a definition, not a call: `def _patch(`, `func (c *C) sendPatch(`. */
const DEFINITION = /\b(?:def|func|function|fn)\s+(?:\([^()]*\)\s*)?$/;

/**
 * The run task result callback sent: a call with the PATCH method (in its name or among its
 * arguments) whose arguments hold the callback URL by a name for it (see CALLBACK_NAME):
 * `requests.patch(body.get("task_result_callback_url"), …)`, `client.patch(self.request.task_result_callback_url, …)`,
 * `http.NewRequest(http.MethodPatch, event.TaskResultCallbackUrl, …)`, `tf.PATCH(payload.TaskResultCallbackURL, …)`,
 * `Request(url=callback_url, …, method="PATCH")`. The URL arrives at run time, so no literal spells it; the
 * history's `PATCH :callback_url` is the only endpoint a run task PATCHes it to. A call with another
 * method, or none, claims nothing (`print(callback_url)`, `tfc_callback(app, callback_url)`).
 */
export function callbackMatches(text: string, lines: Lines, index: HistoryIndex, profile: LanguageProfile): Match[] {
  if (!CALLBACK_URL.test(text)) return [];
  const subject = callbackEndpoint(index);
  if (!subject) return [];
  const out: Match[] = [];
  const places = new LinePlaces(text, profile, lines);
  CALLBACK_NAME.lastIndex = 0;
  for (let m = CALLBACK_NAME.exec(text); m !== null; m = CALLBACK_NAME.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    const place = places.at(start);
    if (place.inComment) continue;
    // Inside a string, only the whole literal counts: a key (`"task_result_callback_url"`), not prose.
    if (place.stringStart !== -1 && (place.stringStart !== start - 1 || text.charCodeAt(end) !== place.quote)) continue;
    if (!patchCall(text, place.stringStart === -1 ? start : start - 1, place.stringStart !== -1)) continue;
    out.push(makeMatch(text, lines, { start, end, subject, confidence: 'context', via: 'path' }));
  }
  return out;
}

/** The history's run task result callback endpoint (`PATCH :callback_url`). */
function callbackEndpoint(index: HistoryIndex): HistorySubject | undefined {
  return index.subjects.find((s) => s.type === 'endpoint' && s.method === 'PATCH' && s.path === ':callback_url');
}

/**
 * Whether the argument at `at` is passed to a call with the PATCH method. A key read through a
 * mapping's `get` (`body.get("task_result_callback_url")`) is the value of that read: the call
 * around the read is the one that sends it.
 */
function patchCall(text: string, at: number, key: boolean): boolean {
  let from = at;
  for (let hop = 0; hop < 2; hop++) {
    const call = enclosingCall(text, from, true);
    if (!call) return false;
    let nameStart = call.open;
    while (nameStart > call.start && isWordChar(text.charCodeAt(nameStart - 1))) nameStart--;
    const name = text.slice(nameStart, call.open);
    if (key && hop === 0 && name === 'get' && text.charCodeAt(nameStart - 1) === 46) {
      from = nameStart;
      continue;
    }
    if (DEFINITION.test(text.slice(Math.max(0, call.start - 80), call.start))) return false;
    return PATCH_CALLEE.test(name) || PATCH_ARGUMENT.test(text.slice(call.open, call.end));
  }
  return false;
}

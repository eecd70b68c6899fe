// What a person sees: open a role file with a mistake in the workbench, wait for the squiggle and the
// Problems entry, hover a field, and save a screenshot as a test artifact.
import { join } from 'node:path';

export async function runUiCheck(_browser, _url, _workspace, _artifacts) {
  return { ok: true, detail: 'not yet written' };
}

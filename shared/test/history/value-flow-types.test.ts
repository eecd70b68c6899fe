// The value-flow layers' answer shape (shared/src/history/value-flow-types.ts): several values or methods that should
// be one agree or say nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  agreeMethods,
  agreeValues,
  flowTemplateText,
  UNKNOWN,
  type FlowMethod,
  type FlowPiece,
  type FlowSend,
  type FlowTemplate,
} from '../../src/history/value-flow-types.ts';

const template = (...pieces: (string | [string])[]): FlowTemplate => ({
  kind: 'template',
  pieces: pieces.map((p): FlowPiece => (typeof p === 'string' ? { literal: p } : { hole: p[0] })),
});
const method = (m: 'GET' | 'POST'): FlowMethod => ({
  kind: 'method',
  method: m,
  token: { method: m, start: 0, end: 0, text: '' },
});

describe('value-flow answers', () => {
  it('writes placeholders as {} whatever expression they hold', () => {
    assert.equal(flowTemplateText(template('/organizations/', ['org'], '/workspaces')), '/organizations/{}/workspaces');
  });
  it('values agree only when their templates are the same text', () => {
    const a = template('/runs/', ['id']);
    assert.equal(agreeValues([a, template('/runs/', ['run_id'])]), a);
    assert.equal(agreeValues([a, template('/plans/', ['id'])]), UNKNOWN.conflict);
    assert.equal(agreeValues([a, UNKNOWN.depth]), UNKNOWN.depth);
    assert.equal(agreeValues([]), UNKNOWN.unbound);
  });
  it('methods agree only when every send says the same one', () => {
    const post = method('POST');
    const send: FlowSend = { value: template('/runs'), method: agreeMethods([post, method('POST')]) };
    assert.equal(send.method, post);
    assert.equal(agreeMethods([post, method('GET')]), UNKNOWN.conflict);
    assert.equal(agreeMethods([]), UNKNOWN.unbound);
  });
});

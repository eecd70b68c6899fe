// A run task server in Go: the task result PATCHed to the callback URL inside a helper the handler passes
// the request's TaskResultCallbackURL to (a function or a method of the file), where the helper's own name
// may say PATCH or not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const CALLBACK = 'endpoint PATCH :callback_url';

/** `line subject` of each callback match. */
const callbacks = (source: string): string[] =>
  scanText(source, { languageId: 'go' })
    .filter((m) => m.subject.id === CALLBACK)
    .map((m) => `${m.line} ${m.subject.id}`);

const SERVER = [
  'package main', // 1
  '', // 2
  'type taskRequest struct {', // 3
  '	TaskResultCallbackURL string `json:"task_result_callback_url"`', // 4
  '	AccessToken           string `json:"access_token"`', // 5
  '}', // 6
  '', // 7
  'func (s *server) handle(w http.ResponseWriter, r *http.Request) {', // 8
  '	var in taskRequest', // 9
  '	_ = json.NewDecoder(r.Body).Decode(&in)', // 10
  '	if err := s.report(r.Context(), in.TaskResultCallbackURL, in.AccessToken); err != nil {', // 11
  '		log.Print(err)', // 12
  '	}', // 13
  '	err := postPatchRequest(in.TaskResultCallbackURL, nil)', // 14
  '	_ = notify(in.TaskResultCallbackURL)', // 15
  '	log.Print(err)', // 16
  '}', // 17
  '', // 18
  'func (s *server) report(ctx context.Context, target, token string) error {', // 19
  '	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, target, nil)', // 20
  '	if err != nil {', // 21
  '		return err', // 22
  '	}', // 23
  '	_, err = s.client.Do(req)', // 24
  '	return err', // 25
  '}', // 26
  '', // 27
  'func postPatchRequest(u string, payload []byte) error {', // 28
  '	req, _ := http.NewRequest("PATCH", u, bytes.NewReader(payload))', // 29
  '	_, err := http.DefaultClient.Do(req)', // 30
  '	return err', // 31
  '}', // 32
  '', // 33
  'func notify(u string) error {', // 34
  '	_, err := http.Get(u)', // 35
  '	return err', // 36
  '}', // 37
].join('\n');

describe('a run task server in Go', () => {
  it("finds the PATCH request on a method's parameter the handler passes the callback URL", () => {
    assert.ok(callbacks(SERVER).includes(`20 ${CALLBACK}`), callbacks(SERVER).join('\n'));
  });

  it('finds the PATCH request inside a helper named for PATCH, beside its call', () => {
    const found = callbacks(SERVER);
    assert.ok(found.includes(`14 ${CALLBACK}`) && found.includes(`29 ${CALLBACK}`), found.join('\n'));
  });

  it('claims nothing of a helper that sends the URL with another method, nor of a call assigned to a variable', () => {
    assert.deepEqual(callbacks(SERVER), [`14 ${CALLBACK}`, `20 ${CALLBACK}`, `29 ${CALLBACK}`]);
  });
});

/** The last queued task per key, per engine (cleared when a key's queue drains). */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `task` once every earlier task with the same key (in the same engine) has settled, so the
 * provider calls of a multi-step change (list keys, delete the oldest, create one) never interleave
 * with another change of the same cloud user: no third key, no lost key.
 */
export function serialised<T>(owner: object, key: string, task: () => Promise<T>): Promise<T> {
  let tails = queues.get(owner);
  if (!tails) queues.set(owner, (tails = new Map<string, Promise<unknown>>()));
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(task, task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}

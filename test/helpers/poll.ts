/**
 * Asks `ask()` until `done` holds of its answer, at most `tries` times with `pauseMs` between, for a
 * state no event announces (a standby catching up, a folder read in the background, a process
 * turning into a zombie). Resolves with the last answer whether or not `done` held: the caller
 * asserts on the answer, never on how long it took (the bound is a number of tries, not a clock).
 */
export async function pollUntil<T>(
  ask: () => Promise<T> | T,
  done: (answer: T) => boolean,
  { tries, pauseMs }: { readonly tries: number; readonly pauseMs: number },
): Promise<T> {
  let answer = await ask();
  for (let i = 1; i < tries && !done(answer); i++) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    answer = await ask();
  }
  return answer;
}

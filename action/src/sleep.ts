/** Waits `ms` milliseconds (the action's only timer; tests inject their own). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// The periodic jobs' common parts: the interval from the environment and the timer that runs one at a time.

/**
 * The interval in ms named by `name` in the environment: a whole number, 0 turning the job off. Unset, the job
 * runs every `defaultMs`, except under jest, where tests drive each job by calling it with their own `now`.
 */
export function jobIntervalFromEnv(name: string, defaultMs: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw !== undefined && raw !== '') {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`${name} must be a whole number, got "${raw}"`);
    return value;
  }
  return env.NODE_ENV === 'test' || env.JEST_WORKER_ID ? 0 : defaultMs;
}

/** Runs `run` every `intervalMs` (never two at once); the answer stops it and waits for a run under way. */
export function startPeriodicJob(
  run: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= run()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Sends a front-end error to the server's log (POST /api/clientLog). Never throws. */
export function sendClientLog(
  level: 'error' | 'warn' | 'info',
  message: string,
  context: Record<string, unknown> = {},
): void {
  try {
    void fetch('/api/clientLog', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ level, message: message.slice(0, 2000), context }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Logging must never break the page.
  }
}

/** SPEC §2/§8: the text a failed page load is logged with. */
export const DYNAMIC_PAGE_LOADING_FAILED = 'Dynamic page loading failed';

// Shared by the PDF build and the check of the notes to print, which both work a slice at a time.

/**
 * Lets the browser paint and take input, and lets the page's other tasks run: a plain macrotask (a MessageChannel
 * message, or setTimeout where there is none). Not scheduler.yield: its continuations outrank every other task, so
 * a build of 200 notes starved the page's timers and React's own render tasks (the progress bar stood still and a
 * 50 ms interval fired 10 times in 3 s, bench/notes-frontend.mjs).
 */
export function yieldToEventLoop(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

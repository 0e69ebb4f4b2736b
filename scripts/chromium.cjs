// How the end-to-end tests and the benchmarks start Debian's Chromium (a browser download does not work here):
// CHROMIUM_PATH or /usr/bin/chromium, no sandbox as root, and none of its own background traffic.
function chromiumLaunchOptions() {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

module.exports = { chromiumLaunchOptions };

// findBy… and waitFor wait up to 10 s (testing-library's default is 1 s, which a loaded CI machine can take to
// render one antd page); a test still fails as soon as the wait runs out.
require('@testing-library/dom').configure({ asyncUtilTimeout: 10_000 });

// Browser APIs that antd uses and jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// jsdom logs "Not implemented" for pseudo-element styles, which antd asks for to measure scrollbars.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => computedStyle(element);
// The build label webpack's DefinePlugin puts in place.
// The build label webpack's DefinePlugin puts in place in an area's own code.
globalThis.__CARELANE_BUILD__ = 'test';
// antd's forms batch through MessageChannel, which jsdom lacks. Node's own keeps jest from exiting, so a
// setTimeout stand-in delivers each message to the other port.
if (!globalThis.MessageChannel) {
  class Port {
    onmessage = null;
    other = null;
    postMessage(data) {
      setTimeout(() => this.other?.onmessage?.({ data }), 0);
    }
    start() {}
    close() {}
  }
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      this.port1 = new Port();
      this.port2 = new Port();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  };
}

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

// jsdom logs "Not implemented" for pseudo-element styles, which antd's table asks for to measure scrollbars.
const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => jsdomGetComputedStyle(element);

// rc-select schedules its open/close through MessageChannel, which jest's jsdom lacks. A timer-based channel
// behaves the same for a test and follows jest's fake timers.
if (typeof window.MessageChannel === 'undefined') {
  class Port {
    constructor() {
      this.onmessage = null;
      this.other = null;
    }
    postMessage(data) {
      const target = this.other;
      setTimeout(() => target.onmessage?.({ data }), 0);
    }
    close() {}
  }
  window.MessageChannel = class MessageChannel {
    constructor() {
      this.port1 = new Port();
      this.port2 = new Port();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  };
}

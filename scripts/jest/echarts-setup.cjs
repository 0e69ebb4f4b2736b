// What an area's echarts charts (decision 031: AR health in mf-billing, the reports in mf-reports) need from a
// browser that jsdom does not have. The chart itself is not mocked: echarts draws it with its SVG renderer into the
// DOM, as in a browser.

// jsdom has no 2D canvas and logs "Not implemented" when asked for one. zrender asks for it only to measure
// text, and measures by its own character widths when there is none.
HTMLCanvasElement.prototype.getContext = function getContext() {
  return null;
};

// jsdom lays nothing out: every clientWidth / clientHeight is 0, and echarts draws nothing in a box of size 0.
// An echarts container gets what a browser gives it: the page's width (720 px, the chart's usual width) and
// the height its style sets. Every other element keeps jsdom's own answer.
const ECHARTS_CONTAINER = 'echarts-for-react';
const PAGE_WIDTH = 720;
for (const [property, size] of [
  ['clientWidth', () => PAGE_WIDTH],
  ['clientHeight', (element) => parseFloat(element.style.height) || 0],
]) {
  const jsdomGetter = Object.getOwnPropertyDescriptor(Element.prototype, property).get;
  Object.defineProperty(HTMLElement.prototype, property, {
    configurable: true,
    get() {
      return this.classList.contains(ECHARTS_CONTAINER) ? size(this) : jsdomGetter.call(this);
    },
  });
}

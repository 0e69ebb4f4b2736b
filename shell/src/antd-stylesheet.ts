// antd's styles as one cached stylesheet instead of CSS-in-JS generated at the first render of each component
// (docs/decisions/042-page-weight-and-lighthouse.md). The entry adds the stylesheet before any of our code
// runs and the bootstrap waits for it, so the theme (shared-ui's carelaneTheme reads the mark) knows before
// the first render whether antd may skip its run-time styles (`zeroRuntime`). A stylesheet that fails or is
// slow is taken away again: antd then generates its styles as before. No imports: the entry must not take
// shared modules.
import antdStylesheet from 'antd/dist/antd.css';

/** The attribute that marks the stylesheet; shared-ui/src/app-providers/theme.ts looks for it. */
export const ANTD_STYLESHEET_MARK = 'data-carelane-antd-styles';

/** How long the first page waits for the stylesheet before it renders with run-time styles instead. */
export const ANTD_STYLESHEET_WAIT_MS = 8_000;

/** Adds antd's stylesheet to <head>; resolves once it applies (true) or has been taken away (false). */
export function addAntdStylesheet(document: Document = window.document): Promise<boolean> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = antdStylesheet;
  link.setAttribute(ANTD_STYLESHEET_MARK, '');
  return new Promise<boolean>((resolve) => {
    const give = (loaded: boolean) => {
      clearTimeout(timer);
      if (!loaded) link.remove();
      resolve(loaded);
    };
    const timer = setTimeout(() => give(false), ANTD_STYLESHEET_WAIT_MS);
    link.addEventListener('load', () => give(true), { once: true });
    link.addEventListener('error', () => give(false), { once: true });
    // Before the page's own styles, so a rule of ours (or one antd still generates) wins on equal specificity.
    document.head.prepend(link);
  });
}

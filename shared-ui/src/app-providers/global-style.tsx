// Its own module: the shell's root renders it without AppProviders, whose antd App (message, notification,
// Modal) and error state the login page does not load.
/**
 * What the theme's tokens cannot say. The password field's show/hide icon and an input's clear icon are
 * 14 px targets: padded to 24 px (WCAG 2.2 AA, 2.5.8 target size). The padding reaches into the field's own
 * right padding, not leftwards over the text box, which is a target too. A text input's clear icon is a 12 px
 * button whose antd rule (padding 0, same specificity, injected after this sheet) won over the first rule: the
 * second one is more specific.
 */
export const GLOBAL_CSS = [
  '.ant-input-password-icon, .ant-input-affix-wrapper .ant-input-clear-icon { padding: 5px; margin: -5px -5px -5px 0; }',
  '.ant-input-affix-wrapper .ant-input-suffix > .ant-input-clear-icon { padding: 6px; margin: -6px -6px -6px 0; }',
].join('\n');

/**
 * The Carelane rules beyond the theme's tokens, as one <style> React hoists into <head> once however many
 * roots render it. AppProviders renders it; a root with its own providers (the shell's) renders it too.
 */
export function GlobalStyle() {
  return (
    <style href="carelane-global" precedence="default">
      {GLOBAL_CSS}
    </style>
  );
}

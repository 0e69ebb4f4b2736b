import type { ThemeConfig } from 'antd';

/**
 * Text colours darker than antd's defaults so every text reaches WCAG 2.2 AA (4.5:1) on every background the
 * theme uses (theme.test.ts checks each pair). antd's greys for secondary text, table notes and "No results"
 * (rgba 0.45) and for placeholders (0.25) give 3.3:1 and 1.8:1.
 */
const TEXT_DESCRIPTION = 'rgba(0, 0, 0, 0.58)';
const TEXT_PLACEHOLDER = 'rgba(0, 0, 0, 0.56)';

/**
 * Preset tag colours (`<Tag color="green">`) write their text in palette step 7 on step 1; for these colours
 * that is under 4.5:1, so their text takes step 8 or 9 of antd's own palette instead.
 */
const TAG_TEXT = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
};

/**
 * Whether antd's prebuilt stylesheet is on the page: the shell's entry adds it, marked, and takes it away
 * again if it does not load (shell/src/antd-stylesheet.ts). Then antd generates no styles at run time
 * (`zeroRuntime`: the first render of a page no longer builds and injects each component's CSS;
 * docs/decisions/042-page-weight-and-lighthouse.md). Elsewhere (tests, Storybook, an area run alone) antd
 * generates its styles as before.
 */
export function antdStylesheetOnPage(): boolean {
  return (
    typeof document !== 'undefined' && document.querySelector('link[data-carelane-antd-styles]') !== null
  );
}

/** The one Carelane theme: a calm teal primary on antd's default algorithm. */
export const carelaneTheme: ThemeConfig = {
  // Read when a ConfigProvider renders, so it is decided after the shell has waited for the stylesheet.
  get zeroRuntime() {
    return antdStylesheetOnPage();
  },
  token: {
    colorPrimary: '#0f766e',
    colorInfo: '#0f766e',
    colorLink: '#0f766e',
    // Hover darkens links and danger buttons: antd lightens them, below 4.5:1 on white.
    colorLinkHover: '#115e59',
    colorSuccess: '#237a3b',
    colorWarning: '#b45309',
    colorError: '#c92a2a',
    colorErrorHover: '#a61e1e',
    colorErrorTextHover: '#a61e1e',
    colorBgLayout: '#f5f8f8',
    colorTextTertiary: TEXT_DESCRIPTION,
    colorTextDescription: TEXT_DESCRIPTION,
    colorTextPlaceholder: TEXT_PLACEHOLDER,
    // antd derives the light tints from the seed colour, and for a dark teal, green or amber they come out a
    // muddy grey (#a8b5b2): selected menu items, alerts, tags and active controls get these light tints instead.
    colorPrimaryBg: '#e6f4f1',
    colorPrimaryBgHover: '#cde9e4',
    colorPrimaryBorder: '#99d3c9',
    colorPrimaryBorderHover: '#66bdb0',
    colorInfoBg: '#e6f4f1',
    colorInfoBgHover: '#cde9e4',
    colorInfoBorder: '#99d3c9',
    colorInfoBorderHover: '#66bdb0',
    colorSuccessBg: '#ebf7ed',
    colorSuccessBgHover: '#d7efdc',
    colorSuccessBorder: '#a7d8b2',
    colorSuccessBorderHover: '#7fc690',
    colorSuccessTextHover: '#1b6330',
    colorWarningBg: '#fff7e6',
    colorWarningBgHover: '#ffe7ba',
    colorWarningBorder: '#ffd591',
    colorWarningBorderHover: '#ffc069',
    colorWarningTextHover: '#8f3900',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 24px' },
    Table: { headerBg: '#eef5f4' },
    Tag: TAG_TEXT,
    // Days of the next and previous month are text a user reads, not disabled controls.
    Calendar: { colorTextDisabled: TEXT_PLACEHOLDER },
    DatePicker: { colorTextDisabled: TEXT_PLACEHOLDER },
    // The chosen values of a read-only multiple select are read (the provider types of an orientation).
    Select: { colorTextDisabled: TEXT_PLACEHOLDER, multipleItemColorDisabled: TEXT_PLACEHOLDER },
  },
};

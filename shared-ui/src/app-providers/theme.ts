import type { ThemeConfig } from 'antd';

/** The one Carelane theme: a calm teal primary on antd's default algorithm. */
export const carelaneTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorInfo: '#0f766e',
    colorLink: '#0f766e',
    colorSuccess: '#2f9e44',
    colorWarning: '#d97706',
    colorError: '#c92a2a',
    colorBgLayout: '#f5f8f8',
    // antd derives the light tints from the primary colour, and for a dark teal they come out a muddy grey
    // (#a8b5b2): selected menu items, info alerts and active controls get these light teals instead.
    colorPrimaryBg: '#e6f4f1',
    colorPrimaryBgHover: '#cde9e4',
    colorPrimaryBorder: '#99d3c9',
    colorPrimaryBorderHover: '#66bdb0',
    colorInfoBg: '#e6f4f1',
    colorInfoBgHover: '#cde9e4',
    colorInfoBorder: '#99d3c9',
    colorInfoBorderHover: '#66bdb0',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 24px' },
    Table: { headerBg: '#eef5f4' },
  },
};

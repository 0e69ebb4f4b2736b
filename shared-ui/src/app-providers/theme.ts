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
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 24px' },
    Table: { headerBg: '#eef5f4' },
  },
};

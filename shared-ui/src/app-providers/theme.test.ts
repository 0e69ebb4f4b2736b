import { theme, type ThemeConfig } from 'antd';
import { carelaneTheme } from './theme';

/** WCAG 2.2 AA, 1.4.3: text under 18pt needs 4.5:1 against what it is drawn on. */
const AA_TEXT = 4.5;

type Rgba = [number, number, number, number];

function parse(colour: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    const value = parseInt(digits, 16);
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255, 1];
  }
  const rgba = /^rgba?\(([^)]+)\)$/.exec(colour.replace(/\s/g, ''));
  if (!rgba) throw new Error(`not a colour this test reads: ${colour}`);
  const [r, g, b, a = 1] = rgba[1]!.split(',').map(Number);
  return [r!, g!, b!, a];
}

/** A colour drawn over an opaque background. */
function over(colour: string, [br, bg, bb]: Rgba): Rgba {
  const [r, g, b, a] = parse(colour);
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const [lr, lg, lb] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
}

function contrast(text: string, background: string): number {
  const opaque = over(background, [255, 255, 255, 1]);
  const [a, b] = [luminance(over(text, opaque)), luminance(opaque)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

const token = theme.getDesignToken(carelaneTheme) as unknown as Record<string, string>;
const components = carelaneTheme.components as Record<string, Record<string, string>>;
const componentToken = (component: keyof NonNullable<ThemeConfig['components']>, key: string): string =>
  components[component]?.[key] ?? token[key]!;

const BACKGROUNDS: Record<string, string> = {
  'a container': token.colorBgContainer!,
  'the page': token.colorBgLayout!,
  'a popup': token.colorBgElevated!,
  'a table header': componentToken('Table', 'headerBg'),
  'a sorted column or striped row': token.colorFillAlter!,
  'a selected row or menu item': token.colorPrimaryBg!,
};
const TEXTS = [
  'colorText',
  'colorTextSecondary',
  'colorTextLabel',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextPlaceholder',
  'colorPrimary',
  'colorLink',
  'colorLinkHover',
  'colorError',
  'colorErrorTextHover',
];
const PRESET_TAG_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
];

const pairs: [string, string, string][] = [
  ...TEXTS.flatMap((text) =>
    Object.entries(BACKGROUNDS).map(
      ([where, background]) => [`${text} on ${where}`, token[text]!, background] as [string, string, string],
    ),
  ),
  // Status tags, alerts and typography types: the status colour on its own tint and on white.
  ...['Success', 'Warning', 'Error', 'Info'].flatMap((status): [string, string, string][] => [
    [`color${status} on color${status}Bg`, token[`color${status}`]!, token[`color${status}Bg`]!],
    [`color${status} on white`, token[`color${status}`]!, '#ffffff'],
    [`color${status}TextHover on white`, token[`color${status}TextHover`]!, '#ffffff'],
  ]),
  // White text on solid buttons, badges and tags.
  ...[
    'colorPrimary',
    'colorPrimaryHover',
    'colorPrimaryActive',
    'colorError',
    'colorErrorHover',
    'colorSuccess',
  ].map((solid): [string, string, string] => [
    `white on ${solid}`,
    token.colorTextLightSolid!,
    token[solid]!,
  ]),
  // <Tag color="green"> and the other presets: palette step 7 (the text) on step 1 (the tag).
  ...PRESET_TAG_COLOURS.map((colour): [string, string, string] => [
    `Tag ${colour}`,
    componentToken('Tag', `${colour}7`),
    token[`${colour}1`]!,
  ]),
  [
    'Calendar: a day of the next month',
    componentToken('Calendar', 'colorTextDisabled'),
    token.colorBgContainer!,
  ],
  [
    'DatePicker: a day of the next month',
    componentToken('DatePicker', 'colorTextDisabled'),
    token.colorBgContainer!,
  ],
];

describe('the Carelane theme meets WCAG 2.2 AA contrast', () => {
  it.each(pairs)('%s', (_name, text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('reads colours the way WCAG computes them', () => {
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
  });
});

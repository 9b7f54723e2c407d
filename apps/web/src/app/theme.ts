import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

// A calm slate blue for a back office read all day.
const brand: MantineColorsTuple = [
  '#eef3fb',
  '#dce4f2',
  '#b6c7e3',
  '#8da8d4',
  '#6a8dc7',
  '#547cbf',
  '#4873bc',
  '#3962a6',
  '#305795',
  '#224b85',
];

/**
 * The light variant (status badges, light buttons, alerts) writes its text in the colour's darkest shade
 * on its palest tint in the light scheme, and in a pale shade on the dark: Mantine's default (shade 6 on a
 * tint of itself) reads below 4.5:1 for teal, green, yellow and orange (the last three darker still, `DARKENED`).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  const darkest = `var(--mantine-color-${parsed.color}-9)`;
  const dark = DARKENED[parsed.color];
  const text = dark ? `color-mix(in srgb, ${darkest} ${dark}%, black)` : darkest;
  return {
    ...colors,
    background: `light-dark(var(--mantine-color-${parsed.color}-0), ${colors.background})`,
    color: `light-dark(${text}, var(--mantine-color-${parsed.color}-2))`,
  };
};

/**
 * Colours whose darkest shade still reads below 4.5:1 on their palest tint (orange 3.9:1, green 4.1:1,
 * yellow about 3:1): their text is that shade mixed with black, this share of it kept (5.2 to 5.3:1).
 */
const DARKENED: Readonly<Record<string, number>> = { orange: 85, green: 85, yellow: 70 };

export const theme = createTheme({
  // People who asked their system for less motion get dialogs, menus and drawers without transitions.
  respectReducedMotion: true,
  variantColorResolver,
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: { light: 7, dark: 5 },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  headings: { fontWeight: '600' },
  components: {
    Paper: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md', withBorder: true } },
    // A field's several messages come as lines of one text (errorText): each on its own line. The
    // error element of switches and checkboxes is the same InputWrapper error.
    InputWrapper: { styles: { error: { whiteSpace: 'pre-line' } } },
  },
});

/** Secondary ("dimmed") and error text darker than Mantine's defaults, to meet WCAG AA contrast (4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
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

import { em, getBreakpointValue, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is a phone's: narrower than Mantine's `sm` breakpoint, where the drawer hides behind
 * the burger and lists turn into cards. The one place the web asks, so every screen agrees on the width.
 * Read at once, not after the first paint: a phone never sees the wide table flash.
 */
export function usePhone(): boolean {
  const theme = useMantineTheme();
  const below = em(getBreakpointValue('sm', theme.breakpoints) - 0.1);
  return useMediaQuery(`(max-width: ${below})`, false, { getInitialValueInEffect: false });
}

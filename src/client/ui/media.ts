import { BREAKPOINTS } from '#engine';

/** Media queries for the breakpoints of spec §9, mobile first (styles grow from xs upwards). */
export const media = {
  sm: `screen and (min-width: ${BREAKPOINTS.sm}px)`,
  md: `screen and (min-width: ${BREAKPOINTS.md}px)`,
  lg: `screen and (min-width: ${BREAKPOINTS.lg}px)`,
  xl: `screen and (min-width: ${BREAKPOINTS.xl}px)`,
} as const;

/** Named, mobile-first breakpoints. "Narrow" (spec 2) is under 640 px. */
const breakpoints = { wide: 640, desktop: 1024 } as const;

export const media = {
  /** 640 px and wider: everything that is not a narrow screen. */
  wide: `@media (min-width: ${breakpoints.wide}px)`,
  narrow: `@media (max-width: ${breakpoints.wide - 0.02}px)`,
  desktop: `@media (min-width: ${breakpoints.desktop}px)`,
} as const;

/** Media query string for window.matchMedia: true on narrow screens. */
export const NARROW_QUERY = `(max-width: ${breakpoints.wide - 0.02}px)`;

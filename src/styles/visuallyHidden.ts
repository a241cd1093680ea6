import { css } from 'styled-components';

/**
 * Out of sight, still read by screen readers (and reachable by Tab, for a focusable element):
 * the one definition, used by the global `.visually-hidden` class (GlobalStyle.ts) and by the
 * components that hide an element only at some widths or in some states.
 */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;

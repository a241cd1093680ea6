import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/styles/theme';

/** Shared UI needs only the theme: no store or router, so these tests stay independent of the screens. */
export function renderWithTheme(ui: ReactElement) {
  const Wrapper = ({ children }: { children: ReactNode }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>;
  return { user: userEvent.setup(), ...render(ui, { wrapper: Wrapper }) };
}

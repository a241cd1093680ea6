import styled, { css } from 'styled-components';
import type { DefaultTheme } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $fullWidth?: boolean;
}

const variantStyles = (theme: DefaultTheme, variant: ButtonVariant = 'primary') => {
  switch (variant) {
    case 'secondary':
      return css`
        background: ${theme.colors.surface};
        color: ${theme.colors.primary};
        border-color: ${theme.colors.primary};
        &:hover:not(:disabled) { background: ${theme.colors.primaryLight}; }
      `;
    case 'danger':
      return css`
        background: ${theme.colors.error};
        color: ${theme.colors.onPrimary};
        &:hover:not(:disabled) { filter: brightness(0.9); }
      `;
    case 'ghost':
      return css`
        background: transparent;
        color: ${theme.colors.primary};
        &:hover:not(:disabled) { background: ${theme.colors.primaryLight}; }
      `;
    default:
      return css`
        background: ${theme.colors.primary};
        color: ${theme.colors.onPrimary};
        &:hover:not(:disabled) { background: ${theme.colors.primaryHover}; }
      `;
  }
};

export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-decoration: none;
  cursor: pointer;
  transition: background 0.15s ease;
  ${({ theme, $variant }) => variantStyles(theme, $variant)}
  &:disabled {
    cursor: not-allowed;
    background: ${({ theme }) => theme.colors.disabled};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Button = styled.button.attrs<ButtonStyleProps>((props) => ({ type: props.type ?? 'button' }))`
  ${buttonStyles}
`;

/** A plain link (e.g. a file download) that looks like a Button. */
export const ButtonAnchor = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A square icon-only button; the aria-label is its accessible name. */
export const IconButton = styled.button
  .attrs((props) => ({ type: props.type ?? 'button' }))<{ 'aria-label': string }>`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.size.lg};
  cursor: pointer;
  &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.primaryLight}; }
  &:disabled { color: ${({ theme }) => theme.colors.disabled}; cursor: not-allowed; }
`;

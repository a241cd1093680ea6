import { Link } from 'react-router';
import styled from 'styled-components';
import { buttonStyles, type ButtonStyleProps } from '@/components/Button';

/** A react-router link that looks like a Button (a file of its own: a page outside the router, src/visitor.tsx, uses Button). */
export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

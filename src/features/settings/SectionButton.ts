import styled from 'styled-components';

/** A narrow screen's row that opens one Settings section (its own modal): a card-like button. */
export const SectionButton = styled.button`
  display: flex;
  align-items: center;
  width: 100%;
  min-height: 56px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  text-align: start;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.primaryLight}; }
`;

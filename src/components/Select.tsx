import styled from 'styled-components';

/** The app's native <select>, shared by the goal and previous-hours selectors. */
export const Select = styled.select`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.font.size.md};
`;

export const SelectField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

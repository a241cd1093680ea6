import styled from 'styled-components';

/** A checkbox with its words beside it, in one label: the whole row is a 44 px touch target. */
export const CheckboxRow = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  input {
    width: 22px;
    height: 22px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

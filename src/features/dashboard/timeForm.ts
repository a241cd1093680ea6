/** What the add-time and edit-day modals share: the form's layout and the check on field text. */
import styled from 'styled-components';

/** Empty means 0 (spec 5); anything else must be digits, e.g. text that got past the inputs' key filter. */
export const isDigitsOrEmpty = (text: string) => /^\d*$/.test(text.trim());

export const TimeForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

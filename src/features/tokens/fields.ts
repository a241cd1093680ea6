import styled from 'styled-components';
import { FieldStack } from '@/components/FieldStack';

/** A labelled input of the tokens' form, as Settings' other forms lay them out. */
export const Field = styled(FieldStack)`
  input,
  select {
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

export const Explanation = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

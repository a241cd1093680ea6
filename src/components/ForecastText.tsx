import styled from 'styled-components';
import { ErrorText } from '@/components/StatusMessage';

export type ForecastTextState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; sentence: string };

/** The level forecast sentence; it keeps its line while loading so nothing below it moves. */
export function ForecastText({ state }: { state: ForecastTextState }) {
  if (state.status === 'error') return <ErrorText>Error loading the forecast</ErrorText>;
  return <Line aria-busy={state.status === 'loading'}>{state.status === 'ready' ? state.sentence : 'Loading...'}</Line>;
}

const Line = styled.p`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primaryLight};
  border-radius: ${({ theme }) => theme.radius.sm};
`;

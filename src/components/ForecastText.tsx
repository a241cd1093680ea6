import styled from 'styled-components';
import { ErrorText } from '@/components/StatusMessage';
import { useT } from '@/i18n/I18nProvider';

export type ForecastTextState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; sentence: string };

/** The level forecast sentence; it keeps its line while loading so nothing below it moves. */
export function ForecastText({ state }: { state: ForecastTextState }) {
  const t = useT();
  if (state.status === 'error') return <ErrorText>{t('components.forecastError')}</ErrorText>;
  return <Line aria-busy={state.status === 'loading'}>{state.status === 'ready' ? state.sentence : t('common.loading')}</Line>;
}

const Line = styled.p`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primaryLight};
  border-radius: ${({ theme }) => theme.radius.sm};
`;

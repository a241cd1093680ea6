import styled from 'styled-components';
import { ErrorText } from '@/components/StatusMessage';
import { useT } from '@/i18n/I18nProvider';

export interface Problem {
  line: number;
  message: string;
}

/** The server's reasons for refusing a file, by line, so the learner can fix the file and try again. */
export function ImportProblems({ problems, hint }: { problems: Problem[]; /** A way on that needs no change to the file. */ hint?: string }) {
  const t = useT();
  return (
    <div>
      <ErrorText>{t('settings.importProblems.intro')}</ErrorText>
      {hint && <Hint>{hint}</Hint>}
      <List>
        {problems.map((p, i) => (
          <li key={i}>{p.line > 0 ? t('settings.importProblems.line', { line: p.line, message: p.message }) : p.message}</li>
        ))}
      </List>
    </div>
  );
}

const Hint = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const List = styled.ul`
  max-height: 240px;
  overflow-y: auto;
  padding-inline-start: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

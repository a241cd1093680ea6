import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@/api/hooks';
import { Button } from '@/components/Button';
import { ErrorLine } from '@/components/StatusMessage';
import { formatLongDate } from '@/lib/calendar';
import { useT } from '@/i18n/I18nProvider';
import { SKILL_NAMES } from '@/lib/skills';
import { formatHm } from '@/lib/time';
import { discardRequested } from './outbox';
import { addedMinutes } from './optimistic';
import { selectRefused } from './syncSlice';

/**
 * Adds the server refused after they left the add-time modal (sent later, from the outbox):
 * what was not added and the server's reason, with the way to fix the day or let it go.
 */
export function RefusedAdds({ onEditDay }: { onEditDay: (date: string) => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const refused = useAppSelector(selectRefused);
  if (refused.length === 0) return null;
  return (
    <List aria-label={t('app.refused.label')}>
      {refused.map((entry) => {
        const added = addedMinutes(entry.body);
        const date = formatLongDate(entry.body.date);
        const text = added
          ? t('app.refused.minutes', { duration: formatHm(added.minutes), skill: SKILL_NAMES[added.skill], date })
          : t('app.refused.time', { date });
        return (
          <Item key={entry.key}>
            <p>{text}</p>
            <ErrorLine>{entry.message}</ErrorLine>
            <Actions>
              <Button $variant="secondary" onClick={() => onEditDay(entry.body.date)}>
                {t('app.refused.editDay')}
              </Button>
              <Button $variant="secondary" onClick={() => dispatch(discardRequested(entry.key))}>
                {t('app.refused.discard')}
              </Button>
            </Actions>
          </Item>
        );
      })}
    </List>
  );
}

const List = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.sm} 0;
  padding: 0;
`;

const Item = styled.li`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

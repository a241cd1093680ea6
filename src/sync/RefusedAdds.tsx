import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@/api/hooks';
import { Button } from '@/components/Button';
import { ErrorLine } from '@/components/StatusMessage';
import { formatLongDate } from '@/lib/calendar';
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
  const dispatch = useAppDispatch();
  const refused = useAppSelector(selectRefused);
  if (refused.length === 0) return null;
  return (
    <List aria-label="Adds not saved">
      {refused.map((entry) => {
        const added = addedMinutes(entry.body);
        const what = added ? `${formatHm(added.minutes)} of ${SKILL_NAMES[added.skill]}` : 'Time';
        return (
          <Item key={entry.key}>
            <p>
              {what} on {formatLongDate(entry.body.date)} was not added.
            </p>
            <ErrorLine>{entry.message}</ErrorLine>
            <Actions>
              <Button $variant="secondary" onClick={() => onEditDay(entry.body.date)}>
                Edit day
              </Button>
              <Button $variant="secondary" onClick={() => dispatch(discardRequested(entry.key))}>
                Discard
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

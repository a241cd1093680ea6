import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { onUpdateWaiting, updateNow } from './serviceWorker';

/** A new version of the app is installed: the learner chooses when to reload into it. */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => onUpdateWaiting(setWaiting), []);
  if (!waiting) return null;
  return (
    <Bar role="status">
      <p>A new version of LinguaLog is ready.</p>
      <Button $variant="secondary" onClick={updateNow}>
        Reload
      </Button>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
`;

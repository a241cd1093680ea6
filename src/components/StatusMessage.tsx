import styled from 'styled-components';

/** 'Loading...' and 'Error loading ...' texts (spec 4, 8), announced to screen readers. */
export const StatusText = styled.p`
  padding: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export function Loading() {
  return <StatusText role="status">Loading...</StatusText>;
}

export function LoadingScreen() {
  return (
    <FullHeight>
      <Loading />
    </FullHeight>
  );
}

const FullHeight = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
`;

/** Red italic error text (spec 8). */
export const ErrorText = styled.p.attrs({ role: 'alert' })`
  color: ${({ theme }) => theme.colors.error};
  font-style: italic;
  margin: ${({ theme }) => theme.space.sm} 0;
`;

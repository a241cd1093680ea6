import styled from 'styled-components';

/** A full-width line across the top of a screen, its message and its one action centred (the network banner, the update prompt). */
export const BannerBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
`;

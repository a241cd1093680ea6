import styled from 'styled-components';

interface ProgressBarProps {
  value: number;
  max: number;
  label: string;
  /** The filled part is drawn only when value/max exceeds this share (spec 5: the level bar); 0 draws any progress at all. */
  minVisibleRatio?: number;
  /** What a screen reader says for the value, e.g. '12 of 30 minutes'; the percentage otherwise. */
  valueText?: string;
}

export function ProgressBar({ value, max, label, minVisibleRatio = 0.02, valueText }: ProgressBarProps) {
  const shown = Math.max(0, Math.min(value, max));
  const ratio = max > 0 ? shown / max : 0;
  const fill = ratio > minVisibleRatio ? ratio : 0;
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={shown}
      aria-valuetext={valueText ?? `${Math.round(ratio * 100)}%`}
    >
      {fill > 0 && <Fill data-testid="progress-fill" style={{ width: `${fill * 100}%` }} $sliver={minVisibleRatio === 0} />}
    </Track>
  );
}

const Track = styled.div`
  width: 100%;
  height: 14px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primaryLight};
`;

const Fill = styled.div<{ $sliver: boolean }>`
  height: 100%;
  /* Small progress stays visible: 10 minutes of a 12-hour goal would be a few tenths of a pixel. */
  min-width: ${({ $sliver }) => ($sliver ? '8px' : '0')};
  border-radius: inherit;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 0.3s ease;
`;

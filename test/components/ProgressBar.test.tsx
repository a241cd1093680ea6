import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from '@/components/ProgressBar';
import { renderWithTheme } from './renderWithTheme';

describe('ProgressBar', () => {
  it('reports its value, bounds and label to assistive technology', () => {
    renderWithTheme(<ProgressBar value={20} max={30} label="Daily goal progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Daily goal progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '30');
  });

  it('speaks its value as a percentage, or as the words it is given', () => {
    renderWithTheme(<ProgressBar value={0.25} max={1} label="Progress to Level 1" />);
    expect(screen.getByRole('progressbar', { name: 'Progress to Level 1' })).toHaveAttribute('aria-valuetext', '25%');
    renderWithTheme(<ProgressBar value={20} max={30} label="Daily goal" valueText="0h 20m of 0h 30m" />);
    expect(screen.getByRole('progressbar', { name: 'Daily goal' })).toHaveAttribute('aria-valuetext', '0h 20m of 0h 30m');
  });

  it('caps the displayed value at the maximum (spec 5)', () => {
    renderWithTheme(<ProgressBar value={95} max={30} label="Daily goal progress" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByTestId('progress-fill')).toHaveStyle({ width: '100%' });
  });

  it('draws the filled part only above the visibility threshold', () => {
    const { rerender } = renderWithTheme(<ProgressBar value={1} max={100} label="Level progress" minVisibleRatio={0.02} />);
    expect(screen.queryByTestId('progress-fill')).not.toBeInTheDocument();
    rerender(<ProgressBar value={3} max={100} label="Level progress" minVisibleRatio={0.02} />);
    expect(screen.getByTestId('progress-fill')).toHaveStyle({ width: '3%' });
  });
});

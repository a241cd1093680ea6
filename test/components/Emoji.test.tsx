import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Emoji } from '@/components/Emoji';
import { Mascot } from '@/components/Mascot';
import { PreviousHoursSelect } from '@/components/PreviousHoursSelect';
import { renderWithTheme } from './renderWithTheme';

describe('text equivalents of pictures', () => {
  it('names each emoji for screen readers', () => {
    renderWithTheme(
      <>
        <Emoji kind="happy" />
        <Emoji kind="neutral" />
        <Emoji kind="sad" label="Goal missed" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Happy face' })).toHaveTextContent('😊');
    expect(screen.getByRole('img', { name: 'Neutral face' })).toHaveTextContent('😐');
    expect(screen.getByRole('img', { name: 'Goal missed' })).toHaveTextContent('😞');
  });

  it('shows the mascot image with alternative text', () => {
    renderWithTheme(<Mascot />);
    expect(screen.getByRole('img', { name: /mascot/i })).toHaveAttribute('src', '/mascot.svg');
  });
});

describe('previous hours selector (spec 5)', () => {
  it('offers multiples of 10 from 0 to 2000', () => {
    renderWithTheme(<PreviousHoursSelect id="prev" label="Hours" value={120} onChange={() => {}} />);
    const select = screen.getByLabelText('Hours');
    const values = Array.from((select as HTMLSelectElement).options, (o) => Number(o.value));
    expect(values).toHaveLength(201);
    expect(values[0]).toBe(0);
    expect(values.at(-1)).toBe(2000);
    expect(values.every((v) => v % 10 === 0)).toBe(true);
    expect(select).toHaveValue('120');
  });
});

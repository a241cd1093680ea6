import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DigitsInput, HoursMinutesInput } from '@/components/DigitsInput';
import { renderWithTheme } from './renderWithTheme';

function Single() {
  const [value, setValue] = useState('');
  return <DigitsInput id="mins" label="Minutes" value={value} onChange={setValue} />;
}

function Pair() {
  const [hours, setHours] = useState('');
  const [minutes, setMinutes] = useState('');
  return (
    <HoursMinutesInput idPrefix="listening" legend="Listening" hours={hours} minutes={minutes} onHoursChange={setHours} onMinutesChange={setMinutes} />
  );
}

describe('digits-only inputs (spec 5)', () => {
  it('accepts digit key presses and blocks every other character', async () => {
    const { user } = renderWithTheme(<Single />);
    const input = screen.getByLabelText('Minutes');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '1a-2.e 3');
    expect(input).toHaveValue('123');
  });

  it('still allows editing keys such as Backspace and arrows', async () => {
    const { user } = renderWithTheme(<Single />);
    const input = screen.getByLabelText('Minutes');
    await user.type(input, '456{Backspace}{ArrowLeft}9');
    expect(input).toHaveValue('495');
  });

  it('allows a paste of digits only and blocks a paste with anything else', async () => {
    const { user } = renderWithTheme(<Single />);
    const input = screen.getByLabelText('Minutes');
    await user.click(input);
    await user.paste('12x');
    expect(input).toHaveValue('');
    await user.paste('-5');
    expect(input).toHaveValue('');
    await user.paste('45');
    expect(input).toHaveValue('45');
  });

  it('groups labelled Hours and Minutes fields under a legend', async () => {
    const { user } = renderWithTheme(<Pair />);
    const group = screen.getByRole('group', { name: 'Listening' });
    expect(group).toBeInTheDocument();
    await user.type(screen.getByLabelText('Hours'), '2h');
    await user.type(screen.getByLabelText('Minutes'), '30');
    expect(screen.getByLabelText('Hours')).toHaveValue('2');
    expect(screen.getByLabelText('Minutes')).toHaveValue('30');
  });
});

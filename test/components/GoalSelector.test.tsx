import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { GoalSelector } from '@/components/GoalSelector';
import { renderWithTheme } from './renderWithTheme';

function Harness({ initial }: { initial: number }) {
  const [goal, setGoal] = useState(initial);
  return (
    <>
      <GoalSelector idPrefix="goal" value={goal} onChange={setGoal} />
      <output aria-label="goal minutes">{goal}</output>
    </>
  );
}

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => Number((o as HTMLOptionElement).value));

describe('daily goal selectors (spec 5)', () => {
  it('offers hours 0 to 12 and shows the current goal', () => {
    renderWithTheme(<Harness initial={90} />);
    expect(optionsOf('Hours')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(screen.getByLabelText('Hours')).toHaveValue('1');
    expect(screen.getByLabelText('Minutes')).toHaveValue('30');
  });

  it('does not offer 0 minutes with 0 hours (minimum goal 5 minutes)', () => {
    renderWithTheme(<Harness initial={30} />);
    expect(optionsOf('Minutes')).toEqual([5, 10, 15, 20, 30, 45, 50, 55]);
  });

  it('offers only 0 minutes with 12 hours (maximum 12 hours)', async () => {
    const { user } = renderWithTheme(<Harness initial={105} />);
    expect(optionsOf('Minutes')).toEqual([0, 5, 10, 15, 20, 30, 45, 50, 55]);
    await user.selectOptions(screen.getByLabelText('Hours'), '12');
    expect(optionsOf('Minutes')).toEqual([0]);
    expect(screen.getByLabelText('goal minutes')).toHaveTextContent('720');
  });

  it('picks the nearest offered minutes when 0 hours rules out 0 minutes', async () => {
    const { user } = renderWithTheme(<Harness initial={120} />);
    await user.selectOptions(screen.getByLabelText('Hours'), '0');
    expect(screen.getByLabelText('Minutes')).toHaveValue('5');
    expect(screen.getByLabelText('goal minutes')).toHaveTextContent('5');
  });

  it('shows a goal off the steps as it is (40 minutes), and a change of the hours alone keeps its minutes', async () => {
    const { user } = renderWithTheme(<Harness initial={40} />);
    expect(screen.getByLabelText('Minutes')).toHaveValue('40');
    expect(optionsOf('Minutes')).toEqual([5, 10, 15, 20, 30, 40, 45, 50, 55]);
    await user.selectOptions(screen.getByLabelText('Hours'), '1');
    expect(screen.getByLabelText('Minutes')).toHaveValue('40');
    expect(screen.getByLabelText('goal minutes')).toHaveTextContent('100');
  });

  it('combines the chosen minutes with the hours', async () => {
    const { user } = renderWithTheme(<Harness initial={60} />);
    await user.selectOptions(screen.getByLabelText('Minutes'), '45');
    expect(screen.getByLabelText('goal minutes')).toHaveTextContent('105');
  });
});

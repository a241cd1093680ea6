import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Mascot } from '@/components/Mascot';
import { useOnServerReturn } from '@/components/useOnServerReturn';
import { renderWithTheme } from './renderWithTheme';

describe('recovering when the server returns, without a click', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again after 1 s, 2 s, then every 4 s, and acts once the server answers', async () => {
    let up = false;
    const answers = vi.fn(async () => up);
    const onReturn = vi.fn();
    renderHook(() => useOnServerReturn(true, answers, onReturn));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(answers).toHaveBeenCalledTimes(3);
    expect(onReturn).not.toHaveBeenCalled();
    up = true;
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(onReturn).toHaveBeenCalledTimes(1);
  });

  it("asks at once when the browser is back online, and never while nothing waits for the server", async () => {
    const answers = vi.fn(async () => true);
    const onReturn = vi.fn();
    const { rerender } = renderHook(({ waiting }) => useOnServerReturn(waiting, answers, onReturn), { initialProps: { waiting: false } });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(answers).not.toHaveBeenCalled();
    rerender({ waiting: true });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    expect(onReturn).toHaveBeenCalledTimes(1);
  });
});

describe('the mascot without the server', () => {
  it('leaves its place empty instead of showing its alt text when the picture cannot load', () => {
    renderWithTheme(<Mascot size={88} />);
    fireEvent.error(screen.getByRole('img', { name: /mascot/i }));
    expect(screen.queryByRole('img', { name: /mascot/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/mascot/i)).not.toBeInTheDocument();
  });
});

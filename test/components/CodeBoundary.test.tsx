/**
 * Issue #45: a part of the dashboard whose code is its own chunk (the pie's drawing, a dialog) that
 * cannot load leaves the rest of the screen as it is, and is tried again once the browser is online.
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeBoundary, retryableLazy } from '@/components/CodeBoundary';

/** A lazy part whose first `failures` loads fail as an import does offline. */
function flakyPart(failures: number) {
  let attempts = 0;
  const load = () => {
    attempts += 1;
    if (attempts <= failures) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    return Promise.resolve({ default: () => <p>The drawing</p> });
  };
  return { part: retryableLazy(load), attempts: () => attempts };
}

describe('a part whose code cannot load', () => {
  it('gives way alone, with its own words, while the screen around it stays', async () => {
    const { part } = flakyPart(1);
    render(
      <main>
        <h1>Dashboard</h1>
        <CodeBoundary failed={<p role="alert">Not loaded</p>} onRetry={part.retry}>
          {() => <part.Component />}
        </CodeBoundary>
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Not loaded');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('is tried again when the browser is back online, and then shown', async () => {
    const { part, attempts } = flakyPart(1);
    render(
      <CodeBoundary failed={<p role="alert">Not loaded</p>} onRetry={part.retry}>
        {() => <part.Component />}
      </CodeBoundary>,
    );
    await screen.findByRole('alert');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('The drawing')).toBeInTheDocument();
    expect(attempts()).toBe(2);
  });
});

// The shared clock rests in a hidden tab: no tick (no render) while the page is hidden, and on return the timers
// show the right time at once, before the next second.
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ElapsedTime } from '../../src/components/countdown.tsx';
import { useNow } from '../../src/lib/use-now.ts';

const START = Date.parse('2026-03-02T10:00:00Z');
let hidden = false;

function setHidden(value: boolean): void {
  hidden = value;
  document.dispatchEvent(new Event('visibilitychange'));
}

// Renders are counted by React's Profiler: each commit of the probe's subtree.
let renders = 0;
function countRender(): void {
  renders += 1;
}
function ClockProbe() {
  const now = useNow();
  return (
    <Profiler id="probe" onRender={countRender}>
      <span data-testid="probe">{now}</span>
    </Profiler>
  );
}

beforeEach(() => {
  vi.useFakeTimers({
    now: START,
    toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
  });
  hidden = false;
  renders = 0;
  vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the shared clock in a hidden tab', () => {
  it('stops ticking while the page is hidden and shows the right time at once on return', () => {
    render(
      <>
        <ElapsedTime label="Time since door" since={new Date(START - 60_000).toISOString()} />
        <ClockProbe />
      </>,
    );
    const timer = screen.getByRole('timer', { name: /Time since door/ });
    expect(timer).toHaveTextContent('0:01:00');

    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(timer).toHaveTextContent('0:01:02');
    const rendersWhileVisible = renders;

    act(() => {
      setHidden(true);
    });
    act(() => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    // Ten minutes hidden: not one tick, not one render, and no interval left waiting.
    expect(renders).toBe(rendersWhileVisible);
    expect(timer).toHaveTextContent('0:01:02');
    expect(vi.getTimerCount()).toBe(0);

    act(() => {
      setHidden(false);
    });
    // Back in view: the time shown is right without waiting for the next second.
    expect(timer).toHaveTextContent('0:11:02');
    expect(screen.getByTestId('probe')).toHaveTextContent(String(START + 2_000 + 10 * 60_000));

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(timer).toHaveTextContent('0:11:03');
  });

  it('does not start ticking when a timer first appears in a hidden tab', () => {
    hidden = true;
    render(<ElapsedTime label="Time since door" since={new Date(START).toISOString()} />);
    const timer = screen.getByRole('timer', { name: /Time since door/ });
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(timer).toHaveTextContent('0:00:00');
    act(() => {
      setHidden(false);
    });
    expect(timer).toHaveTextContent('0:00:05');
  });
});

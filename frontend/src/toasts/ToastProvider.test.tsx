import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './ToastProvider';

function Trigger() {
  const toast = useToast();
  let n = 0;
  return <button onClick={() => toast({ message: `toast ${++n}` })}>add</button>;
}

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('shows at most 3 at once and dismisses each after 5 s', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    for (let i = 0; i < 4; i += 1) act(() => screen.getByText('add').click());
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual(['toast 2', 'toast 3', 'toast 4']);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getAllByTestId('toast')).toHaveLength(3);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});

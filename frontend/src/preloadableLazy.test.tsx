import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadableLazy';

const Page = () => <p>the page</p>;

describe('preloadableLazy', () => {
  it('renders a preloaded component at once, without its fallback', async () => {
    const Lazy = preloadableLazy(() => Promise.resolve({ default: Page }));
    await Lazy.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback until a component that was not preloaded is in', async () => {
    const Lazy = preloadableLazy(() => Promise.resolve({ default: Page }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('fetches the chunk once, and again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page });
    const Lazy = preloadableLazy(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

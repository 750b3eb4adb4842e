import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy component whose chunk can be fetched before it first renders. */
export type PreloadableLazy<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches the chunk (once); resolves when the component can render without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy with a preload(). Once the chunk is in, the component renders at once: lazy() would
 * otherwise suspend on its first render even for a loaded chunk (a promise always answers a tick
 * later), commit its Suspense fallback, and React holds the reveal of what follows a fallback for
 * up to 300 ms. A thenable that answers at once is what lazy() reads synchronously.
 */
export function preloadableLazy<P>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableLazy<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a later render or preload tries again
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => {
    const module = loaded;
    if (!module) return preload();
    const answered = { then: (resolve: (value: typeof module) => void) => resolve(module) };
    return answered as unknown as Promise<typeof module>;
  });
  return Object.assign(component, { preload });
}

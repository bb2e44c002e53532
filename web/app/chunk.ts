import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A screen's chunk that the first load may start early (app/prefetch.ts) and a route renders (React.lazy). Once the
 * module is here, the lazy component gets it in the same render: React then renders the first screen in one pass,
 * in slices (main.tsx renders it as a transition), instead of suspending at each level, showing the fallback and
 * holding each reveal about 300 ms (issue 30: the dashboards' first load).
 */
export interface Chunk {
  /** Starts loading the chunk (once); resolves when its module is here. */
  preload(): Promise<unknown>;
  Component: LazyExoticComponent<ComponentType>;
}

export function chunk(load: () => Promise<{ default: ComponentType }>): Chunk {
  let module: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => (module = m),
      (err: unknown) => {
        // A failed download may be tried again by the next render.
        loading = undefined;
        throw err;
      },
    ));
  // A thenable that answers at once when the module is already here: React.lazy reads it without suspending.
  const Component = lazy(() => (module ? ({ then: (done: (m: { default: ComponentType }) => void) => done(module!) } as unknown as Promise<{ default: ComponentType }>) : preload()));
  return { preload, Component };
}

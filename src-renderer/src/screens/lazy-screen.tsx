import { lazy, type ComponentType } from 'react';

/**
 * A screen's code that could not be downloaded. The likely cause is an update of the master
 * while the window stayed open (the old chunk is gone) or a master that is down; import()
 * keeps a failed module in the module map, so only a reload of the page tries again.
 */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ScreenLoadError';
  }
}

export interface LazyScreen {
  /** Renders the screen; suspends (Suspense fallback) until its code is in. */
  readonly View: ComponentType;
  /** Downloads the code without rendering; never rejects (a failure shows when the screen opens). */
  preload(): Promise<void>;
}

/**
 * A screen whose code downloads on first use or by preload(), so the first paint of Home
 * does not parse the other screens. Once the code is in, View renders the screen directly:
 * a preloaded screen opens without a fallback frame.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        throw new ScreenLoadError(error);
      },
    ));
  const Lazy = lazy(start);
  function LazyScreenView() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return {
    View: LazyScreenView,
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  };
}

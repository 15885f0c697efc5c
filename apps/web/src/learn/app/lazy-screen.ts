import { type ComponentType, createElement, lazy } from 'react';

/** A screen of the students' app: its address pattern, its component, and a way to fetch its code early. */
export type LazyScreen = {
  path: string;
  /** Starts the download once; settles when the screen can be drawn at once, or when the download failed. */
  start: () => Promise<void>;
  Page: ComponentType;
  /** The screen's module, as the build splits it (`lazy-pages.ts` names it for the preloads). */
  load: () => Promise<{ default: ComponentType }>;
};

/**
 * A lazily loaded screen whose download can start before React first draws it. Once its module has
 * arrived it is drawn at once. React.lazy would still suspend once, and React keeps a Suspense
 * fallback it has just revealed on screen for 300 ms, so a screen fetched early would show later, not
 * sooner.
 */
export function lazyScreen(path: string, load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      () => {
        // The failure shows when React.lazy asks for the module itself; a later start tries again.
        loading = undefined;
      },
    );
    return loading;
  };
  const Lazy = lazy(load);
  const Page = () => createElement(loaded ?? Lazy);
  return { path, start, Page, load };
}

import { createContext, useCallback, useContext, type RefObject } from 'react';

/** True between a menu choice and the chosen page's heading appearing (pages load lazily). */
export const HeadingFocusRequest = createContext<RefObject<boolean> | null>(null);

/**
 * The ref of a page's <h1>: after a menu choice the new page's heading takes focus, so a screen
 * reader announces it and Tab continues in the page; a first load or a link leaves focus alone.
 */
export function usePageHeadingRef() {
  const requestRef = useContext(HeadingFocusRequest);
  return useCallback(
    (heading: HTMLElement | null) => {
      if (!heading || !requestRef?.current) return;
      requestRef.current = false;
      heading.focus();
    },
    [requestRef],
  );
}

import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';

/** True between a menu choice and the chosen page's heading appearing (pages load lazily). */
export const HeadingFocusRequest = createContext<RefObject<boolean> | null>(null);

/**
 * The ref of a page's <h1>: after a menu choice the new page's heading takes focus, so a screen
 * reader announces it and Tab continues in the page; a first load or a link leaves focus alone.
 */
export function usePageHeadingFocus<T extends HTMLElement>(): RefObject<T | null> {
  const requestRef = useContext(HeadingFocusRequest);
  const headingRef = useRef<T | null>(null);
  useEffect(() => {
    // An effect, not a ref callback: effects run after the cleanups of the same commit, where the
    // closing mobile menu gives focus back to its button.
    if (!requestRef?.current || !headingRef.current) return;
    requestRef.current = false;
    headingRef.current.focus();
  }, [requestRef]);
  return headingRef;
}

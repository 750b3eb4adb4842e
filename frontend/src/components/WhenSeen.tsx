import { Box } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Whether an element has come near the viewport (and stays so once it has). Without
 * IntersectionObserver (tests), it is at once.
 */
export function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '100px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

/**
 * Renders its content once the place it takes comes near the viewport: what sits below the fold
 * of a phone (and its requests and code) waits until the user scrolls to it, so the first paint
 * has less to do. minHeight holds the place meanwhile.
 */
export function WhenSeen({ children, minHeight, testId }: { children: ReactNode; minHeight: number; testId: string }) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  return (
    <Box ref={ref} data-testid={testId} sx={seen ? undefined : { minHeight }}>
      {seen ? children : null}
    </Box>
  );
}

import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children in a second pass once the screen's first commit has been painted, as a transition: React
 * renders it in slices of a few milliseconds, so a long page's lower half does not make one long task with the top
 * (issue 14: total blocking time on the dashboards). It waits for the next frame and then a task, not only for the
 * commit: started from the commit's effect, the slices kept the browser from painting the top until the whole page
 * had rendered (Lighthouse saw the member dashboard's first paint 0.7 s after its first commit; issue 30). Use it
 * for the tail of a page only, whose arrival moves nothing above it.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return shown ? children : null;
}

import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children in a second pass after the screen's first commit, as a transition: React renders it in
 * slices of a few milliseconds, so a long page's lower half does not make one long task with the top (issue 14:
 * total blocking time on the dashboards). Use it for the tail of a page only, whose arrival moves nothing above it.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}

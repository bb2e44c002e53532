import { useEffect, useRef } from 'react';

/**
 * Runs an effect once per key, even under StrictMode's double mount: single-use tokens must be
 * sent to the server exactly once.
 */
export function useOnce(key: string | null, run: () => void | (() => void)) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || done.current === key) return;
    done.current = key;
    return run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

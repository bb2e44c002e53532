/**
 * An Intl formatter made on its first use, not when its module loads: each costs from a few to twenty milliseconds
 * on a phone (the locale's data), and a module that declares six held up the dashboards' first render (issue 14).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** Maps an iterable lazily: each value is produced when the consumer asks for it (nothing is held twice). */
export function* mapLazily<T, U>(values: Iterable<T>, f: (value: T) => U): Generator<U> {
  for (const v of values) yield f(v);
}

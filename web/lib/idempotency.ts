/**
 * A fresh Idempotency-Key for one money-moving request (decisions §6). crypto.randomUUID exists only in
 * secure contexts; a plain-http deployment falls back to 16 random bytes from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

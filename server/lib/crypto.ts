import { createHash, randomBytes, randomInt, createCipheriv, createDecipheriv } from 'node:crypto';

export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/**
 * A UUID whose first 48 bits are the milliseconds since the epoch (version 7, as `uuid_time_ordered()` in the
 * database, migration 0020): rows keyed by it land on the last pages of their indexes instead of a random page
 * of an index that grows with every purchase.
 */
export function timeOrderedUuid(ms: number = Date.now()): string {
  const b = randomBytes(16);
  let t = Math.floor(ms);
  for (let i = 5; i >= 0; i--) {
    b[i] = t % 256;
    t = Math.floor(t / 256);
  }
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** 32 random bytes, URL-safe (docs/spec/decisions.md §2). */
export const newToken = () => randomBytes(32).toString('base64url');

export function randomDigits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(0, 10));
  return out;
}

/** AES-256-GCM with a key derived from the app secret for one purpose; output is base64 iv|tag|ciphertext. */
export function sealFor(purpose: string, secret: string, plain: string): string {
  const key = createHash('sha256').update(`${purpose}:${secret}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function unsealFor(purpose: string, secret: string, payload: string): string {
  const key = createHash('sha256').update(`${purpose}:${secret}`).digest();
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** The mail outbox's sealing (purpose 'outbox'). */
export const encrypt = (secret: string, plain: string) => sealFor('outbox', secret, plain);
export const decrypt = (secret: string, payload: string) => unsealFor('outbox', secret, payload);

import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of identity numbers, payout details and KYC document bytes (issue 13, ADR 0011).
 *
 * AES-256-GCM with a random 96-bit IV, under a key derived with HKDF-SHA256 from an app secret. A value is stored
 * as a versioned envelope that names the key that sealed it:
 *
 *   text   `v1:<kid>:<iv>:<tag>:<ciphertext>` (each part base64url)
 *   bytes  the ASCII bytes `v1:<kid>:`, then iv (12 bytes), tag (16 bytes) and the ciphertext
 *
 * The additional data binds the envelope to its column (`users.pan_number`) and to its version and key id, so a
 * value copied into another column, or a header edited, fails to open. A keyring holds the current key (which
 * seals) and the previous ones (which still open), so the secret can change while rows sealed under the old one are
 * re-encrypted (`npm run keys:rotate`). Exact lookups (a PAN already registered) use an HMAC-SHA256 of the
 * normalised value under a second key derived from the same secret.
 */

export const ENVELOPE_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT = Buffer.from('binary-mlm/field-encryption', 'utf8');

export interface FieldKey {
  /** Short public name of the key: the first 8 base64url characters of a SHA-256 of the derived key. */
  id: string;
  enc: Buffer;
  mac: Buffer;
}

/** Why a stored value did not open: not an envelope, sealed under a key this process lacks, or altered. */
export class FieldDecryptError extends Error {
  constructor(
    public readonly reason: 'malformed' | 'unknown-key' | 'tampered',
    public readonly aad: string,
    public readonly keyId?: string,
  ) {
    super(`stored value of ${aad} did not open (${reason}${keyId ? `, key ${keyId}` : ''})`);
    this.name = 'FieldDecryptError';
  }
}

export function deriveFieldKey(secret: string): FieldKey {
  if (!secret) throw new Error('an empty secret cannot derive a field key');
  const ikm = Buffer.from(secret, 'utf8');
  const enc = Buffer.from(hkdfSync('sha256', ikm, SALT, 'aes-256-gcm field encryption v1', 32));
  const mac = Buffer.from(hkdfSync('sha256', ikm, SALT, 'hmac-sha256 field lookup v1', 32));
  const id = createHash('sha256').update('field key id v1:').update(enc).digest('base64url').slice(0, 8);
  return { id, enc, mac };
}

export class FieldKeyring {
  readonly current: FieldKey;
  /** The current key first, then the previous ones; each id once. */
  readonly keys: readonly FieldKey[];
  private readonly byId: Map<string, FieldKey>;

  constructor(current: FieldKey, previous: FieldKey[] = []) {
    this.current = current;
    this.byId = new Map();
    for (const k of [current, ...previous]) if (!this.byId.has(k.id)) this.byId.set(k.id, k);
    this.keys = [...this.byId.values()];
  }

  key(id: string): FieldKey | undefined {
    return this.byId.get(id);
  }

  /** The text prefix of every envelope sealed under the current key (`v1:<kid>:`). */
  get currentPrefix(): string {
    return `${ENVELOPE_VERSION}:${this.current.id}:`;
  }
}

/** A keyring from the current secret and any previous ones (APP_SECRET, APP_SECRET_PREVIOUS). */
export function fieldKeyring(current: string, previous: readonly string[] = []): FieldKeyring {
  return new FieldKeyring(deriveFieldKey(current), previous.filter((s) => s && s !== current).map(deriveFieldKey));
}

const additionalData = (keyId: string, aad: string) => Buffer.from(`${ENVELOPE_VERSION}:${keyId}:${aad}`, 'utf8');

function seal(key: FieldKey, aad: string, plain: Buffer) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.enc, iv);
  cipher.setAAD(additionalData(key.id, aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), body };
}

function open(ring: FieldKeyring, aad: string, keyId: string, iv: Buffer, tag: Buffer, body: Buffer): Buffer {
  const key = ring.key(keyId);
  if (!key) throw new FieldDecryptError('unknown-key', aad, keyId);
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new FieldDecryptError('malformed', aad, keyId);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.enc, iv);
    decipher.setAAD(additionalData(keyId, aad));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new FieldDecryptError('tampered', aad, keyId);
  }
}

const TEXT_ENVELOPE = /^v1:([A-Za-z0-9_-]{8}):([A-Za-z0-9_-]+):([A-Za-z0-9_-]+):([A-Za-z0-9_-]*)$/;

export function sealText(ring: FieldKeyring, aad: string, plain: string): string {
  const { iv, tag, body } = seal(ring.current, aad, Buffer.from(plain, 'utf8'));
  return `${ENVELOPE_VERSION}:${ring.current.id}:${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
}

export function isTextEnvelope(value: string): boolean {
  return TEXT_ENVELOPE.test(value);
}

/** The key id an envelope names, or null for anything else (a value stored before encryption). */
export function textKeyId(value: string): string | null {
  return TEXT_ENVELOPE.exec(value)?.[1] ?? null;
}

/**
 * Opened text envelopes, per keyring (a new ring starts empty, so a key dropped from the ring opens nothing more):
 * every signed-in request reads its user's row, whose sealed columns would otherwise be deciphered each time
 * (a decipher object per value, about a third of the work of GET /api/auth/user). An envelope is immutable (a new
 * value is a new envelope with a new IV), only envelopes that opened are kept, and at most OPENED_MAX of them.
 */
const OPENED_MAX = 20_000;
const opened = new WeakMap<FieldKeyring, Map<string, string>>();

export function openText(ring: FieldKeyring, aad: string, envelope: string): string {
  let cache = opened.get(ring);
  if (!cache) opened.set(ring, (cache = new Map()));
  const cacheKey = `${aad}\u0000${envelope}`;
  const hit = cache.get(cacheKey);
  if (hit !== undefined) return hit;
  const m = TEXT_ENVELOPE.exec(envelope);
  if (!m) throw new FieldDecryptError('malformed', aad);
  const [, keyId, iv, tag, body] = m;
  const plain = open(ring, aad, keyId, Buffer.from(iv, 'base64url'), Buffer.from(tag, 'base64url'), Buffer.from(body, 'base64url')).toString('utf8');
  if (cache.size >= OPENED_MAX) cache.delete(cache.keys().next().value!);
  cache.set(cacheKey, plain);
  return plain;
}

const BYTES_HEADER_LENGTH = ENVELOPE_VERSION.length + 1 + 8 + 1;

export function sealBytes(ring: FieldKeyring, aad: string, plain: Buffer): Buffer {
  const { iv, tag, body } = seal(ring.current, aad, plain);
  return Buffer.concat([Buffer.from(ring.currentPrefix, 'ascii'), iv, tag, body]);
}

/** The key id a sealed byte string names, or null for bytes stored before encryption (a JPEG, PNG or PDF). */
export function bytesKeyId(value: Uint8Array): string | null {
  if (value.length < BYTES_HEADER_LENGTH + IV_BYTES + TAG_BYTES) return null;
  const header = Buffer.from(value.subarray(0, BYTES_HEADER_LENGTH)).toString('latin1');
  const m = /^v1:([A-Za-z0-9_-]{8}):$/.exec(header);
  return m ? m[1] : null;
}

export function openBytes(ring: FieldKeyring, aad: string, sealed: Uint8Array): Buffer {
  const keyId = bytesKeyId(sealed);
  if (!keyId) throw new FieldDecryptError('malformed', aad);
  const raw = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const at = BYTES_HEADER_LENGTH;
  return open(ring, aad, keyId, raw.subarray(at, at + IV_BYTES), raw.subarray(at + IV_BYTES, at + IV_BYTES + TAG_BYTES), raw.subarray(at + IV_BYTES + TAG_BYTES));
}

/** Identity numbers compare without spaces, hyphens or case: `abcde 1234f` is `ABCDE1234F`. */
export function normalizeIdentifier(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\s-]+/g, '')
    .toUpperCase();
}

/** The keyed hash of a normalised value under one key; `purpose` keeps a PAN's hash apart from any other field's. */
export function lookupHash(key: FieldKey, purpose: string, value: string): string {
  return createHmac('sha256', key.mac)
    .update(`${purpose}:${normalizeIdentifier(value)}`)
    .digest('hex');
}

/** The hash under the current key, as stored beside the value. */
export const currentLookupHash = (ring: FieldKeyring, purpose: string, value: string) => lookupHash(ring.current, purpose, value);

/** The hashes under every key of the ring: a lookup during a rotation finds rows not yet re-hashed too. */
export const lookupHashes = (ring: FieldKeyring, purpose: string, value: string) => ring.keys.map((k) => lookupHash(k, purpose, value));

/**
 * The keyring of this process. The database column types seal and open values as Drizzle writes and reads
 * them, without a context at hand, so the runtime (and each command: worker, keys:rotate) installs it once at start.
 */
let installed: FieldKeyring | undefined;

export function useFieldKeys(ring: FieldKeyring) {
  installed = ring;
}

export function fieldKeys(): FieldKeyring {
  if (!installed) throw new Error('no field encryption keys installed (useFieldKeys): the runtime installs them from APP_SECRET at start');
  return installed;
}

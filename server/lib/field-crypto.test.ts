import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FieldDecryptError,
  FieldKeyring,
  bytesKeyId,
  currentLookupHash,
  deriveFieldKey,
  fieldKeyring,
  isTextEnvelope,
  lookupHash,
  lookupHashes,
  normalizeIdentifier,
  openBytes,
  openText,
  sealBytes,
  sealText,
  textKeyId,
} from './field-crypto';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const AAD = 'users.pan_number';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(FieldDecryptError);
    return (err as FieldDecryptError).reason;
  }
  throw new Error('expected a FieldDecryptError');
};

describe('field keys', () => {
  it('derive the same key and id from the same secret, other ones from another', () => {
    const a1 = deriveFieldKey(A);
    const a2 = deriveFieldKey(A);
    const b = deriveFieldKey(B);
    expect(a1.id).toBe(a2.id);
    expect(a1.enc.equals(a2.enc)).toBe(true);
    expect(a1.id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(b.id).not.toBe(a1.id);
    expect(a1.enc.length).toBe(32);
    // Encryption and lookup keys are distinct, and neither is the secret.
    expect(a1.mac.equals(a1.enc)).toBe(false);
    expect(a1.enc.toString('utf8')).not.toContain('aaaa');
  });

  it('a ring seals under its current key and lists the previous ones once', () => {
    const ring = fieldKeyring(B, [A, A, B]);
    expect(ring.current.id).toBe(deriveFieldKey(B).id);
    expect(ring.keys.map((k) => k.id)).toEqual([deriveFieldKey(B).id, deriveFieldKey(A).id]);
    expect(ring.currentPrefix).toBe(`v1:${ring.current.id}:`);
  });
});

describe('text envelopes', () => {
  const ring = fieldKeyring(A);

  it('round-trip any text, with a random IV each time, naming the key', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (plain) => {
        const env = sealText(ring, AAD, plain);
        expect(env.startsWith(ring.currentPrefix)).toBe(true);
        expect(isTextEnvelope(env)).toBe(true);
        expect(textKeyId(env)).toBe(ring.current.id);
        expect(openText(ring, AAD, env)).toBe(plain);
      }),
    );
    const one = sealText(ring, AAD, 'ABCDE1234F');
    const two = sealText(ring, AAD, 'ABCDE1234F');
    expect(one).not.toBe(two);
    expect(one).not.toContain('ABCDE1234F');
    const [v, kid, iv, tag] = one.split(':');
    expect(v).toBe('v1');
    expect(kid).toBe(ring.current.id);
    expect(Buffer.from(iv, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag, 'base64url')).toHaveLength(16);
  });

  it('refuse an altered ciphertext, tag, IV or key id (GCM)', () => {
    const env = sealText(ring, AAD, '123412345678');
    const parts = env.split(':');
    const flip = (s: string) => {
      const b = Buffer.from(s, 'base64url');
      b[0] ^= 1;
      return b.toString('base64url');
    };
    for (const i of [2, 3, 4]) {
      const changed = [...parts];
      changed[i] = flip(changed[i]);
      expect(refusal(() => openText(ring, AAD, changed.join(':')))).toBe('tampered');
    }
    expect(refusal(() => openText(ring, AAD, [parts[0], 'AAAAAAAA', ...parts.slice(2)].join(':')))).toBe('unknown-key');
    expect(refusal(() => openText(ring, AAD, '123412345678'))).toBe('malformed');
    expect(refusal(() => openText(ring, AAD, `${env}:x`))).toBe('malformed');
  });

  it('are bound to their column: an envelope moved to another column does not open', () => {
    const env = sealText(ring, 'users.pan_number', 'ABCDE1234F');
    expect(refusal(() => openText(ring, 'users.aadhaar_number', env))).toBe('tampered');
    expect(refusal(() => openText(ring, 'pending_recruits.pan_number', env))).toBe('tampered');
  });

  it('open under a previous key after rotation, and not without it', () => {
    const old = sealText(fieldKeyring(A), AAD, 'ABCDE1234F');
    const rotated = fieldKeyring(B, [A]);
    expect(openText(rotated, AAD, old)).toBe('ABCDE1234F');
    expect(textKeyId(old)).toBe(deriveFieldKey(A).id);
    expect(textKeyId(sealText(rotated, AAD, 'x'))).toBe(deriveFieldKey(B).id);
    expect(refusal(() => openText(fieldKeyring(B), AAD, old))).toBe('unknown-key');
  });
});

describe('byte envelopes', () => {
  const ring = fieldKeyring(A);

  it('round-trip document bytes and carry their key id in the header', () => {
    const doc = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 7)]);
    const sealed = sealBytes(ring, 'document_blobs.content', doc);
    expect(sealed.subarray(0, 12).toString('ascii')).toBe(ring.currentPrefix);
    expect(bytesKeyId(sealed)).toBe(ring.current.id);
    expect(bytesKeyId(doc)).toBeNull();
    expect(sealed.includes(Buffer.from('%PDF'))).toBe(false);
    expect(openBytes(ring, 'document_blobs.content', sealed).equals(doc)).toBe(true);
    // A Uint8Array view (PGlite answers bytea so) opens too.
    const view = new Uint8Array(sealed.buffer.slice(sealed.byteOffset, sealed.byteOffset + sealed.length));
    expect(openBytes(ring, 'document_blobs.content', view).equals(doc)).toBe(true);
  });

  it('refuse altered bytes and plain files', () => {
    const sealed = sealBytes(ring, 'document_blobs.content', Buffer.from('image bytes'));
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 0x80;
    expect(refusal(() => openBytes(ring, 'document_blobs.content', altered))).toBe('tampered');
    expect(refusal(() => openBytes(ring, 'document_blobs.content', Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).toBe('malformed');
  });
});

describe('lookup hashes', () => {
  it('match the same number however typed, and differ by key and purpose', () => {
    const ring = fieldKeyring(A);
    const h = currentLookupHash(ring, 'pan', 'ABCDE1234F');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(currentLookupHash(ring, 'pan', ' abcde 1234f ')).toBe(h);
    expect(normalizeIdentifier('abcde-1234 f')).toBe('ABCDE1234F');
    expect(currentLookupHash(ring, 'pan', 'ABCDE1234G')).not.toBe(h);
    expect(currentLookupHash(ring, 'aadhaar', 'ABCDE1234F')).not.toBe(h);
    expect(lookupHash(deriveFieldKey(B), 'pan', 'ABCDE1234F')).not.toBe(h);
  });

  it('a ring answers the hash under each of its keys, the current first', () => {
    const ring = new FieldKeyring(deriveFieldKey(B), [deriveFieldKey(A)]);
    expect(lookupHashes(ring, 'pan', 'ABCDE1234F')).toEqual([lookupHash(deriveFieldKey(B), 'pan', 'ABCDE1234F'), lookupHash(deriveFieldKey(A), 'pan', 'ABCDE1234F')]);
  });
});

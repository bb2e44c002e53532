import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpAt } from './totp';

// RFC 6238 appendix B (SHA-1 seed "12345678901234567890"), eight digits there; six here are its last six.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    for (const [seconds, eight] of RFC_VECTORS) {
      expect(hotp(Buffer.from('12345678901234567890'), Math.floor(seconds / 30), 8)).toBe(eight);
      expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(eight.slice(2));
    }
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(hotp(Buffer.from('12345678901234567890'), counter)).toBe(code));
  });

  it('base32 round-trips and reads what apps show', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + n) & 255));
      expect(base32Decode(base32Encode(bytes)).equals(bytes)).toBe(true);
    }
    expect(base32Decode('jbsw y3dp ehpk 3pxp').toString('hex')).toBe(base32Decode('JBSWY3DPEHPK3PXP').toString('hex'));
    expect(() => base32Decode('JBSW1')).toThrow();
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts one step of drift either way, refuses two, and never the same step twice', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totpAt(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, now + 60_000), now)).toBeNull();
    // Once a step was accepted, it and every earlier one are refused.
    expect(matchTotp(secret, totpAt(secret, now), now, step)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now, step)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, now + 30_000), now, step)).toBe(step + 1);
    expect(matchTotp(secret, '12345', now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('writes the otpauth address apps read', () => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXP', 'admin@demo.local', 'Binary MLM');
    expect(uri).toBe('otpauth://totp/Binary%20MLM:admin%40demo.local?secret=JBSWY3DPEHPK3PXP&issuer=Binary+MLM&algorithm=SHA1&digits=6&period=30');
  });
});

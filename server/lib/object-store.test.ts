import { describe, expect, it } from 'vitest';
import { parseStorageUrl, storageFromUrl } from './object-store';

describe('STORAGE_URL (ADR 0032)', () => {
  it('reads the bucket, prefix, endpoint, region, path style and where uploads go', () => {
    expect(parseStorageUrl('s3://files?endpoint=http://127.0.0.1:9000&region=ap-south-1&forcePathStyle=true')).toEqual({
      bucket: 'files',
      prefix: '',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-south-1',
      forcePathStyle: true,
      uploads: 's3',
    });
    expect(parseStorageUrl('s3://files/platform/prod/?uploads=database')).toMatchObject({
      bucket: 'files',
      prefix: 'platform/prod/',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      uploads: 'db',
    });
  });

  it('refuses what is not an s3 URL with a bucket', () => {
    expect(() => parseStorageUrl('http://files')).toThrow(/must start with s3:\/\//);
    expect(() => parseStorageUrl('not a url')).toThrow(/not a URL/);
    expect(() => parseStorageUrl('s3://files?uploads=elsewhere')).toThrow(/uploads=/);
  });

  it('unset: the database, no bucket', () => {
    expect(storageFromUrl(undefined)).toEqual({ store: null, uploads: 'db' });
  });
});

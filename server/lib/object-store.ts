import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { loadConfig } from '../config';

/**
 * Where uploaded files keep their bytes (issue 34, ADR 0032): the database (the default, bytes in their tables) or an
 * S3-compatible bucket named by STORAGE_URL. Each row says where its bytes are (`storage`: 'db' or 's3'), so both
 * back ends serve at once while `npm run storage:migrate` moves files from one to the other. KYC documents and fund
 * proofs leave the app sealed (AES-256-GCM, server/lib/field-crypto.ts): the bucket holds envelopes, never a
 * document; product images and the logo are public and stored as they are served.
 *
 *   s3://<bucket>[/<prefix>]?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true[&uploads=database]
 *
 * Credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, a role).
 * `uploads=database` keeps reading the bucket but writes new files to the database (the way back, ADR 0032).
 */

export type StorageKind = 'db' | 's3';

/** A bucket as the app uses it: keys under the configured prefix. */
export interface ObjectStore {
  readonly bucket: string;
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The object's bytes; throws when there is none. */
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (relative to the configured prefix). */
  list(prefix?: string): AsyncIterable<string>;
  /** Lets the process exit (closes the client's connections). */
  close(): void;
}

export interface StorageSettings {
  /** The bucket, when STORAGE_URL is set. */
  store: ObjectStore | null;
  /** Where new files go. */
  uploads: StorageKind;
}

export interface S3Location {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  uploads: StorageKind;
}

/** Reads STORAGE_URL; throws with what is wrong. */
export function parseStorageUrl(url: string): S3Location {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error('Invalid configuration: STORAGE_URL is not a URL (s3://bucket?endpoint=...&region=...)');
  }
  if (u.protocol !== 's3:') throw new Error('Invalid configuration: STORAGE_URL must start with s3://');
  const bucket = u.hostname;
  if (!bucket) throw new Error('Invalid configuration: STORAGE_URL names no bucket (s3://bucket)');
  const q = u.searchParams;
  const uploads = q.get('uploads') ?? 's3';
  if (uploads !== 's3' && uploads !== 'database') throw new Error('Invalid configuration: STORAGE_URL uploads= is s3 or database');
  const prefix = decodeURIComponent(u.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: q.get('endpoint') || undefined,
    region: q.get('region') || 'us-east-1',
    forcePathStyle: q.get('forcePathStyle') === 'true' || q.get('forcePathStyle') === '1',
    uploads: uploads === 'database' ? 'db' : 's3',
  };
}

export class S3ObjectStore implements ObjectStore {
  readonly bucket: string;
  private readonly prefix: string;
  readonly client: S3Client;

  constructor(loc: S3Location) {
    this.bucket = loc.bucket;
    this.prefix = loc.prefix;
    this.client = new S3Client({ region: loc.region, endpoint: loc.endpoint, forcePathStyle: loc.forcePathStyle });
  }

  async put(key: string, bytes: Buffer, contentType = 'application/octet-stream') {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<Buffer> {
    const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
    if (!r.Body) throw new Error(`object ${key} has no body`);
    return Buffer.from(await r.Body.transformToByteArray());
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
  }

  async *list(prefix = ''): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const r = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }));
      for (const o of r.Contents ?? []) if (o.Key) yield o.Key.slice(this.prefix.length);
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
  }

  close() {
    this.client.destroy();
  }
}

/** The settings a STORAGE_URL (or none) gives. */
export function storageFromUrl(url: string | undefined): StorageSettings {
  if (!url) return { store: null, uploads: 'db' };
  const loc = parseStorageUrl(url);
  return { store: new S3ObjectStore(loc), uploads: loc.uploads };
}

/**
 * The storage of this process. Repos read and write bytes without a context at hand (as the sealed column types
 * do), so each process installs it at start (the runtime, storage:migrate); a process that did not (the worker)
 * gets the one its configuration names on first use.
 */
let installed: StorageSettings | undefined;

export function useObjectStorage(settings: StorageSettings) {
  installed = settings;
}

export function objectStorage(): StorageSettings {
  if (!installed) installed = storageFromUrl(loadConfig(process.env).storageUrl);
  return installed;
}

/** The bucket, for a row whose bytes are there; throws when this process has none configured. */
export function objectStore(): ObjectStore {
  const s = objectStorage().store;
  if (!s) throw new Error('a file is in object storage but STORAGE_URL is not set');
  return s;
}

/** Where a new file's bytes go. */
export const uploadTarget = (): StorageKind => objectStorage().uploads;

/** Object keys of each kind of file (ADR 0032). */
export const objectKeys = {
  document: (storageKey: string) => `documents/${storageKey}`,
  productImage: (id: string, size: 'small' | 'medium' | 'large') => `product-images/${id}/${size}.webp`,
  logo: (version: number) => `branding/logo-${version}`,
};

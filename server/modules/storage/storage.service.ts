import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { objectKeys, objectStore, type StorageKind } from '../../lib/object-store';
import { getDocumentObject, putDocumentObject } from '../../db/stored-files';
import * as repo from './storage.repo';

/**
 * Moves stored files between the database and the bucket (`npm run storage:migrate`, ADR 0032) while the platform
 * runs: in batches, each file copied, read back and compared by its hash, then its row's pointer switched and the
 * bytes on the other side cleared in one statement (to the bucket: the row's bytes; back: the object, once the row
 * holds the bytes). A row that changed meanwhile is left for the next run. Each run takes what is still on the
 * source side, so a run stopped half-way resumes where it was, and a second run finds nothing to do.
 */

export type Direction = 'to-s3' | 'to-db';

export interface KindReport {
  kind: 'documents' | 'productImages' | 'logo';
  moved: number;
  /** Files whose copy did not read back equal (or whose source did not match its hash): left where they were. */
  failed: number;
  /** Rows changed or gone between the read and the switch: left for the next run. */
  skipped: number;
  samples: string[];
}

export interface MigrationReport {
  direction: Direction;
  kinds: KindReport[];
  moved: number;
  failed: number;
}

type Ctx = Pick<AppContext, 'db'>;
const imageHash = (b: { small: Buffer; medium: Buffer; large: Buffer }) => sha256(Buffer.concat([b.small, b.medium, b.large])).slice(0, 16);
const SIZES = ['small', 'medium', 'large'] as const;

function newReport(kind: KindReport['kind']): KindReport {
  return { kind, moved: 0, failed: 0, skipped: 0, samples: [] };
}

function fail(r: KindReport, what: string) {
  r.failed++;
  if (r.samples.length < 10) r.samples.push(what);
}

const otherSide = (to: StorageKind): StorageKind => (to === 's3' ? 'db' : 's3');

/**
 * Takes the files still on the source side in key order, a batch at a time, and moves each with `move` (which counts
 * it in the report); an error moving one is that file's failure. `onBatch` sees the report after each batch.
 */
async function inBatches<Row>(r: KindReport, page: (after: string | null) => Promise<Row[]>, keyOf: (row: Row) => string, move: (row: Row) => Promise<void>, onBatch: (r: KindReport) => void) {
  let after: string | null = null;
  for (;;) {
    const rows = await page(after);
    if (!rows.length) break;
    for (const row of rows) {
      try {
        await move(row);
      } catch (err) {
        fail(r, err instanceof Error ? err.message : String(err));
      }
    }
    after = keyOf(rows[rows.length - 1]);
    onBatch(r);
  }
  return r;
}

/** The three sizes of a product image as the bucket holds them. */
async function imageObjects(id: string) {
  return {
    small: await objectStore().get(objectKeys.productImage(id, 'small')),
    medium: await objectStore().get(objectKeys.productImage(id, 'medium')),
    large: await objectStore().get(objectKeys.productImage(id, 'large')),
  };
}

async function moveDocuments(ctx: Ctx, to: StorageKind, batch: number, onBatch: (r: KindReport) => void) {
  const r = newReport('documents');
  const page = (after: string | null) => repo.documentsOn(ctx.db, otherSide(to), after, batch);
  return inBatches(
    r,
    page,
    (row) => row.storageKey,
    async (row) => {
      if (to === 's3') {
        if (!row.content || sha256(row.content) !== row.sha256) return fail(r, `document ${row.storageKey}: the stored bytes do not match their hash`);
        await putDocumentObject(row.storageKey, row.content);
        if (sha256(await getDocumentObject(row.storageKey)) !== row.sha256) return fail(r, `document ${row.storageKey}: the object read back differs`);
        if (await repo.pointDocument(ctx.db, row.storageKey, 's3', null)) r.moved++;
        else r.skipped++;
        return;
      }
      const bytes = await getDocumentObject(row.storageKey);
      if (sha256(bytes) !== row.sha256) return fail(r, `document ${row.storageKey}: the object does not match its hash`);
      const switched = await ctx.db.transaction(async (tx) => {
        if (!(await repo.pointDocument(tx, row.storageKey, 'db', bytes))) return false;
        const back = await repo.documentBytesInRow(tx, row.storageKey);
        if (!back || sha256(back) !== row.sha256) throw new Error(`document ${row.storageKey}: the row read back differs`);
        return true;
      });
      if (!switched) {
        r.skipped++;
        return;
      }
      await objectStore().delete(objectKeys.document(row.storageKey));
      r.moved++;
    },
    onBatch,
  );
}

async function moveImages(ctx: Ctx, to: StorageKind, batch: number, onBatch: (r: KindReport) => void) {
  const r = newReport('productImages');
  const page = (after: string | null) => repo.imagesOn(ctx.db, otherSide(to), after, batch);
  return inBatches(
    r,
    page,
    (row) => row.id,
    async (row) => {
      if (to === 's3') {
        const { small, medium, large } = row;
        if (!small || !medium || !large || imageHash({ small, medium, large }) !== row.hash) return fail(r, `product image ${row.id}: the stored bytes do not match their hash`);
        const bytes = { small, medium, large };
        for (const s of SIZES) await objectStore().put(objectKeys.productImage(row.id, s), bytes[s], 'image/webp');
        if (imageHash(await imageObjects(row.id)) !== row.hash) return fail(r, `product image ${row.id}: the objects read back differ`);
        if (await repo.imageToBucket(ctx.db, row.id)) r.moved++;
        else r.skipped++;
        return;
      }
      const bytes = await imageObjects(row.id);
      if (imageHash(bytes) !== row.hash) return fail(r, `product image ${row.id}: the objects do not match their hash`);
      const switched = await ctx.db.transaction(async (tx) => {
        const back = await repo.imageToDatabase(tx, row.id, bytes);
        if (!back) return false;
        if (!back.small || !back.medium || !back.large || imageHash({ small: back.small, medium: back.medium, large: back.large }) !== row.hash)
          throw new Error(`product image ${row.id}: the row read back differs`);
        return true;
      });
      if (!switched) {
        r.skipped++;
        return;
      }
      for (const s of SIZES) await objectStore().delete(objectKeys.productImage(row.id, s));
      r.moved++;
    },
    onBatch,
  );
}

async function moveLogo(ctx: Ctx, to: StorageKind) {
  const r = newReport('logo');
  const row = await repo.logoOn(ctx.db, otherSide(to));
  if (!row) return r;
  const key = objectKeys.logo(row.version);
  try {
    if (to === 's3') {
      if (!row.logo) return r;
      const digest = sha256(row.logo);
      await objectStore().put(key, row.logo, row.contentType ?? undefined);
      if (sha256(await objectStore().get(key)) !== digest) fail(r, 'logo: the object read back differs');
      else if (await repo.logoToBucket(ctx.db, row.version)) r.moved++;
      else r.skipped++;
    } else {
      const bytes = await objectStore().get(key);
      const digest = sha256(bytes);
      const switched = await ctx.db.transaction(async (tx) => {
        const back = await repo.logoToDatabase(tx, row.version, bytes);
        if (!back) return false;
        if (!back.logo || sha256(back.logo) !== digest) throw new Error('logo: the row read back differs');
        return true;
      });
      if (switched) {
        await objectStore().delete(key);
        r.moved++;
      } else r.skipped++;
    }
  } catch (err) {
    fail(r, err instanceof Error ? err.message : String(err));
  }
  return r;
}

/** Moves every stored file to the bucket (`to-s3`) or back into the database (`to-db`). */
export async function migrateStorage(ctx: Ctx, opts: { direction: Direction; batchSize?: number; onProgress?: (r: KindReport) => void }): Promise<MigrationReport> {
  const to: StorageKind = opts.direction === 'to-s3' ? 's3' : 'db';
  objectStore();
  const batch = opts.batchSize ?? 20;
  const onBatch = opts.onProgress ?? (() => undefined);
  const kinds = [await moveDocuments(ctx, to, batch, onBatch), await moveImages(ctx, to, batch, onBatch), await moveLogo(ctx, to)];
  return { direction: opts.direction, kinds, moved: kinds.reduce((n, k) => n + k.moved, 0), failed: kinds.reduce((n, k) => n + k.failed, 0) };
}

/** How many files of each kind are in the database and in the bucket. */
export function storageCounts(ctx: Ctx) {
  return repo.storageCounts(ctx.db);
}

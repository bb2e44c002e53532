import sharp from 'sharp';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { badRequest } from '../../core/app-error';
import { audit } from '../audit';
import { decodeDocument, sniffFileType } from '../kyc';
import { BRANDING_LOGO_MAX_BYTES, BRANDING_MSG, DEFAULT_BRAND, type BrandingInput, type BrandingView, type PublicBranding } from '../../../contracts/branding';
import { findSettings, findLogo, logoColumns, saveSettings, lockSettings } from './branding.repo';

/** The name a platform shows before an admin has saved the company settings. */
export const DEFAULT_COMPANY_NAME = DEFAULT_BRAND.companyName;
const DEFAULT_COLOR = DEFAULT_BRAND.primaryColor;
/** The logo is shown at most this wide or high; it is stored re-encoded at that size. */
export const LOGO_MAX_SIDE = 512;

export interface Branding extends BrandingView {
  logoVersion: number;
}

/** Branding changes seldom and is read by every page and mail: kept for this long per process. */
const CACHE_MS = 5_000;
const cache = new WeakMap<object, { at: number; value: Branding }>();

export const logoUrl = (version: number) => `/api/branding/logo?v=${version}`;

/**
 * The company settings as every page, mail and invoice uses them (defaults before the first save). Inside a
 * transaction pass it as `db` (the embedded database has one connection).
 */
export async function branding(ctx: AppContext, db: DbOrTx = ctx.db): Promise<Branding> {
  const hit = cache.get(ctx.db);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  const row = await findSettings(db);
  const value: Branding = {
    companyName: row?.companyName ?? DEFAULT_COMPANY_NAME,
    primaryColor: row?.primaryColor ?? DEFAULT_COLOR,
    supportEmail: row?.supportEmail ?? null,
    supportPhone: row?.supportPhone ?? null,
    logoUrl: row?.logoContentType ? logoUrl(row.logoVersion) : null,
    legalName: row?.legalName ?? null,
    cin: row?.cin ?? null,
    gstin: row?.gstin ?? null,
    address: row?.address ?? null,
    city: row?.city ?? null,
    state: row?.state ?? null,
    pincode: row?.pincode ?? null,
    updatedAt: row?.updatedAt?.toISOString() ?? null,
    logoVersion: row?.logoVersion ?? 0,
  };
  if (db === ctx.db) cache.set(ctx.db, { at: now, value });
  return value;
}

export async function publicBranding(ctx: AppContext): Promise<PublicBranding> {
  const b = await branding(ctx);
  return { companyName: b.companyName, primaryColor: b.primaryColor, supportEmail: b.supportEmail, supportPhone: b.supportPhone, logoUrl: b.logoUrl };
}

export async function adminBranding(ctx: AppContext): Promise<BrandingView> {
  const { logoVersion: _v, ...view } = await branding(ctx);
  return view;
}

export async function brandingLogo(ctx: AppContext) {
  return findLogo(ctx.db);
}

/** A PNG or JPEG decoded and encoded again as PNG, at most LOGO_MAX_SIDE a side, without metadata. */
async function cleanLogo(data: string) {
  const bytes = decodeDocument(data, 'logo');
  if (bytes.length > BRANDING_LOGO_MAX_BYTES) throw badRequest(BRANDING_MSG.logoSize, { logo: [BRANDING_MSG.logoSize] }, 'FILE_TOO_LARGE');
  const type = sniffFileType(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg') throw badRequest(BRANDING_MSG.logoType, { logo: [BRANDING_MSG.logoType] }, 'INVALID_FILE_TYPE');
  try {
    const png = await sharp(bytes, { limitInputPixels: 25_000_000 }).rotate().resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
    return { bytes: png, contentType: 'image/png' };
  } catch {
    throw badRequest(BRANDING_MSG.logoType, { logo: [BRANDING_MSG.logoType] }, 'INVALID_FILE_TYPE');
  }
}

/** The admin saves the company settings; the change is audited and shows everywhere within CACHE_MS. */
export async function saveBranding(ctx: AppContext, actor: Actor, input: z.output<typeof BrandingInput>): Promise<BrandingView> {
  const logo = input.logo && !input.removeLogo ? await cleanLogo(input.logo) : undefined;
  await ctx.db.transaction(async (tx) => {
    const before = await findSettings(tx);
    const locked = await lockSettings(tx);
    const version = (locked?.logoVersion ?? 0) + (logo || input.removeLogo ? 1 : 0);
    await saveSettings(tx, {
      companyName: input.companyName,
      legalName: input.legalName ?? null,
      cin: input.cin ?? null,
      primaryColor: input.primaryColor,
      supportEmail: input.supportEmail ?? null,
      supportPhone: input.supportPhone ?? null,
      gstin: input.gstin ?? null,
      address: input.address ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      pincode: input.pincode ?? null,
      ...(logo ? await logoColumns(logo.bytes, logo.contentType, version) : {}),
      ...(input.removeLogo ? { logo: null, logoContentType: null, logoStorage: 'db' } : {}),
      logoVersion: version,
      updatedAt: ctx.clock.now(),
      updatedBy: actor.user.id,
    });
    const { logo: _l, removeLogo: _r, ...shown } = input;
    await audit(tx, actor, {
      entityType: 'company_settings',
      entityId: '1',
      action: 'branding.update',
      previousState: before ? { ...before, updatedAt: before.updatedAt.toISOString() } : null,
      newState: { ...shown, logo: logo ? 'replaced' : input.removeLogo ? 'removed' : 'unchanged' },
    });
  });
  cache.delete(ctx.db);
  return adminBranding(ctx);
}

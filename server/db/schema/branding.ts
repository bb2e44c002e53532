import { sql } from 'drizzle-orm';
import { pgTable, smallint, varchar, integer, uuid, customType, check } from 'drizzle-orm/pg-core';
import { users } from './users';
import { updatedAt, postalAddress } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The company's own settings (issue 15, branding): one row. Its name, logo and colour brand the portal, every mail,
 * the invoices and the statements; its GSTIN and address are the seller's on every tax invoice.
 */
export const companySettings = pgTable(
  'company_settings',
  {
    id: smallint('id').primaryKey().default(1),
    companyName: varchar('company_name', { length: 120 }).notNull(),
    /** The registered legal name (Consumer Protection (Direct Selling) Rules, 2021: disclosed on the website); null: the company name. */
    legalName: varchar('legal_name', { length: 160 }),
    /** Corporate Identity Number (21 characters), disclosed with the legal name. */
    cin: varchar('cin', { length: 21 }),
    primaryColor: varchar('primary_color', { length: 7 }).notNull().default('#4f46e5'),
    supportEmail: varchar('support_email', { length: 254 }),
    supportPhone: varchar('support_phone', { length: 20 }),
    gstin: varchar('gstin', { length: 15 }),
    /** The registered office: also the seller's address on every tax invoice. */
    ...postalAddress(),
    logo: bytea('logo'),
    /** Where the logo's bytes are (ADR 0032): 'db' (`logo`) or 's3' (object `branding/logo-<logo_version>`). */
    logoStorage: varchar('logo_storage', { length: 8 }).notNull().default('db'),
    logoContentType: varchar('logo_content_type', { length: 20 }),
    /** Grows with every change of the logo: the logo's address carries it, so caches keep each version for good. */
    logoVersion: integer('logo_version').notNull().default(0),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  () => [check('company_settings_one_row', sql`id = 1`)],
);

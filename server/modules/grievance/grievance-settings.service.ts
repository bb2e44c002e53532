/**
 * The grievance officer and the nodal officer, the holidays of the business-hours clock, the public Grievance
 * Redressal page's facts and the due times they give a complaint (issue 32: Direct Selling Rules, 2021).
 */
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { realUser } from '../../core/actor';
import { conflict, notFound } from '../../core/app-error';
import { audit } from '../audit';
import { branding } from '../branding';
import {
  GRIEVANCE_ACK_WORKING_HOURS,
  GRIEVANCE_MSG,
  GRIEVANCE_RESOLVE_MONTHS,
  GRIEVANCE_WORKDAY,
  type GrievancePublicInfo,
  type GrievanceSettingsInput,
  type GrievanceSettingsView,
  type Holiday,
  type HolidayInput,
  type Officer,
} from '../../../contracts/grievance';
import { addCalendarMonths, addWorkingHours, istDay } from './business-hours';
import * as repo from './grievance.repo';

type Out<T extends z.ZodType> = z.output<T>;

// ---- officers, holidays and the public page ----

export const officerOf = (s: repo.GrievanceSettingsRow | undefined, who: 'officer' | 'nodal'): Officer | null => {
  if (!s) return null;
  return who === 'officer'
    ? { name: s.officerName, designation: s.officerDesignation, phone: s.officerPhone, email: s.officerEmail }
    : { name: s.nodalName, designation: s.nodalDesignation, phone: s.nodalPhone, email: s.nodalEmail };
};

/** The grievance officer's contact as invoices, credit notes and mails print it, or null before an admin set it. */
export async function grievanceOfficerContact(ctx: AppContext, db: DbOrTx = ctx.db): Promise<Officer | null> {
  return officerOf(await repo.findSettings(db), 'officer');
}

export async function grievanceSettings(ctx: AppContext): Promise<GrievanceSettingsView> {
  const s = await repo.findSettings(ctx.db);
  return { grievanceOfficer: officerOf(s, 'officer'), nodalOfficer: officerOf(s, 'nodal'), updatedAt: s?.updatedAt.toISOString() ?? null };
}

export async function saveGrievanceSettings(ctx: AppContext, actor: Actor, input: Out<typeof GrievanceSettingsInput>): Promise<GrievanceSettingsView> {
  const { grievanceOfficer: o, nodalOfficer: n } = input;
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findSettings(tx);
    await repo.saveSettings(tx, {
      officerName: o.name,
      officerDesignation: o.designation,
      officerPhone: o.phone,
      officerEmail: o.email,
      nodalName: n.name,
      nodalDesignation: n.designation,
      nodalPhone: n.phone,
      nodalEmail: n.email,
      updatedAt: ctx.clock.now(),
      updatedBy: realUser(actor).id,
    });
    await audit(tx, actor, {
      entityType: 'grievance_settings',
      entityId: '1',
      action: 'grievance.settings.update',
      previousState: before ? { grievanceOfficer: officerOf(before, 'officer'), nodalOfficer: officerOf(before, 'nodal') } : null,
      newState: input,
    });
  });
  return grievanceSettings(ctx);
}

export async function publicGrievanceInfo(ctx: AppContext): Promise<GrievancePublicInfo> {
  const [s, brand] = await Promise.all([repo.findSettings(ctx.db), branding(ctx)]);
  return {
    companyName: brand.companyName,
    grievanceOfficer: officerOf(s, 'officer'),
    nodalOfficer: officerOf(s, 'nodal'),
    acknowledgeWithinWorkingHours: GRIEVANCE_ACK_WORKING_HOURS,
    resolveWithinMonths: GRIEVANCE_RESOLVE_MONTHS,
    workingHours: `${GRIEVANCE_WORKDAY.days}, ${String(GRIEVANCE_WORKDAY.startHour).padStart(2, '0')}:00 to ${GRIEVANCE_WORKDAY.endHour}:00 IST, except holidays`,
  };
}

export async function listHolidays(ctx: AppContext): Promise<{ items: Holiday[] }> {
  return { items: await repo.listHolidays(ctx.db) };
}

export async function addHoliday(ctx: AppContext, actor: Actor, input: Out<typeof HolidayInput>): Promise<Holiday> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertHoliday(tx, { day: input.day, name: input.name, createdAt: ctx.clock.now(), createdBy: realUser(actor).id });
    if (!row) throw conflict(GRIEVANCE_MSG.holidayExists);
    await audit(tx, actor, { entityType: 'grievance_holiday', entityId: input.day, action: 'grievance.holiday.add', newState: row });
    return row;
  });
}

export async function removeHoliday(ctx: AppContext, actor: Actor, day: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.deleteHoliday(tx, day);
    if (!row) throw notFound(GRIEVANCE_MSG.holidayNotFound);
    await audit(tx, actor, { entityType: 'grievance_holiday', entityId: day, action: 'grievance.holiday.remove', previousState: row });
    return { message: GRIEVANCE_MSG.holidayRemoved };
  });
}

// ---- due times ----

/** When a complaint received at `at` must be acknowledged (48 working hours) and resolved (one calendar month). */
export async function dueTimes(db: DbOrTx, at: Date) {
  const holidays = new Set(await repo.holidayDaysFrom(db, istDay(at)));
  return { acknowledgeDueAt: addWorkingHours(at, GRIEVANCE_ACK_WORKING_HOURS, holidays), resolveDueAt: addCalendarMonths(at, GRIEVANCE_RESOLVE_MONTHS) };
}

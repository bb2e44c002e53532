import { z } from 'zod';
import { blankToUndefined, emailField, optionalText } from './fields';
import { day, id, instant } from './route-contract';

/**
 * Grievance redressal under the Consumer Protection (Direct Selling) Rules, 2021: a grievance officer and a nodal
 * officer whose contacts are published, complaints numbered GRV/<fy>/<serial>, acknowledged within 48 working hours
 * and resolved within one month of receipt.
 */

export const GRIEVANCE_STATUSES = ['received', 'acknowledged', 'in_progress', 'resolved', 'rejected'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
export const GRIEVANCE_OPEN_STATUSES = ['received', 'acknowledged', 'in_progress'] as const satisfies readonly GrievanceStatus[];
export const GRIEVANCE_STATUS_LABELS: Record<GrievanceStatus, string> = {
  received: 'Received',
  acknowledged: 'Acknowledged',
  in_progress: 'In progress',
  resolved: 'Resolved',
  rejected: 'Rejected',
};

export const GRIEVANCE_EVENT_KINDS = ['registered', 'acknowledged', 'action', 'resolved', 'rejected', 'delay', 'overdue'] as const;
export type GrievanceEventKind = (typeof GRIEVANCE_EVENT_KINDS)[number];
export const GRIEVANCE_EVENT_LABELS: Record<GrievanceEventKind, string> = {
  registered: 'Complaint registered',
  acknowledged: 'Acknowledged by the grievance officer',
  action: 'Action taken',
  resolved: 'Resolved',
  rejected: 'Rejected',
  delay: 'Reason for the delay',
  overdue: 'Past its due time',
};

/** The timelines of the rules: acknowledgement within 48 working hours, resolution within one month of receipt. */
export const GRIEVANCE_ACK_WORKING_HOURS = 48;
export const GRIEVANCE_RESOLVE_MONTHS = 1;
/** The business-hours clock: Monday to Saturday, 09:00 to 18:00 Asia/Kolkata, without the admin's holidays. */
export const GRIEVANCE_WORKDAY = { startHour: 9, endHour: 18, days: 'Monday to Saturday' } as const;
/** How long the confirmation link of a complaint filed on the public form stays valid. */
export const GRIEVANCE_CONFIRM_TTL_HOURS = 24;
export const GRIEVANCE_DESCRIPTION_MIN = 20;
export const GRIEVANCE_DESCRIPTION_MAX = 4000;
export const GRIEVANCE_NUMBER_RE = /^GRV\/\d{4}\/\d{6}$/;

export const GRIEVANCE_MSG = {
  nameRequired: 'Enter your name',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Enter a valid phone number',
  descriptionMin: `Describe your complaint in at least ${GRIEVANCE_DESCRIPTION_MIN} characters`,
  descriptionMax: `At most ${GRIEVANCE_DESCRIPTION_MAX} characters`,
  subjectRequired: 'Enter what your complaint is about',
  numberInvalid: 'Enter the complaint number as GRV/2627/000001',
  noteRequired: 'Write a note of at least 5 characters',
  resolutionRequired: 'Write how the complaint was resolved (at least 10 characters)',
  rejectionRequired: 'Write why the complaint is rejected (at least 10 characters)',
  delayReasonRequired: 'This complaint is past its due time: write the reason for the delay (at least 10 characters); it is mailed to the complainant',
  delayNotOverdue: 'This complaint is not past its due time',
  filed: 'Check your email: open the link we sent to register your complaint.',
  confirmInvalid: 'This confirmation link is invalid or has expired. Please file your complaint again.',
  registered: 'Your complaint is registered',
  notFound: 'No complaint matches this number and email address',
  closed: 'This complaint is already closed',
  alreadyAcknowledged: 'This complaint is already acknowledged',
  officerRequired: 'Enter the officer’s name',
  designationRequired: 'Enter the designation',
  saved: 'Grievance officers saved',
  holidayExists: 'This day is already a holiday',
  holidayNameRequired: 'Name the holiday',
  holidayAdded: 'Holiday added',
  holidayRemoved: 'Holiday removed',
  holidayNotFound: 'No holiday on this day',
  tooManyComplaints: 'Too many complaints from this address. Please try again later.',
  tooManyLookups: 'Too many look-ups. Please try again in a few minutes.',
} as const;

const phoneField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{6,18}$/, { error: GRIEVANCE_MSG.phoneInvalid })
    .optional(),
);
const descriptionField = z
  .string({ error: GRIEVANCE_MSG.descriptionMin })
  .trim()
  .min(GRIEVANCE_DESCRIPTION_MIN, { error: GRIEVANCE_MSG.descriptionMin })
  .max(GRIEVANCE_DESCRIPTION_MAX, { error: GRIEVANCE_MSG.descriptionMax });
const nameField = z.string({ error: GRIEVANCE_MSG.nameRequired }).trim().min(2, { error: GRIEVANCE_MSG.nameRequired }).max(120);
const referenceField = z.preprocess(blankToUndefined, optionalText(60));

/** The public complaint form (no sign-in): registered once the emailed link is opened. */
export const PublicGrievanceInput = z.object({
  name: nameField,
  email: emailField(GRIEVANCE_MSG.emailInvalid),
  phone: phoneField,
  orderReference: referenceField,
  description: descriptionField,
});
export type PublicGrievanceInput = z.input<typeof PublicGrievanceInput>;

/** A member's complaint from the Support page: registered at once, tied to the account. */
export const MemberGrievanceInput = z.object({
  orderReference: referenceField,
  description: descriptionField,
});
export type MemberGrievanceInput = z.input<typeof MemberGrievanceInput>;

export const GrievanceConfirmInput = z.object({ token: z.string().trim().min(10, { error: GRIEVANCE_MSG.confirmInvalid }).max(200, { error: GRIEVANCE_MSG.confirmInvalid }) });

export const GrievanceTrackQuery = z.object({
  number: z.string({ error: GRIEVANCE_MSG.numberInvalid }).trim().toUpperCase().regex(GRIEVANCE_NUMBER_RE, { error: GRIEVANCE_MSG.numberInvalid }),
  email: emailField(GRIEVANCE_MSG.emailInvalid),
});
export type GrievanceTrackQuery = z.input<typeof GrievanceTrackQuery>;

export const GrievanceIdParam = z.object({ id: z.uuid() });

export const GrievanceNoteInput = z.object({ note: z.string({ error: GRIEVANCE_MSG.noteRequired }).trim().min(5, { error: GRIEVANCE_MSG.noteRequired }).max(2000) });
/** Reason for the delay: required when the complaint is past its due time (mailed to the complainant in writing). */
const delayReasonField = z.preprocess(blankToUndefined, z.string().trim().min(10, { error: GRIEVANCE_MSG.delayReasonRequired }).max(2000).optional());
export const GrievanceResolveInput = z.object({
  resolution: z.string({ error: GRIEVANCE_MSG.resolutionRequired }).trim().min(10, { error: GRIEVANCE_MSG.resolutionRequired }).max(4000),
  delayReason: delayReasonField,
});
export const GrievanceRejectInput = z.object({
  reason: z.string({ error: GRIEVANCE_MSG.rejectionRequired }).trim().min(10, { error: GRIEVANCE_MSG.rejectionRequired }).max(4000),
  delayReason: delayReasonField,
});
export const GrievanceAcknowledgeInput = z.object({ note: z.preprocess(blankToUndefined, optionalText(2000)), delayReason: delayReasonField });
/** The written reason for a delay (an extension): mailed to the complainant. */
export const GrievanceDelayInput = z.object({
  reason: z.string({ error: GRIEVANCE_MSG.delayReasonRequired }).trim().min(10, { error: GRIEVANCE_MSG.delayReasonRequired }).max(2000),
});

export const GrievanceListQuery = z.object({
  status: z.enum(GRIEVANCE_STATUSES).optional(),
  overdue: z.enum(['1', 'true']).optional(),
  search: z.string().trim().max(100).optional(),
});

// ---- officers and holidays ----

const officerFields = () => ({
  name: z.string({ error: GRIEVANCE_MSG.officerRequired }).trim().min(2, { error: GRIEVANCE_MSG.officerRequired }).max(120),
  designation: z.string({ error: GRIEVANCE_MSG.designationRequired }).trim().min(2, { error: GRIEVANCE_MSG.designationRequired }).max(120),
  phone: z
    .string({ error: GRIEVANCE_MSG.phoneInvalid })
    .trim()
    .regex(/^\+?[0-9][0-9 -]{6,18}$/, { error: GRIEVANCE_MSG.phoneInvalid }),
  email: emailField(GRIEVANCE_MSG.emailInvalid),
});
export const OfficerInput = z.object(officerFields());
export const GrievanceSettingsInput = z.object({ grievanceOfficer: OfficerInput, nodalOfficer: OfficerInput });
export type GrievanceSettingsInput = z.input<typeof GrievanceSettingsInput>;

export const Officer = z.strictObject({ name: z.string(), designation: z.string(), phone: z.string(), email: z.string() });
export type Officer = z.infer<typeof Officer>;
export const GrievanceSettingsView = z.strictObject({ grievanceOfficer: Officer.nullable(), nodalOfficer: Officer.nullable(), updatedAt: instant.nullable() });
export type GrievanceSettingsView = z.infer<typeof GrievanceSettingsView>;

/** What the public Grievance Redressal page shows. */
export const GrievancePublicInfo = z.strictObject({
  companyName: z.string(),
  grievanceOfficer: Officer.nullable(),
  nodalOfficer: Officer.nullable(),
  acknowledgeWithinWorkingHours: z.number().int(),
  resolveWithinMonths: z.number().int(),
  workingHours: z.string(),
});
export type GrievancePublicInfo = z.infer<typeof GrievancePublicInfo>;

export const HolidayInput = z.object({ day, name: z.string({ error: GRIEVANCE_MSG.holidayNameRequired }).trim().min(2, { error: GRIEVANCE_MSG.holidayNameRequired }).max(80) });
export type HolidayInput = z.input<typeof HolidayInput>;
export const HolidayParam = z.object({ day });
export const Holiday = z.strictObject({ day, name: z.string() });
export const HolidayList = z.strictObject({ items: z.array(Holiday) });
export type Holiday = z.infer<typeof Holiday>;

// ---- complaints ----

export const GrievanceEvent = z.strictObject({
  at: instant,
  kind: z.enum(GRIEVANCE_EVENT_KINDS),
  note: z.string().nullable(),
  by: z.string().nullable(),
});
export type GrievanceEvent = z.infer<typeof GrievanceEvent>;

const grievanceCore = {
  number: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  receivedAt: instant,
  acknowledgeDueAt: instant,
  acknowledgedAt: instant.nullable(),
  resolveDueAt: instant,
  closedAt: instant.nullable(),
  closingText: z.string().nullable(),
  overdue: z.boolean(),
};

/** What the complainant sees (tracking, the member's list). */
export const GrievanceTracked = z.strictObject({ ...grievanceCore, events: z.array(GrievanceEvent) });
export type GrievanceTracked = z.infer<typeof GrievanceTracked>;
export const MemberGrievance = z.strictObject({ id, ...grievanceCore, orderReference: z.string().nullable(), description: z.string() });
export type MemberGrievance = z.infer<typeof MemberGrievance>;
export const MemberGrievanceList = z.strictObject({ items: z.array(MemberGrievance) });

export const GrievanceFiled = z.strictObject({ message: z.string() });
export const GrievanceRegistered = z.strictObject({ message: z.string(), number: z.string(), status: z.enum(GRIEVANCE_STATUSES), acknowledgeDueAt: instant, resolveDueAt: instant });
export type GrievanceRegistered = z.infer<typeof GrievanceRegistered>;

/** The admin's view of a complaint, with the complainant and its timeline. */
export const AdminGrievance = z.strictObject({
  id,
  ...grievanceCore,
  source: z.enum(['public', 'member']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  memberId: z.string().nullable(),
  orderReference: z.string().nullable(),
  description: z.string(),
  acknowledgeOverdue: z.boolean(),
  resolveOverdue: z.boolean(),
  delayReason: z.string().nullable(),
  events: z.array(GrievanceEvent),
});
export type AdminGrievance = z.infer<typeof AdminGrievance>;
export const AdminGrievanceList = z.strictObject({ items: z.array(AdminGrievance), counts: z.strictObject({ open: z.number().int(), overdue: z.number().int() }) });
export type AdminGrievanceList = z.infer<typeof AdminGrievanceList>;

/** Every complaint's number as GRV/<financial year as 2627>/<serial of 6 digits>. */
export const grievanceNumber = (financialYear: string, serial: number) => `GRV/${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}/${String(serial).padStart(6, '0')}`;

/** Mail texts. Each template turns its parameters into a subject and a plain-text and HTML body. */
import { DEFAULT_BRAND } from '../../../contracts/branding';
export type MailTemplate =
  | { template: 'verify_email'; params: { name: string; link: string } }
  | { template: 'password_reset'; params: { name: string; link: string } }
  | { template: 'invitation'; params: { name: string; link: string; invitedBy: string } }
  | { template: 'credentials'; params: { name: string; userId: string; link: string } }
  | { template: 'password_changed'; params: { name: string } }
  | { template: 'account_locked'; params: { name: string; minutes: number; link: string } }
  | { template: 'two_factor_changed'; params: { name: string; change: string; link: string } }
  | { template: 'account_changed_by_admin'; params: { name: string; changes: string[]; link: string } }
  | { template: 'payout_details_changed'; params: { name: string; changed: string; opens: string; link: string } }
  | { template: 'ticket_reply'; params: { name: string; subject: string; reply: string; link: string } }
  | { template: 'return_update'; params: { name: string; number: string; status: string; detail: string; link: string } }
  | { template: 'grievance_confirm'; params: { name: string; link: string } }
  | { template: 'grievance_registered'; params: { name: string; number: string; acknowledgeDue: string; resolveDue: string; link: string } }
  | { template: 'grievance_update'; params: { name: string; number: string; title: string; text: string; status: string; link: string } }
  | { template: 'grievance_overdue'; params: { number: string; what: string; due: string; link: string } };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The company a mail comes from (the admin's company settings, issue 15). */
export interface MailBrand {
  companyName: string;
  primaryColor: string;
  supportEmail: string | null;
}
const DEFAULT_MAIL_BRAND: MailBrand = { ...DEFAULT_BRAND, supportEmail: null };
const SAFE_COLOR = /^#[0-9a-fA-F]{6}$/;

function layout(brand: MailBrand, title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const color = SAFE_COLOR.test(brand.primaryColor) ? brand.primaryColor : DEFAULT_MAIL_BRAND.primaryColor;
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:${color};color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#64748b">${escapeHtml(action.href)}</p>`
    : '';
  const support = brand.supportEmail ? ` · Questions? <a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:${color}">${escapeHtml(brand.supportEmail)}</a>` : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px"><div style="font-weight:700;font-size:16px;color:${color};border-bottom:3px solid ${color};padding-bottom:10px;margin-bottom:20px">${escapeHtml(brand.companyName)}</div><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="margin-top:32px;font-size:12px;color:#64748b">${escapeHtml(brand.companyName)}${support}</p></body></html>`;
}

/** The plain-text signature under every mail. */
const signature = (brand: MailBrand) => `\n\n-- \n${brand.companyName}${brand.supportEmail ? `\n${brand.supportEmail}` : ''}\n`;

export function renderMail(mail: MailTemplate, brand: MailBrand = DEFAULT_MAIL_BRAND): RenderedMail {
  const r = renderBody(mail, (title, paragraphs, action) => layout(brand, title, paragraphs, action));
  return { ...r, text: `${r.text.trimEnd()}${signature(brand)}` };
}

type Layout = (title: string, paragraphs: string[], action?: { label: string; href: string }) => string;

function renderBody(mail: MailTemplate, layout: Layout): RenderedMail {
  /** Paragraphs and one button under `title` (the subject unless given); the text version ends with the button's link. */
  const withButton = (subject: string, lines: string[], button: { label: string; href: string }, title = subject): RenderedMail => ({
    subject,
    text: `${lines.join('\n\n')}\n\n${button.href}\n`,
    html: layout(title, lines, button),
  });
  switch (mail.template) {
    case 'verify_email': {
      const { name, link } = mail.params;
      const lines = [`Hello ${name},`, 'Please confirm your email address to continue your registration. The link is valid for 24 hours.'];
      return withButton('Verify your email address', lines, { label: 'Verify email', href: link });
    }
    case 'password_reset': {
      const { name, link } = mail.params;
      const lines = [`Hello ${name},`, 'We received a request to reset your password. The link is valid for 1 hour. If you did not ask for it, ignore this email.'];
      return withButton('Reset your password', lines, { label: 'Reset password', href: link });
    }
    case 'invitation': {
      const { name, link, invitedBy } = mail.params;
      const lines = [`Hello ${name},`, `${invitedBy} has invited you to the platform. Set your password to complete your account. The link is valid for 7 days.`];
      return withButton('You are invited: complete your account setup', lines, { label: 'Set my password', href: link }, 'Complete your account setup');
    }
    case 'credentials': {
      const { name, userId, link } = mail.params;
      const lines = [
        `Hello ${name},`,
        `Your account has been approved. Your user ID is ${userId}.`,
        'Sign in with your user ID and the password you chose when you registered. Please complete your KYC within 7 days.',
      ];
      return withButton('Your account is approved', lines, { label: 'Sign in', href: link });
    }
    case 'password_changed': {
      const lines = [`Hello ${mail.params.name},`, 'Your password was changed and your other sessions were signed out. If this was not you, reset your password at once.'];
      return { subject: 'Your password was changed', text: lines.join('\n\n'), html: layout('Your password was changed', lines) };
    }
    case 'account_changed_by_admin': {
      const { name, changes, link } = mail.params;
      const lines = [`Hello ${name},`, `An administrator changed your account: ${changes.join('; ')}.`, 'If you did not ask for this, contact support at once and reset your password.'];
      return withButton('An administrator changed your account', lines, { label: 'Open my account', href: link });
    }
    case 'two_factor_changed': {
      const { name, change, link } = mail.params;
      const lines = [`Hello ${name},`, `${change}`, 'If this was not you, contact support at once and change your password.'];
      return withButton('Two-factor sign-in changed on your account', lines, { label: 'Open my account', href: link }, 'Two-factor sign-in changed');
    }
    case 'payout_details_changed': {
      const { name, changed, opens, link } = mail.params;
      const lines = [
        `Hello ${name},`,
        `The payout details of your account were changed (${changed}). Withdrawals to them open on ${opens}, after a 24-hour security hold.`,
        'If you did not make this change, contact support at once and change your password.',
      ];
      return withButton('Your payout details changed', lines, { label: 'Open my profile', href: link });
    }
    case 'ticket_reply': {
      const { name, subject, reply, link } = mail.params;
      const lines = [`Hello ${name},`, `Our support team replied to your ticket "${subject}":`, reply, 'Open the ticket to read the whole conversation and answer.'];
      return withButton(`Reply to your ticket: ${subject}`.slice(0, 200), lines, { label: 'Open the ticket', href: link }, 'Our support team replied');
    }
    case 'return_update': {
      const { name, number, status, detail, link } = mail.params;
      const lines = [`Hello ${name},`, `Your return ${number} is now: ${status}.`, detail];
      return withButton(`Return ${number}: ${status}`, lines, { label: 'See your return', href: link }, `Return ${number}`);
    }
    case 'grievance_confirm': {
      const { name, link } = mail.params;
      const lines = [
        `Hello ${name},`,
        'We received your complaint. Open the link to confirm your email address and register it; the link is valid for 24 hours. Your complaint number follows by email.',
        'If you did not file a complaint, ignore this email.',
      ];
      return withButton('Confirm your complaint', lines, { label: 'Register my complaint', href: link });
    }
    case 'grievance_registered': {
      const { name, number, acknowledgeDue, resolveDue, link } = mail.params;
      const lines = [
        `Hello ${name},`,
        `Your complaint is registered under number ${number}. Keep this number to track it.`,
        `Our grievance officer will acknowledge it by ${acknowledgeDue} (within 48 working hours) and resolve it by ${resolveDue} (within one month of receipt).`,
      ];
      return withButton(`Complaint ${number} registered`, lines, { label: 'Track my complaint', href: link });
    }
    case 'grievance_update': {
      const { name, number, title, text, status, link } = mail.params;
      const lines = [`Hello ${name},`, `${title} (complaint ${number}):`, text, `Status: ${status}.`];
      return withButton(`Complaint ${number}: ${title}`.slice(0, 200), lines, { label: 'Track my complaint', href: link }, title);
    }
    case 'grievance_overdue': {
      const { number, what, due, link } = mail.params;
      const lines = [`Complaint ${number} is past its ${what} due time (${due}).`, 'Act on it now; a late answer must give the complainant the reason for the delay in writing.'];
      return withButton(`Overdue complaint ${number}`, lines, { label: 'Open Grievances', href: link });
    }
    case 'account_locked': {
      const { name, minutes, link } = mail.params;
      const lines = [
        `Hello ${name},`,
        `Someone typed a wrong password for your account too many times, so sign-in is paused for ${minutes} minutes.`,
        'If this was you, wait and try again. If it was not, your password still protects the account; to be safe, choose a new one.',
      ];
      return withButton('Sign-in to your account is paused', lines, { label: 'Reset my password', href: link });
    }
  }
}

/**
 * Public disclosures (Consumer Protection (Direct Selling) Rules, 2021): the entity's details, the plan in force in
 * plain words and the annual income disclosure. Read by anyone: the branding is cached by its module, the income
 * disclosure by compensation (once an hour, or after a cycle is posted), and the plan is one small row.
 */
import type { AppContext } from '../../context';
import type { CompanyDetails, Disclosures } from '../../../contracts/disclosures';
import { branding } from '../branding';
import { planInForce, incomeDisclosure } from '../compensation';
import { planInWords } from './plan-in-words';
import { todayIn } from '../../lib/time';

export async function companyDetails(ctx: AppContext): Promise<CompanyDetails> {
  const b = await branding(ctx);
  const place = [[b.city, b.state].filter(Boolean).join(', '), b.pincode].filter(Boolean).join(' ');
  return {
    companyName: b.companyName,
    legalName: b.legalName ?? b.companyName,
    cin: b.cin,
    gstin: b.gstin,
    registeredOffice: [b.address, place].filter((l): l is string => Boolean(l)),
    email: b.supportEmail,
    phone: b.supportPhone,
  };
}

export async function disclosures(ctx: AppContext): Promise<Disclosures> {
  const now = ctx.clock.now();
  const plan = await planInForce(ctx.db, now);
  const income = await incomeDisclosure(ctx);
  const asOf = todayIn(now, 'Asia/Kolkata');
  return {
    company: await companyDetails(ctx),
    plan: { version: plan.version, effectiveFrom: plan.effectiveFrom, sections: planInWords(plan.config, { asOf }) },
    lastYear: income.lastYear,
    yearToDate: income.yearToDate,
  };
}

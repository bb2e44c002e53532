import { useForm } from 'react-hook-form';
import { Send } from 'lucide-react';
import type { z } from 'zod';
import { FRANCHISE_TYPES, FranchiseRequestInput } from '@contracts';
import { Button } from '../../components/ui/button';
import { CharacterCount } from '../../components/ui/character-count';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Textarea, Options } from '../../components/ui/input';
import { schemaResolver } from '../../lib/schema-resolver';
import { useSubmitFranchiseRequest } from './api';
import { SelectField } from '../../components/ui/select-field';

type FranchiseType = (typeof FRANCHISE_TYPES)[number];
interface Values {
  franchiseType: '' | FranchiseType;
  investmentAmount: string;
  businessPlan: string;
}
const FIELDS = ['franchiseType', 'investmentAmount', 'businessPlan'] as const;
const DEFAULTS: Values = { franchiseType: '', investmentAmount: '', businessPlan: '' };
const PLAN_MIN = 50;
const PLAN_MAX = 5000;

const typeLabel = (t: FranchiseType) => (t.endsWith('Franchise') ? t : `${t} Franchise`);

/** Apply for a franchise (doc 3 §5.2): type, investment amount, a business plan of 50 characters or more. */
export function FranchiseRequestForm() {
  const submit = useSubmitFranchiseRequest();
  const form = useForm<Values, unknown, z.output<typeof FranchiseRequestInput>>({
    resolver: schemaResolver<Values, typeof FranchiseRequestInput>(FranchiseRequestInput),
    defaultValues: DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;
  const planLength = form.watch('businessPlan').trim().length;

  const onSubmit = form.handleSubmit(async (v) => {
    const res = await submit.run(v, { setError: form.setError, fields: FIELDS });
    if (res.ok) form.reset(DEFAULTS);
  });

  const planDescribedBy = [errors.businessPlan ? 'franchise-plan-error' : '', 'franchise-plan-count'].filter(Boolean).join(' ');
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Franchise request" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="franchise-type" label="Franchise Type" error={errors.franchiseType?.message} registration={form.register('franchiseType')}>
          <Options blank="Choose a franchise type" values={FRANCHISE_TYPES} label={typeLabel} />
        </SelectField>
        <FormField id="franchise-investment" label="Investment Amount (₹)" error={errors.investmentAmount?.message}>
          <Input {...fieldA11y('franchise-investment', errors.investmentAmount?.message)} inputMode="decimal" autoComplete="off" placeholder="e.g. 250000" {...form.register('investmentAmount')} />
        </FormField>
      </div>
      <FormField id="franchise-plan" label="Business Plan" error={errors.businessPlan?.message}>
        <Textarea
          {...fieldA11y('franchise-plan', errors.businessPlan?.message)}
          aria-describedby={planDescribedBy}
          rows={6}
          maxLength={PLAN_MAX}
          placeholder="Your market, location, team and how you will grow sales."
          {...form.register('businessPlan')}
        />
        <CharacterCount id="franchise-plan-count" length={planLength} min={PLAN_MIN} max={PLAN_MAX} />
      </FormField>
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? null : <Send aria-hidden="true" className="size-4" />} Submit Request
      </Button>
    </form>
  );
}

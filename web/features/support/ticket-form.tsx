import { useForm } from 'react-hook-form';
import { Send } from 'lucide-react';
import type { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TicketInput } from '@contracts';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { CharacterCount } from '../../components/ui/character-count';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Textarea, Options } from '../../components/ui/input';
import { schemaResolver } from '../../lib/schema-resolver';
import { useOpenTicket } from './api';
import { priorityLabel } from './ticket-badges';
import { SelectField } from '../../components/ui/select-field';

type Category = (typeof TICKET_CATEGORIES)[number];
type Priority = (typeof TICKET_PRIORITIES)[number];
interface Values {
  category: '' | Category;
  subject: string;
  description: string;
  priority: Priority;
}
const FIELDS = ['category', 'subject', 'description', 'priority'] as const;
const DEFAULTS: Values = { category: '', subject: '', description: '', priority: 'medium' };
const CATEGORY_HINTS: Record<Category, string> = {
  Payment: 'Payment - wallet, payouts, withdrawals',
  Product: 'Product - orders, delivery, quality',
  ID: 'ID - account, KYC, user ID',
  Technical: 'Technical - the website or app',
  General: 'General - anything else',
};
const DESCRIPTION_MIN = 20;

/** Open a support ticket (doc 3 §5.2): category, subject >= 5, description >= 20, priority (default medium). */
export function TicketForm() {
  const openTicket = useOpenTicket();
  const form = useForm<Values, unknown, z.output<typeof TicketInput>>({ resolver: schemaResolver<Values, typeof TicketInput>(TicketInput), defaultValues: DEFAULTS });
  const { errors, isSubmitting } = form.formState;
  const descriptionLength = form.watch('description').trim().length;

  const onSubmit = form.handleSubmit(async (v) => {
    const res = await openTicket.run(v, { setError: form.setError, fields: FIELDS });
    if (res.ok) form.reset(DEFAULTS);
  });

  return (
    <TitledCard id="ticket-form-title" title="Open a Ticket" description="Tell us what happened; the more detail, the faster we can help.">
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Open a support ticket">
        <SelectField id="ticket-category" label="Category" error={errors.category?.message} registration={form.register('category')}>
          <Options blank="Choose a category" values={TICKET_CATEGORIES} label={(c) => CATEGORY_HINTS[c]} />
        </SelectField>
        <ChoiceCards
          legend="Priority"
          options={TICKET_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(p) }))}
          error={errors.priority?.message}
          className="grid-cols-2 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4"
          {...form.register('priority')}
        />
        <FormField id="ticket-subject" label="Subject" error={errors.subject?.message} hint="At least 5 characters.">
          <Input {...fieldA11y('ticket-subject', errors.subject?.message, true)} maxLength={200} autoComplete="off" {...form.register('subject')} />
        </FormField>
        <FormField id="ticket-description" label="Description" error={errors.description?.message}>
          <Textarea
            {...fieldA11y('ticket-description', errors.description?.message)}
            aria-describedby={[errors.description ? 'ticket-description-error' : '', 'ticket-description-count'].filter(Boolean).join(' ')}
            rows={5}
            maxLength={5000}
            {...form.register('description')}
          />
          <CharacterCount id="ticket-description-count" length={descriptionLength} min={DESCRIPTION_MIN} />
        </FormField>
        <Button type="submit" loading={isSubmitting} fullWidth>
          {isSubmitting ? null : <Send aria-hidden="true" className="size-4" />} Submit Ticket
        </Button>
      </form>
    </TitledCard>
  );
}

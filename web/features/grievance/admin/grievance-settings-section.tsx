import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CalendarOff, Trash2 } from 'lucide-react';
import { GrievanceSettingsInput, HolidayInput, type GrievanceSettingsView } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryStates } from '../../../components/ui/query-error';
import { TextField } from '../../../components/ui/text-field';
import { SettingsFormActions, SettingsSection, useSettingsForm } from '../../../components/admin/settings-form';
import { schemaResolver } from '../../../lib/admin/queries';
import { useAddHoliday, useGrievanceSettings, useHolidays, useRemoveHoliday, useSaveGrievanceSettings } from './grievance-admin-api';

type OfficerValues = { name: string; designation: string; phone: string; email: string };
type Values = { grievanceOfficer: OfficerValues; nodalOfficer: OfficerValues };
const blank: OfficerValues = { name: '', designation: '', phone: '', email: '' };
const FIELDS = [
  'grievanceOfficer.name',
  'grievanceOfficer.designation',
  'grievanceOfficer.phone',
  'grievanceOfficer.email',
  'nodalOfficer.name',
  'nodalOfficer.designation',
  'nodalOfficer.phone',
  'nodalOfficer.email',
] as const;
const valuesOf = (s: GrievanceSettingsView): Values => ({ grievanceOfficer: s.grievanceOfficer ?? blank, nodalOfficer: s.nodalOfficer ?? blank });

function OfficersForm({ settings }: { settings: GrievanceSettingsView }) {
  const { form, onSubmit, discard } = useSettingsForm(GrievanceSettingsInput, settings, valuesOf, useSaveGrievanceSettings(), FIELDS);
  const { isSubmitting, isDirty } = form.formState;
  const officer = (key: keyof Values, title: string, description: string) => (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name={`${key}.name`} id={`${key}-name`} label="Name" maxLength={120} autoComplete="off" />
        <TextField form={form} name={`${key}.designation`} id={`${key}-designation`} label="Designation" maxLength={120} autoComplete="off" />
        <TextField form={form} name={`${key}.phone`} id={`${key}-phone`} label="Phone" type="tel" maxLength={20} autoComplete="off" />
        <TextField form={form} name={`${key}.email`} id={`${key}-email`} label="Email" type="email" maxLength={254} autoComplete="off" />
      </CardContent>
    </Card>
  );
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid items-start gap-5 lg:grid-cols-2" aria-label="Grievance officers">
      {officer('grievanceOfficer', 'Grievance Officer', 'Answers complaints; printed on the Grievance Redressal page and on every invoice.')}
      {officer('nodalOfficer', 'Nodal Officer', 'The contact for the authorities and for complainants not satisfied with an answer.')}
      <SettingsFormActions dirty={isDirty} submitting={isSubmitting} onDiscard={discard} saveLabel="Save officers" />
    </form>
  );
}

const DAY_TEXT = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function Holidays() {
  const list = useHolidays();
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const [removing, setRemoving] = useState<string | null>(null);
  const form = useForm<{ day: string; name: string }, unknown, z.output<typeof HolidayInput>>({
    resolver: schemaResolver<{ day: string; name: string }, typeof HolidayInput>(HolidayInput),
    defaultValues: { day: '', name: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    if ((await add.run(values, { setError: form.setError, fields: ['day', 'name'] })).ok) form.reset();
  });
  const items = list.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={CalendarOff}>Holidays</CardTitle>
        <CardDescription>The 48-working-hour clock counts Monday to Saturday, 09:00 to 18:00 IST, and skips these days.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" aria-label="Add a holiday">
          <TextField form={form} name="day" id="holiday-day" label="Day" type="date" />
          <TextField form={form} name="name" id="holiday-name" label="Holiday" maxLength={80} placeholder="Diwali" />
          <Button type="submit" loading={form.formState.isSubmitting}>
            Add holiday
          </Button>
        </form>
        <QueryStates
          query={list}
          what="holidays"
          empty={items.length === 0 && <EmptyState icon={CalendarOff} title="No holidays yet" description="Only Sundays are skipped until you add holidays." />}
        >
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Holidays">
            {items.map((h) => (
              <li key={h.day} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{h.name}</span>
                  <span className="block text-xs text-slate-500">{DAY_TEXT.format(new Date(`${h.day}T00:00:00Z`))}</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  icon={Trash2}
                  loading={removing === h.day}
                  aria-label={`Remove ${h.name}`}
                  onClick={async () => {
                    setRemoving(h.day);
                    await remove.run(h.day);
                    setRemoving(null);
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </QueryStates>
      </CardContent>
    </Card>
  );
}

/** Settings > Grievance Redressal: the grievance and nodal officers and the holidays of the complaint clock. */
export function GrievanceSettingsSection() {
  return (
    <SettingsSection
      title="Grievance Redressal"
      description="The officers published on the Grievance Redressal page and on invoices, and the holidays the complaint clock skips."
      query={useGrievanceSettings()}
      errorTitle="Failed to load the grievance officers"
      loadingLabel="Loading grievance officers..."
      form={(settings) => <OfficersForm settings={settings} />}
    >
      <Holidays />
    </SettingsSection>
  );
}

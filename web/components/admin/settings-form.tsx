import { Fragment, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { schemaResolver } from '../../lib/admin/queries';
import type { ApiOutcome } from '../../lib/mutation';
import { Button } from '../ui/button';
import { QueryStates, type ListQuery } from '../ui/query-error';
import { SectionHeader } from './section-header';

/**
 * A page of Settings: its header, then the form of the settings once they are read. `form` is given the settings;
 * each save (a new updatedAt) starts a new form with the saved values. `children` follow the form.
 */
export function SettingsSection<S extends { updatedAt?: string | null }>({
  title,
  description,
  query,
  errorTitle,
  loadingLabel,
  form,
  children,
}: {
  title: string;
  description: string;
  query: ListQuery & { data?: S };
  errorTitle: string;
  loadingLabel: string;
  form: (settings: S) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="Settings" title={title} description={description} />
      <QueryStates query={query} errorTitle={errorTitle} loadingLabel={loadingLabel}>
        {query.data ? <Fragment key={query.data.updatedAt ?? 'new'}>{form(query.data)}</Fragment> : null}
      </QueryStates>
      {children}
    </div>
  );
}

/** The buttons below a settings form: Discard changes (back to the saved values) and the save button. */
export function SettingsFormActions({ dirty, submitting, onDiscard, saveLabel, children }: { dirty: boolean; submitting: boolean; onDiscard: () => void; saveLabel: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 lg:col-span-2">
      {children}
      <Button variant="outline" disabled={!dirty || submitting} onClick={onDiscard}>
        Discard changes
      </Button>
      <Button type="submit" loading={submitting}>
        {saveLabel}
      </Button>
    </div>
  );
}

/**
 * The form of a settings page: it starts from the saved settings (validated on touch), saves with `save` (the
 * server's field errors land on `fields`) and starts again from what was saved; `discard` goes back to the saved values.
 */
export function useSettingsForm<V extends FieldValues, S extends z.ZodType, D>(
  schema: S,
  settings: D,
  valuesOf: (settings: D) => V,
  save: { run: (vars: z.output<S>, call: { setError: UseFormSetError<V>; fields: readonly string[] }) => Promise<ApiOutcome<D>> },
  fields: readonly string[],
) {
  const form = useForm<V, unknown, z.output<S>>({ resolver: schemaResolver<V, S>(schema), defaultValues: valuesOf(settings) as DefaultValues<V>, mode: 'onTouched' });
  const onSubmit = form.handleSubmit(async (values) => {
    const done = await save.run(values, { setError: form.setError, fields });
    if (done.ok) form.reset(valuesOf(done.data));
  });
  return { form, onSubmit, discard: () => form.reset(valuesOf(settings)) };
}

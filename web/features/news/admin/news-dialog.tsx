import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NEWS_PRIORITIES, NEWS_TYPES, NewsInput, NewsPatch } from '@contracts';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, FormFooter } from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input, Options } from '../../../components/ui/input';
import { titleCase } from '../../../lib/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { useSaveNews, type NewsView } from './news-api';
import { fromLocalInput, toLocalInput } from './news-state';
import { saveAndClose } from '../../../lib/mutation';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';

type Values = { title: string; content: string; type: string; priority: string; isActive: boolean; publishedAt: string; expiresAt: string };
const FIELDS = ['title', 'content', 'type', 'priority', 'isActive', 'publishedAt', 'expiresAt'] as const;

const withIso = (v: unknown) => {
  const x = v as Values;
  return { ...x, publishedAt: fromLocalInput(x.publishedAt), expiresAt: fromLocalInput(x.expiresAt) };
};
/** Create: blank dates are left out (publish now, never expire). */
const CreateForm = z.preprocess(withIso, NewsInput);
/** Edit: a cleared date is sent as null, which removes it. */
const EditForm = z.preprocess((v) => {
  const x = withIso(v);
  return { ...x, publishedAt: x.publishedAt || null, expiresAt: x.expiresAt || null };
}, NewsPatch);

/** Write or edit a news item (NewsInput / NewsPatch of the contracts); dates are the admin's local time. */
export function NewsDialog({ item, onClose }: { item: NewsView | null; onClose: () => void }) {
  const save = useSaveNews(item?.id ?? null);
  const editing = item !== null;
  const form = useForm<Values, unknown, z.output<typeof CreateForm> | z.output<typeof EditForm>>({
    resolver: editing ? schemaResolver<Values, typeof EditForm>(EditForm) : schemaResolver<Values, typeof CreateForm>(CreateForm),
    defaultValues: {
      title: item?.title ?? '',
      content: item?.content ?? '',
      type: item?.type ?? 'announcement',
      priority: item?.priority ?? 'normal',
      isActive: item?.isActive ?? true,
      publishedAt: toLocalInput(item?.publishedAt ?? null),
      expiresAt: toLocalInput(item?.expiresAt ?? null),
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;

  const onSubmit = form.handleSubmit(saveAndClose(save, form.setError, FIELDS, onClose));

  return (
    <Dialog open onOpenChange={(next) => !next && !isSubmitting && onClose()}>
      <DialogContent title={editing ? 'Edit News' : 'Write News'} description="Members see active news between its publication and expiry times." className="sm:max-w-xl">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <FormField id="news-title" label="Title" error={err('title')} hint="At least 5 characters.">
            <Input maxLength={200} autoFocus {...fieldA11y('news-title', err('title'), true)} {...form.register('title')} />
          </FormField>
          <TextareaField id="news-content" label="Content" error={err('content')} hint="At least 20 characters." rows={5} maxLength={10000} registration={form.register('content')} />
          <div className="grid gap-4 min-[480px]:grid-cols-2">
            <SelectField id="news-type" label="Type" error={err('type')} registration={form.register('type')}>
              <Options values={NEWS_TYPES} label={titleCase} />
            </SelectField>
            <SelectField id="news-priority" label="Priority" error={err('priority')} registration={form.register('priority')}>
              <Options values={NEWS_PRIORITIES} label={titleCase} />
            </SelectField>
            <FormField id="news-published" label="Publish at" optional error={err('publishedAt')} hint="Blank: at once.">
              <Input type="datetime-local" {...fieldA11y('news-published', err('publishedAt'), true)} {...form.register('publishedAt')} />
            </FormField>
            <FormField id="news-expires" label="Expires at" optional error={err('expiresAt')} hint="Blank: never.">
              <Input type="datetime-local" {...fieldA11y('news-expires', err('expiresAt'), true)} {...form.register('expiresAt')} />
            </FormField>
          </div>
          <div className="flex items-start gap-3 rounded-xl border border-slate-200 p-3">
            <Checkbox id="news-active" checked={form.watch('isActive')} onCheckedChange={(c) => form.setValue('isActive', c === true, { shouldDirty: true })} className="mt-0.5" />
            <label htmlFor="news-active" className="cursor-pointer text-sm">
              <span className="block font-medium text-slate-900">Active</span>
              <span className="text-slate-500">Inactive news is kept but never shown to members.</span>
            </label>
          </div>
          <FormFooter onCancel={onClose} busy={isSubmitting}>
            {editing ? 'Save Changes' : 'Publish News'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

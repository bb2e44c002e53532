import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Eye, FilePlus2, FileSignature } from 'lucide-react';
import { AGREEMENT_BODY_MAX, AGREEMENT_TITLE_MAX, PublishAgreementRequest, type AgreementVersionView } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { QueryStates } from '../../../components/ui/query-error';
import { DataTable, type Column } from '../../../components/ui/table';
import { SectionHeader } from '../../../components/admin/section-header';
import { formatCount, formatDateTimeIN } from '../../../lib/admin/format';
import { schemaResolver } from '../../../lib/admin/queries';
import { useAdminAgreements, usePublishAgreement } from '../api';
import { AgreementText } from '../agreement-text';

type Values = { title: string; body: string };
const FIELDS = ['title', 'body'] as const;

/** Publish a new version: prefilled with the text in force, edited into the next one (the published one never changes). */
function PublishDialog({ current }: { current: AgreementVersionView | undefined }) {
  const [open, setOpen] = useState(false);
  const publish = usePublishAgreement();
  const form = useForm<Values, unknown, z.output<typeof PublishAgreementRequest>>({
    resolver: schemaResolver<Values, typeof PublishAgreementRequest>(PublishAgreementRequest),
    values: { title: current?.title ?? 'Direct Seller Agreement', body: current?.body ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if ((await publish.run(values, { setError: form.setError, fields: FIELDS })).ok) setOpen(false);
  });
  const next = (current?.version ?? 0) + 1;
  return (
    <FormDialog
      state={{ open, setOpen, busy: isSubmitting }}
      icon={FilePlus2}
      title="Publish New Version"
      description={`Version ${next} is in force as soon as it is published: every member accepts it at their next sign-in. A published version is never edited.`}
      submitLabel={`Publish version ${next}`}
      onSubmit={onSubmit}
    >
      <FormField id="agreement-title" label="Title" error={errors.title?.message}>
        <Input maxLength={AGREEMENT_TITLE_MAX} {...fieldA11y('agreement-title', errors.title?.message)} {...form.register('title')} />
      </FormField>
      <FormField
        id="agreement-body"
        label="Agreement text"
        error={errors.body?.message}
        hint="Plain text. Leave a blank line between paragraphs; a line such as “3. Identity card” reads as a heading."
      >
        <Textarea rows={14} maxLength={AGREEMENT_BODY_MAX} className="font-mono text-xs" {...fieldA11y('agreement-body', errors.body?.message)} {...form.register('body')} />
      </FormField>
    </FormDialog>
  );
}

function ViewText({ version, onClose }: { version: AgreementVersionView | null; onClose: () => void }) {
  return (
    <Dialog open={version !== null} onOpenChange={(o) => !o && onClose()}>
      {version ? (
        <DialogContent title={`${version.title} (version ${version.version})`} description={`In force from ${formatDateTimeIN(version.effectiveFrom)}`}>
          <div tabIndex={0} role="region" aria-label={`Text of version ${version.version}`} className="max-h-[60vh] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50/60 p-4">
            <AgreementText body={version.body} />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** Seller Agreement (issue 32): the Direct Seller Agreement's versions, the one in force and publishing the next. */
export function AgreementsSection() {
  const query = useAdminAgreements();
  const [viewing, setViewing] = useState<AgreementVersionView | null>(null);
  const versions = query.data?.versions ?? [];
  const current = versions.find((v) => v.inForce);
  const columns: Column<AgreementVersionView>[] = [
    { header: 'Version', cell: (v) => <span className="font-semibold text-slate-900">v{v.version}</span>, card: true },
    { header: 'Title', cell: (v) => v.title, card: 'wide' },
    { header: 'In force from', cell: (v) => formatDateTimeIN(v.effectiveFrom), card: true },
    { header: 'Acceptances', cell: (v) => formatCount(v.acceptances), className: 'tabular-nums', card: true },
    { header: 'Status', cell: (v) => (v.inForce ? <Badge tone="success">In force</Badge> : <Badge tone="neutral">Superseded</Badge>), card: true },
    {
      header: 'Text',
      cell: (v) => (
        <Button size="sm" variant="outline" icon={Eye} onClick={() => setViewing(v)} aria-label={`Read version ${v.version}`}>
          Read
        </Button>
      ),
      card: 'after',
    },
  ];
  return (
    <div className="space-y-6">
      <SectionHeader
        eyebrow="Settings"
        title="Seller Agreement"
        description="The Direct Seller Agreement every seller accepts when joining (Consumer Protection (Direct Selling) Rules, 2021). A new version is accepted by each member at their next sign-in."
        actions={query.data ? <PublishDialog current={current} /> : null}
      />
      <QueryStates query={query} what="the agreement versions">
        {current ? (
          <Card aria-labelledby="agreement-in-force">
            <CardHeader>
              <CardTitle id="agreement-in-force" icon={FileSignature}>
                In force: {current.title}, version {current.version}
              </CardTitle>
              <CardDescription>
                Since {formatDateTimeIN(current.effectiveFrom)} · accepted by {formatCount(current.acceptances)} {current.acceptances === 1 ? 'member' : 'members'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <div tabIndex={0} role="region" aria-label="Text of the agreement in force" className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50/60 p-4">
                <AgreementText body={current.body} />
              </div>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardContent className="py-8 text-center text-sm text-slate-600">No version has been published yet. Publish the first one so that joining forms can show it.</CardContent>
          </Card>
        )}
        <Card aria-labelledby="agreement-versions">
          <CardHeader>
            <CardTitle id="agreement-versions">All versions</CardTitle>
            <CardDescription>Newest first. Published versions are kept as they were accepted.</CardDescription>
          </CardHeader>
          <CardContent>
            <DataTable label="Agreement versions" rows={versions} rowKey={(v) => v.id} rowData={(v) => ({ 'data-version': String(v.version) })} columns={columns} />
          </CardContent>
        </Card>
      </QueryStates>
      <ViewText version={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp } from 'lucide-react';
import { REFERRAL_PACKAGE_AMOUNT } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toastError } from '../../components/ui/toast';
import type { ApiFailure } from '../../lib/mutation';
import { applyFieldErrors } from '../../lib/form-errors';
import { isEmailTaken, useCompleteRegistration } from './api';
import { DocumentPicker } from './document-picker';
import { COPY, REFERRAL_DOCUMENTS, type DocumentKey } from './documents';
import { AddressSection, BankSection, FormSection, KycSection, PersonalSection } from './form-sections';
import { FORM_FIELDS, ReferralForm } from './registration-schema';
import { AgreementConsent } from '../agreement';
import { useDocumentUploads, type DocumentUploads } from './use-document-uploads';

const plural = (n: number) => `${n} document${n === 1 ? '' : 's'}`;

/** The hints above the submit button (doc 1 §2): failed documents, a wait message, or ready with the count. */
function UploadHints({ summary }: { summary: DocumentUploads['summary'] }) {
  if (summary.failed > 0) {
    return (
      <Alert tone="warning" role="status" title={`${plural(summary.failed)} failed to upload`}>
        Retry the upload, or remove the file to proceed without it.
      </Alert>
    );
  }
  if (summary.busy > 0) {
    return (
      <Alert tone="info" role="status" title="Processing documents">
        Please wait while your documents are compressed and uploaded...
      </Alert>
    );
  }
  if (summary.ready > 0) {
    return (
      <Alert tone="success" role="status" title="Ready to submit">
        {plural(summary.ready)} will be included with your registration.
      </Alert>
    );
  }
  return null;
}

function toastUploadIssues() {
  toastError('Please wait for uploads to finish, or retry or remove the documents that failed.', COPY.uploadIssues);
}

const isDocumentKey = (k: string): k is DocumentKey => REFERRAL_DOCUMENTS.some((d) => d.key === k);

/** S7 referral registration form (doc 1 §2, §5, §8; doc 3 §5.2, §8). */
export function RegistrationForm({ token, email, onDone }: { token: string; email?: string | null; onDone: (message: string) => void }) {
  const uploads = useDocumentUploads();
  const complete = useCompleteRegistration(token);
  const form = useForm({
    resolver: zodResolver(ReferralForm),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: email ?? '',
      mobile: '',
      nominee: '',
      password: '',
      address: '',
      city: '',
      state: '',
      pincode: '',
      panNumber: '',
      aadhaarNumber: '',
      bankAccountNumber: '',
      bankIFSC: '',
      bankName: '',
      bankAccountHolderName: '',
      packageAmount: REFERRAL_PACKAGE_AMOUNT,
      referralToken: token,
    },
  });
  const { isSubmitting } = form.formState;
  const unresolved = uploads.summary.busy + uploads.summary.failed > 0;

  function refused(failure: ApiFailure) {
    if (isEmailTaken(failure)) {
      form.setError('email', { type: 'server', message: COPY.emailTaken }, { shouldFocus: true });
      return;
    }
    applyFieldErrors(form.setError, failure.error.fieldErrors, FORM_FIELDS);
    for (const [field, messages] of Object.entries(failure.error.fieldErrors ?? {})) {
      if (isDocumentKey(field) && messages?.[0]) uploads.fail(field, messages[0]);
    }
  }

  const submit = form.handleSubmit(async (values) => {
    // The documents go as files of a form, after the text fields, read by the server as a stream.
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null) body.set(name, String(value));
    for (const doc of uploads.documents()) body.set(doc.field, doc.blob, doc.fileName);
    const res = await complete.run(body);
    if (res.ok) onDone(res.data?.message || COPY.submitted);
    else if (res.failure) refused(res.failure);
  });

  // Submit is blocked while any upload is in progress or failed (doc 1 §5), Enter key included.
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (unresolved) {
      e.preventDefault();
      toastUploadIssues();
      return;
    }
    void submit(e);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-busy={isSubmitting || undefined}>
      <input type="hidden" {...form.register('packageAmount')} />
      <input type="hidden" {...form.register('referralToken')} />
      <PersonalSection form={form} />
      <AddressSection form={form} />
      <KycSection form={form} />
      <BankSection form={form} />
      <FormSection
        id="document-upload"
        icon={<FileUp aria-hidden="true" className="size-[18px]" />}
        title="Document Upload"
        description="JPG, PNG or PDF, less than 10MB each. Images are compressed before upload."
        optional
      >
        <div className="space-y-3">
          {REFERRAL_DOCUMENTS.map((doc) => (
            <DocumentPicker
              key={doc.key}
              doc={doc}
              state={uploads.states[doc.key]}
              disabled={isSubmitting}
              onSelect={(file) => uploads.select(doc.key, file)}
              onRetry={() => uploads.retry(doc.key)}
              onRemove={() => uploads.remove(doc.key)}
            />
          ))}
        </div>
      </FormSection>
      <AgreementConsent
        value={form.watch('agreementVersion') as number | undefined}
        onChange={(v) => form.setValue('agreementVersion', v as number, { shouldValidate: form.formState.isSubmitted })}
        error={form.formState.errors.agreementVersion?.message}
      />
      <div className="space-y-4 border-t border-slate-100 pt-6">
        <UploadHints summary={uploads.summary} />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={isSubmitting}
          aria-disabled={unresolved || undefined}
          className="h-auto! min-h-11 py-2.5 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          <span className="text-center whitespace-normal">{isSubmitting ? 'Creating Account...' : unresolved ? 'Complete Registration (Resolving Upload Issues...)' : 'Complete Registration'}</span>
        </Button>
        <p className="text-center text-xs text-slate-500">An admin reviews every registration.</p>
      </div>
    </form>
  );
}

import { agreementCheckboxLabel } from '@contracts';
import { NativeCheckbox } from '../../components/ui/native-checkbox';
import { useCurrentAgreement } from './current-agreement';
import { AgreementText } from './agreement-text';

/**
 * The Direct Seller Agreement on a joining form (signup, referral registration, invitation; issue 32): the text in
 * force in a scrollable box and the required checkbox. Ticking it gives the form the version shown, which the server
 * checks is still the one in force.
 */
export function AgreementConsent({ value, onChange, error }: { value: number | undefined; onChange: (version: number | undefined) => void; error?: string }) {
  const current = useCurrentAgreement();
  const agreement = current.data?.agreement;
  if (current.isPending) return <p className="text-sm text-slate-500">Loading the Direct Seller Agreement...</p>;
  if (current.isError) return <p className="text-sm text-red-700">The Direct Seller Agreement could not be loaded. Please reload the page.</p>;
  if (!agreement) return null;
  const errorId = 'agreementVersion-error';
  return (
    <section aria-labelledby="agreement-heading" className="rounded-xl border border-slate-200 bg-slate-50/60">
      <h2 id="agreement-heading" className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        {agreement.title}
        <span className="ml-auto text-xs font-medium text-slate-500">Version {agreement.version}</span>
      </h2>
      {/* Focusable so that a keyboard can scroll it (a scrollable region must be reachable). */}
      <div
        tabIndex={0}
        role="region"
        aria-label={`${agreement.title}, version ${agreement.version}`}
        className="max-h-56 overflow-y-auto px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand-500"
        data-testid="agreement-text"
      >
        <AgreementText body={agreement.body} />
      </div>
      <div className="border-t border-slate-200 px-4 py-3">
        <div className="flex items-start gap-3">
          <NativeCheckbox
            id="agreementVersion"
            checked={value === agreement.version}
            onChange={(e) => onChange(e.target.checked ? agreement.version : undefined)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-0.5"
          />
          <label htmlFor="agreementVersion" className="cursor-pointer text-sm font-medium text-slate-900">
            {agreementCheckboxLabel(agreement.version)}
          </label>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}

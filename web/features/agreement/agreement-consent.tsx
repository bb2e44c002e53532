import { NativeCheckbox } from '../../components/ui/native-checkbox';
import { useCurrentAgreement } from './current-agreement';
import { AgreementScroll } from './agreement-text';
import { AgreementTick } from './agreement-tick';

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
  return (
    <section aria-labelledby="agreement-heading" className="rounded-xl border border-slate-200 bg-slate-50/60">
      <h2 id="agreement-heading" className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        {agreement.title}
        <span className="ml-auto text-xs font-medium text-slate-500">Version {agreement.version}</span>
      </h2>
      <AgreementScroll agreement={agreement} className="max-h-56 px-4 py-3" testId="agreement-text" />
      <AgreementTick
        id="agreementVersion"
        version={agreement.version}
        error={error}
        className="border-t border-slate-200 px-4 py-3"
        box={(a11y) => <NativeCheckbox {...a11y} checked={value === agreement.version} onChange={(e) => onChange(e.target.checked ? agreement.version : undefined)} />}
      />
    </section>
  );
}

import { FileSignature } from 'lucide-react';
import { AGREEMENT_MSG } from '@contracts';
import { TitledCard } from '../../components/ui/card';
import { DownloadButton } from '../../components/ui/download-button';
import { formatDateTimeIN } from '../../lib/admin/format';
import { useMyAgreement } from './api';

/** Settings: the Direct Seller Agreement the member accepted (issue 32), its version and time, and the PDF. */
export function AgreementDownloadCard() {
  const mine = useMyAgreement();
  const accepted = mine.data?.accepted;
  return (
    <TitledCard id="agreement-title" icon={FileSignature} title="Direct Seller Agreement" description="Your written contract with the company as a direct seller." contentClassName="pt-3">
      {mine.isPending ? (
        <p className="text-sm text-slate-500">Loading...</p>
      ) : accepted ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            You accepted <span className="font-semibold text-slate-900">version {accepted.version}</span> on {formatDateTimeIN(accepted.acceptedAt)}.
          </p>
          <DownloadButton variant="outline" size="sm" href="/api/agreement/pdf?download=1" fileName={`direct-seller-agreement-v${accepted.version}.pdf`} label="Download agreement (PDF)" />
        </div>
      ) : (
        <p className="text-sm text-slate-500">{AGREEMENT_MSG.noneAccepted}</p>
      )}
    </TitledCard>
  );
}

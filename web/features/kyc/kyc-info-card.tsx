import { CreditCard, Eye, Fingerprint, Landmark, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import type { KycInfo, KycInfoDocument } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { InlineLoader } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { useKycInfo } from './api';
import { viewDocument } from './view-document';

type Look = { label: string; tone: BadgeTone };
const STATUS: Record<string, Look> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  not_submitted: { label: 'Not Submitted', tone: 'neutral' },
};
/** An unknown status reads as Pending (doc 3 §2.2). */
const lookOf = (status: string): Look => STATUS[status] ?? STATUS.pending;

const TILES: { key: keyof KycInfo['documents']; type: string; icon: LucideIcon }[] = [
  { key: 'panCard', type: 'PAN Card', icon: CreditCard },
  { key: 'aadhaarCard', type: 'Aadhaar Card', icon: Fingerprint },
  { key: 'bankStatement', type: 'Bank Statement', icon: Landmark },
  { key: 'photo', type: 'Profile Photo', icon: UserRound },
];

const DAY_MS = 86_400_000;

function DocumentTile({ type, icon: Icon, doc }: { type: string; icon: LucideIcon; doc: KycInfoDocument }) {
  const look = lookOf(doc.status);
  const viewable = Boolean(doc.url || doc.documentData);
  return (
    <li aria-label={type} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 shadow-xs ring-1 ring-slate-200">
        <Icon aria-hidden="true" className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 pt-0.5 text-sm font-semibold text-slate-900">{type}</h3>
          <Badge tone={look.tone}>{look.label}</Badge>
        </div>
        <p className="text-xs text-slate-500">{doc.status === 'not_submitted' ? 'Not uploaded yet' : doc.documentType && doc.documentType !== type ? doc.documentType : 'Uploaded'}</p>
        {doc.reason ? (
          <p className="text-xs font-medium text-red-700">
            <span className="font-semibold">Reason:</span> {doc.reason}
          </p>
        ) : null}
        {viewable ? (
          <Button variant="outline" size="sm" className="mt-1" onClick={() => viewDocument(type, doc)} aria-label={`View ${type}`}>
            <Eye aria-hidden="true" className="size-3.5" /> View
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function Deadline({ info }: { info: KycInfo }) {
  if (!info.deadline) return null;
  const date = formatDate(info.deadline);
  if (info.deadlinePassed) {
    return (
      <Alert tone="danger" title="The KYC deadline has passed">
        The deadline was {date}. Withdrawals stay locked until your documents are approved.
      </Alert>
    );
  }
  const days = Math.max(1, Math.ceil((Date.parse(info.deadline) - Date.now()) / DAY_MS));
  return (
    <Alert tone="warning" title={`Complete your KYC by ${date}`}>
      <span className="font-semibold">
        {days} {days === 1 ? 'day' : 'days'} left.
      </span>{' '}
      Withdrawals unlock once all your documents are approved.
    </Alert>
  );
}

/** The KYC information card (doc 3 §2.2, decisions §7): overall status, four document tiles, the deadline. */
export function KycInfoCard() {
  const { data: info, isPending, isError, error, refetch, isFetching } = useKycInfo();
  const overall = info ? lookOf(info.overallStatus) : null;
  const approved = info?.overallStatus === 'approved';
  return (
    <Card aria-labelledby="kyc-info-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle id="kyc-info-title" icon={ShieldCheck}>
            KYC Information
          </CardTitle>
          {overall ? (
            <Badge tone={overall.tone}>
              <span className="sr-only">Overall status: </span>
              {overall.label}
            </Badge>
          ) : null}
        </div>
        <CardDescription>{info?.lastUpdated ? `Last updated ${formatDate(info.lastUpdated)}` : 'Your identity, bank and photo documents.'}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 pt-4">
        {isPending ? <InlineLoader label="Loading KYC information..." /> : null}
        {isError ? <QueryError title="Could not load your KYC information" error={error} onRetry={() => void refetch()} retrying={isFetching} /> : null}
        {info ? (
          <>
            {info.overallReason ? (
              <Alert tone="danger" title="Why your KYC was rejected">
                {info.overallReason}
              </Alert>
            ) : null}
            <Deadline info={info} />
            <ul aria-label="KYC documents" className="grid gap-3 sm:grid-cols-2">
              {TILES.map((t) => (
                <DocumentTile key={t.key} type={t.type} icon={t.icon} doc={info.documents[t.key]} />
              ))}
            </ul>
          </>
        ) : null}
      </CardContent>
      <CardFooter>
        <LinkButton to="/kyc-upload" icon={ShieldCheck} variant={approved ? 'outline' : 'primary'}>
          {approved ? 'View KYC Documents' : 'Update KYC Documents'}
        </LinkButton>
        <p className="text-xs text-slate-500">PAN, Aadhaar (front and back), bank cancelled cheque and a profile photo.</p>
      </CardFooter>
    </Card>
  );
}

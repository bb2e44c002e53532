import { FileCheck2, KeyRound, ShieldCheck } from 'lucide-react';
import type { CurrentUser } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { LinkButton } from '../../components/ui/link-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Alert } from '../../components/ui/alert';
import { formatDate, fullName } from '../../lib/format';
import { KYC_STATUS_LABELS, ROLE_LABELS, STATUS_LABELS } from './labels';
import { termOf } from '../../components/ui/term';

const Row = termOf({ row: 'flex flex-wrap items-center justify-between gap-x-4 gap-y-0.5 py-3', term: 'text-sm text-slate-500', value: 'text-right text-sm font-medium break-all text-slate-900' });

/** The account as the server knows it: identity, status, role, rank. */
export function AccountDetailsCard({ user }: { user: CurrentUser }) {
  const status = STATUS_LABELS[user.status];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Overview</CardTitle>
        <CardDescription>Your account details as recorded on the platform.</CardDescription>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-slate-100">
          <Row term="User ID">
            <span className="font-mono">{user.userId}</span>
          </Row>
          <Row term="Name">{fullName(user, '—')}</Row>
          <Row term="Email">{user.email}</Row>
          <Row term="Status">
            <Badge tone={status.tone}>{status.label}</Badge>
          </Row>
          <Row term="Role">{ROLE_LABELS[user.role]}</Row>
          <Row term="Rank">{user.currentRank}</Row>
          <Row term="Activation date">{formatDate(user.activationDate, 'Not activated yet')}</Row>
          <Row term="Member since">{formatDate(user.createdAt)}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}

/** KYC status, deadline and the way to /kyc-upload. */
export function KycStatusCard({ user }: { user: CurrentUser }) {
  const kyc = KYC_STATUS_LABELS[user.kycStatus] ?? KYC_STATUS_LABELS.pending;
  const deadline = user.kycDeadline && user.kycStatus !== 'approved' ? formatDate(user.kycDeadline, '') : '';
  // The 7-day window of decisions §3 is over: withdrawals stay locked until approval.
  const passed = Boolean(deadline && user.kycDeadline && Date.parse(user.kycDeadline) < Date.now());
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle icon={FileCheck2}>KYC Status</CardTitle>
          <Badge tone={kyc.tone}>{kyc.label}</Badge>
        </div>
        <CardDescription>PAN card, Aadhaar (front and back), bank cancelled cheque or statement, and a profile photo.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 pt-3">
        {deadline && passed ? (
          <Alert tone="danger" title="The KYC deadline has passed">
            The deadline was {deadline}. Withdrawals stay locked until your documents are approved.
          </Alert>
        ) : deadline ? (
          <Alert tone={user.kycStatus === 'rejected' ? 'danger' : 'warning'} title="KYC deadline">
            Complete your KYC by {deadline}.
          </Alert>
        ) : null}
        {user.kycStatus === 'rejected' ? <p className="text-sm text-slate-600">One or more documents were rejected. Replace them on the KYC page.</p> : null}
        <LinkButton to="/kyc-upload" icon={ShieldCheck} variant={user.kycStatus === 'approved' ? 'outline' : 'primary'}>
          {user.kycStatus === 'approved' ? 'View KYC Documents' : 'Update KYC Documents'}
        </LinkButton>
      </CardContent>
    </Card>
  );
}

export function SecurityCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={KeyRound}>Security</CardTitle>
        <CardDescription>Keep your account safe with a strong password.</CardDescription>
      </CardHeader>
      <CardContent className="pt-3">
        <LinkButton to="/change-password" variant="outline">
          Change Password
        </LinkButton>
      </CardContent>
    </Card>
  );
}

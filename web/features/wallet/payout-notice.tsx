import { Link } from 'react-router';
import { BANK_VERIFICATION_MSG, MSG, payoutHoldMessage, type PayoutStatus } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';

/**
 * Why a withdrawal of this type is not open now, in the server's words (issue 13: only to the profile's payout
 * details, a bank account only once KYC verified it, nothing within 24 hours of a change); null when it is open.
 */
export function payoutBlock(p: PayoutStatus, type: 'bank' | 'usdt'): string | null {
  if (type === 'bank' && p.bankVerification !== 'verified') return BANK_VERIFICATION_MSG[p.bankVerification];
  if (type === 'usdt' && !p.cryptoWalletAddress) return MSG.payoutNoCryptoWallet;
  return holdText(p);
}

/** "Payout details changed on …; withdrawals to them open on … (24-hour security hold)." while the hold runs. */
export function holdText(p: PayoutStatus): string | null {
  return p.holdUntil ? payoutHoldMessage(formatDateTime(p.changedAt), formatDateTime(p.holdUntil)) : null;
}

/** The wallet page's notice of the hold and of a bank account KYC has not verified (yet), with where to fix it. */
export function PayoutNotice({ payout, id }: { payout: PayoutStatus; id?: string }) {
  const hold = holdText(payout);
  const unverified = payout.bankVerification === 'verified' ? null : BANK_VERIFICATION_MSG[payout.bankVerification];
  if (!hold && !unverified) return null;
  const fixAt = payout.bankVerification === 'none' ? { to: '/settings', label: 'Open Profile' } : { to: '/kyc-upload', label: 'Open KYC' };
  return (
    <div id={id} className="space-y-3">
      {hold ? (
        <Alert tone="warning" role="status" title="24-hour security hold on withdrawals">
          {hold} If you did not change them, contact support at once and change your password.
        </Alert>
      ) : null}
      {unverified ? (
        <Alert
          tone="info"
          role="status"
          title={payout.bankVerification === 'none' ? 'No bank account on your profile' : 'Bank account not verified yet'}
          action={
            payout.bankVerification === 'pending' ? undefined : (
              <Button asChild size="sm" variant="outline">
                <Link to={fixAt.to}>{fixAt.label}</Link>
              </Button>
            )
          }
        >
          {unverified}
          {payout.cryptoWalletAddress && !hold ? ' USDT withdrawals to the wallet on your profile are open.' : ''}
        </Alert>
      ) : null}
    </div>
  );
}

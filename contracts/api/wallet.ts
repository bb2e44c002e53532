import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { pageOf, created, ok } from '../route-contract';
import { okOrApproval } from '../approvals';
import {
  AdminWithdrawal,
  ApproveWithdrawalRequest,
  FundHistoryQuery,
  FundHistoryRecord,
  LedgerPage,
  PageQuery,
  RejectWithdrawalRequest,
  SendFundApplied,
  SendFundRequest,
  WalletBalanceRow,
  WalletBalancesQuery,
  WalletSummary,
  WithdrawalAnswer,
  WithdrawalIdParam,
  WithdrawalRequest,
  WithdrawalView,
  WithdrawPersonallyRequest,
} from '../wallet';

const adminList = (summary: string) => ok(summary, z.array(AdminWithdrawal));

/** The member's wallet and withdrawals; the admin's withdrawal and fund sections. */
export const WALLET_API = {
  'GET /api/wallet': ok('Own balance, earnings, withdrawals and where withdrawals may go', WalletSummary),
  'GET /api/wallet/transactions': ok('Own ledger, newest first', LedgerPage, { query: PageQuery }),
  'GET /api/withdrawals': ok('Own withdrawal requests', z.array(WithdrawalView)),
  'POST /api/withdrawals': created('Request a withdrawal (debits the wallet now); Idempotency-Key', WithdrawalAnswer, { body: WithdrawalRequest }),
  'GET /api/admin/withdrawals': adminList('Every withdrawal request'),
  'GET /api/admin/pending-withdrawals': adminList('Pending withdrawal requests'),
  'GET /api/admin/approved-withdrawals': adminList('Approved withdrawal requests'),
  'GET /api/admin/rejected-withdrawals': adminList('Rejected withdrawal requests'),
  'POST /api/admin/approve-withdrawal/:id': ok('Approve a pending withdrawal (step-up)', WithdrawalAnswer, { params: WithdrawalIdParam, body: ApproveWithdrawalRequest }),
  'POST /api/admin/reject-withdrawal/:id': ok('Reject a pending withdrawal; the amount returns to the wallet', WithdrawalAnswer, { params: WithdrawalIdParam, body: RejectWithdrawalRequest }),
  'POST /api/admin/reactivate-withdrawal/:id': ok('Reconsider a rejected withdrawal', WithdrawalAnswer, { params: WithdrawalIdParam }),
  'POST /api/admin/send-fund': okOrApproval('Credit or debit a wallet (step-up); above the approval amount it waits for a second admin (202)', SendFundApplied, { body: SendFundRequest }),
  'POST /api/admin/withdraw-personally': created("Create a withdrawal for a member to their profile's payout details (step-up)", WithdrawalAnswer, { body: WithdrawPersonallyRequest }),
  'GET /api/admin/fund-history': ok('Every ledger row, newest first', pageOf(FundHistoryRecord), { query: FundHistoryQuery }),
  'GET /api/admin/wallet-balances': ok('Wallet balances, largest first', pageOf(WalletBalanceRow), { query: WalletBalancesQuery }),
} as const satisfies Record<string, RouteContract>;

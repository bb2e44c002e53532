import { z } from 'zod';
import type { RouteContract } from '../route-contract';
import { pageOf } from '../route-contract';
import { ApprovalRequested } from '../approvals';
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

const adminList = (summary: string) => ({ summary, response: { 200: z.array(AdminWithdrawal) } });

/** The member's wallet and withdrawals; the admin's withdrawal and fund sections. */
export const WALLET_API = {
  'GET /api/wallet': { summary: 'Own balance, earnings, withdrawals and where withdrawals may go', response: { 200: WalletSummary } },
  'GET /api/wallet/transactions': { summary: 'Own ledger, newest first', query: PageQuery, response: { 200: LedgerPage } },
  'GET /api/withdrawals': { summary: 'Own withdrawal requests', response: { 200: z.array(WithdrawalView) } },
  'POST /api/withdrawals': { summary: 'Request a withdrawal (debits the wallet now); Idempotency-Key', body: WithdrawalRequest, response: { 201: WithdrawalAnswer } },
  'GET /api/admin/withdrawals': adminList('Every withdrawal request'),
  'GET /api/admin/pending-withdrawals': adminList('Pending withdrawal requests'),
  'GET /api/admin/approved-withdrawals': adminList('Approved withdrawal requests'),
  'GET /api/admin/rejected-withdrawals': adminList('Rejected withdrawal requests'),
  'POST /api/admin/approve-withdrawal/:id': { summary: 'Approve a pending withdrawal (step-up)', params: WithdrawalIdParam, body: ApproveWithdrawalRequest, response: { 200: WithdrawalAnswer } },
  'POST /api/admin/reject-withdrawal/:id': {
    summary: 'Reject a pending withdrawal; the amount returns to the wallet',
    params: WithdrawalIdParam,
    body: RejectWithdrawalRequest,
    response: { 200: WithdrawalAnswer },
  },
  'POST /api/admin/reactivate-withdrawal/:id': { summary: 'Reconsider a rejected withdrawal', params: WithdrawalIdParam, response: { 200: WithdrawalAnswer } },
  'POST /api/admin/send-fund': {
    summary: 'Credit or debit a wallet (step-up); above the approval amount it waits for a second admin (202)',
    body: SendFundRequest,
    response: { 200: SendFundApplied, 202: ApprovalRequested },
  },
  'POST /api/admin/withdraw-personally': {
    summary: "Create a withdrawal for a member to their profile's payout details (step-up)",
    body: WithdrawPersonallyRequest,
    response: { 201: WithdrawalAnswer },
  },
  'GET /api/admin/fund-history': { summary: 'Every ledger row, newest first', query: FundHistoryQuery, response: { 200: pageOf(FundHistoryRecord) } },
  'GET /api/admin/wallet-balances': { summary: 'Wallet balances, largest first', query: WalletBalancesQuery, response: { 200: pageOf(WalletBalanceRow) } },
} as const satisfies Record<string, RouteContract>;

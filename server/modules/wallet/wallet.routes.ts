import { MSG } from '../../../contracts/messages';
import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { moneyHandler } from '../../http/idempotency';
import { parse } from '../../http/validate';
import {
  WithdrawalRequest,
  SendFundRequest,
  WithdrawPersonallyRequest,
  ApproveWithdrawalRequest,
  RejectWithdrawalRequest,
  PageQuery,
  FundHistoryQuery,
  WithdrawalIdParam as IdParam,
  WalletBalancesQuery,
} from '../../../contracts/wallet';
import { memberWithdrawal, adminWithdrawal, approveWithdrawal, rejectWithdrawal, reactivateWithdrawal, ownWithdrawals, adminWithdrawalList } from './withdrawals.service';
import { sendFund } from './send-fund.service';
import { walletSummary, ownLedger, fundHistory, walletBalances } from './wallet-reads.service';

/** The member's wallet and the admin's withdrawal and fund sections (docs/spec/decisions.md §6; doc 2 §2.10-2.13). */
export function walletRoutes(ctx: AppContext): RouteDef[] {
  const list = (statuses: string[]) => async () => adminWithdrawalList(ctx, statuses);
  return [
    { method: 'GET', url: '/api/wallet', access: 'member', handler: async (req) => walletSummary(ctx, identityOf(req).user) },
    {
      method: 'GET',
      url: '/api/wallet/transactions',
      access: 'member',
      handler: async (req) => {
        const q = parse(PageQuery, req.query);
        return ownLedger(ctx, identityOf(req).user, q.cursor, q.limit);
      },
    },
    { method: 'GET', url: '/api/withdrawals', access: 'member', handler: async (req) => ownWithdrawals(ctx, identityOf(req).user) },
    {
      method: 'POST',
      url: '/api/withdrawals',
      access: 'member',
      denyImpersonation: MSG.impersonationMoneyReadOnly,
      handler: moneyHandler(ctx, (req, actor, transact) => memberWithdrawal(ctx, actor, transact, parse(WithdrawalRequest, req.body))),
    },
    { method: 'GET', url: '/api/admin/withdrawals', access: 'admin', handler: list(['pending', 'approved', 'rejected']) },
    { method: 'GET', url: '/api/admin/pending-withdrawals', access: 'admin', handler: list(['pending']) },
    { method: 'GET', url: '/api/admin/approved-withdrawals', access: 'admin', handler: list(['approved']) },
    { method: 'GET', url: '/api/admin/rejected-withdrawals', access: 'admin', handler: list(['rejected']) },
    {
      method: 'POST',
      url: '/api/admin/approve-withdrawal/:id',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => approveWithdrawal(ctx, actor, transact, parse(IdParam, req.params).id, parse(ApproveWithdrawalRequest, req.body ?? {}))),
    },
    {
      method: 'POST',
      url: '/api/admin/reject-withdrawal/:id',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => rejectWithdrawal(ctx, actor, transact, parse(IdParam, req.params).id, parse(RejectWithdrawalRequest, req.body ?? {}).reason)),
    },
    {
      method: 'POST',
      url: '/api/admin/reactivate-withdrawal/:id',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => reactivateWithdrawal(ctx, actor, transact, parse(IdParam, req.params).id)),
    },
    { method: 'POST', url: '/api/admin/send-fund', access: 'admin', handler: moneyHandler(ctx, (req, actor, transact) => sendFund(ctx, actor, transact, parse(SendFundRequest, req.body))) },
    {
      method: 'POST',
      url: '/api/admin/withdraw-personally',
      access: 'admin',
      handler: moneyHandler(ctx, (req, actor, transact) => adminWithdrawal(ctx, actor, transact, parse(WithdrawPersonallyRequest, req.body))),
    },
    { method: 'GET', url: '/api/admin/fund-history', access: 'admin', handler: async (req) => fundHistory(ctx, parse(FundHistoryQuery, req.query)) },
    { method: 'GET', url: '/api/admin/wallet-balances', access: 'admin', handler: async (req) => walletBalances(ctx, parse(WalletBalancesQuery, req.query)) },
  ];
}

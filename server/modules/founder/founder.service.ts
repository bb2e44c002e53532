import type { HiddenIdCreated } from '../../../contracts/engagement';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { ArgsAfterDb } from '../../core/repo-args';
import type { Actor } from '../../core/actor';
import { conflict } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import { HIDDEN_ID_LIMIT, KYC_DEADLINE_DAYS } from '../../../contracts/constants';
import { ENGAGEMENT_MSG, type HiddenIdInput } from '../../../contracts/engagement';
import { findUserByEmail, insertUser } from '../users';
import { generateUserId, displayName } from '../users';
import { issueToken } from '../auth';
import { isUniqueViolation } from '../auth';
import { queueMail } from '../mail';
import { audit } from '../audit';
import { ensureWallet } from '../wallet';
import { lockTree, placeMember } from '../tree';
import { countHiddenIds, hiddenIdsOf } from './founder.repo';
import { legUnder } from '../tree';
import type { HiddenIdItem } from '../../../contracts/engagement';
import * as founderRepo from './founder.repo';

/**
 * A founder's hidden ID (docs/spec/decisions.md §10): a real, active tree member placed on the chosen side of the
 * founder with spillover, flagged isHiddenId, invited by email to set a password. At most 20, counted
 * under the tree lock so two concurrent requests cannot both take the 20th.
 */
export async function createHiddenId(ctx: AppContext, actor: Actor, input: z.output<typeof HiddenIdInput>): Promise<HiddenIdCreated> {
  const founder = actor.user;
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
  return ctx.db
    .transaction(async (tx) => {
      await lockTree(tx);
      if ((await countHiddenIds(tx, founder.id)) >= HIDDEN_ID_LIMIT) throw conflict(ENGAGEMENT_MSG.hiddenIdLimit, 'INVALID_STATE');
      const now = ctx.clock.now();
      const user = await insertUser(tx, {
        userId: await generateUserId(ctx, tx),
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'user',
        status: 'active',
        isHiddenId: true,
        sponsorId: founder.id,
        emailVerified: false,
        firstLogin: false,
        password: null,
        idStatus: 'Active',
        registrationDate: now,
        activationDate: now,
        packageAmount: '0',
        kycDeadline: new Date(now.getTime() + KYC_DEADLINE_DAYS * 86_400_000),
      });
      const slot = await placeMember(tx, user, { startId: founder.id, side: input.placementSide }, now);
      await ensureWallet(tx, user.id);
      const token = await issueToken(ctx, tx, { email: user.email, userId: user.id, type: 'invitation', ip: actor.ip ?? undefined });
      await queueMail(ctx, tx, user.email, {
        template: 'invitation',
        params: { name: displayName(user), invitedBy: displayName(founder), link: `${ctx.config.appUrl}/complete-invitation?token=${token}` },
      });
      await audit(tx, actor, {
        entityType: 'user',
        entityId: user.id,
        action: 'founder.hidden_id',
        newState: { userId: user.userId, email: user.email, side: input.placementSide, parentId: slot.parentId, position: slot.side },
      });
      return {
        message: ENGAGEMENT_MSG.hiddenIdCreated,
        hiddenId: {
          id: user.id,
          userId: user.userId,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          position: slot.side,
          leg: input.placementSide,
          createdAt: user.createdAt.toISOString(),
        } satisfies HiddenIdItem,
      };
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
      throw err;
    });
}

/** The founder's hidden IDs with the leg each was placed in (the side asked for; spillover stays in that leg). */
export async function hiddenIdList(ctx: AppContext, founderId: string): Promise<HiddenIdItem[]> {
  const rows = await hiddenIdsOf(ctx.db, founderId);
  return Promise.all(
    rows.map(async (u) => ({
      ...u,
      position: (u.position as HiddenIdItem['position']) ?? null,
      leg: await legUnder(ctx.db, founderId, u.id),
      createdAt: u.createdAt.toISOString(),
    })),
  );
}

/** Reads and marks for the routes (a route calls its module's services, never a repo). */
export const founderFigures = (ctx: AppContext, ...args: ArgsAfterDb<typeof founderRepo.founderFigures>) => founderRepo.founderFigures(ctx.db, ...args);

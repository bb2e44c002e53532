-- Total Earnings counts income only (issue 12): Send Fund credits (admin_credit) were counted before.
UPDATE "wallet_balances" b SET "total_earnings" = coalesce((
  SELECT sum(t."amount") FROM "transactions" t
  WHERE t."user_id" = b."user_id" AND t."amount" > 0
    AND t."type" IN ('sponsor_income','sales_incentive','sales_bonus','consistency_bonus','franchise_income','car_fund','travel_fund',
                     'leadership_fund','house_fund','millionaire_club','royalty_income','rank_bonus')), 0);

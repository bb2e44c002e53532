ALTER TABLE "comp_carry" DROP CONSTRAINT "comp_carry_cycle_id_comp_cycles_id_fk";
--> statement-breakpoint
ALTER TABLE "comp_lines" DROP CONSTRAINT "comp_lines_cycle_id_comp_cycles_id_fk";
--> statement-breakpoint
ALTER TABLE "comp_lines" DROP CONSTRAINT "comp_lines_member_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "comp_payouts" DROP CONSTRAINT "comp_payouts_cycle_id_comp_cycles_id_fk";
--> statement-breakpoint
ALTER TABLE "comp_payouts" DROP CONSTRAINT "comp_payouts_member_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "comp_carry_member_idx";--> statement-breakpoint
DROP INDEX "comp_lines_member_idx";
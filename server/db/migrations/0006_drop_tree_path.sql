DROP INDEX "users_tree_path_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "tree_path";
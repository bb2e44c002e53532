CREATE TABLE "tree_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"from_parent_id" uuid NOT NULL,
	"from_position" varchar(5) NOT NULL,
	"to_parent_id" uuid NOT NULL,
	"to_position" varchar(5) NOT NULL,
	"moved_by" uuid,
	"moved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tree_moves" ADD CONSTRAINT "tree_moves_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_moves" ADD CONSTRAINT "tree_moves_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tree_moves_member_idx" ON "tree_moves" USING btree ("member_id");
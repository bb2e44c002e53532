CREATE TABLE "comp_ytd" (
	"member_id" uuid NOT NULL,
	"fy" integer NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"tds" numeric(14, 2) NOT NULL,
	CONSTRAINT "comp_ytd_fy_member_id_pk" PRIMARY KEY("fy","member_id")
);
--> statement-breakpoint
-- What the posted payouts add up to so far; from now on each posting batch adds its own.
INSERT INTO "comp_ytd" ("member_id", "fy", "gross", "tds")
SELECT "member_id", "fy", sum("gross"), sum("tds") FROM "comp_payouts" WHERE "posted_at" IS NOT NULL GROUP BY "member_id", "fy";

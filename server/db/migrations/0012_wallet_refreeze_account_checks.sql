CREATE TABLE "ledger_account_checks" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"wallets_checked" integer NOT NULL,
	"entries_checked" integer NOT NULL,
	"violation_count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "wallet_freezes_owner_reference_key";--> statement-breakpoint
ALTER TABLE "ledger_account_checks" ADD CONSTRAINT "ledger_account_checks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_freezes_owner_reference_idx" ON "wallet_freezes" USING btree ("owner_id","reference_type","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_freezes_owner_reference_key" ON "wallet_freezes" USING btree ("owner_id","reference_type","reference_id") WHERE "wallet_freezes"."state" <> 'released';
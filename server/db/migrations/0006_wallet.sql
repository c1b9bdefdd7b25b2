CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric(30, 12) NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_pair_distinct" CHECK ("exchange_rates"."base" <> "exchange_rates"."quote")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"owner_id" uuid NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("owner_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_checks" (
	"name" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone,
	"wallets_checked" integer DEFAULT 0 NOT NULL,
	"entries_checked" integer DEFAULT 0 NOT NULL,
	"violation_count" integer DEFAULT 0 NOT NULL,
	"violations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"sequence" bigint NOT NULL,
	"operation_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"freeze_id" uuid,
	"idempotency_key" text NOT NULL,
	"memo" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_amount_positive" CHECK ("ledger_entries"."amount" > 0),
	CONSTRAINT "ledger_entries_kind_known" CHECK (kind in ('recharge', 'freeze', 'release', 'deduct', 'refund', 'withdraw', 'withholding', 'withholdingReturn', 'compensation')),
	CONSTRAINT "ledger_entries_operation_known" CHECK (operation in ('recharge', 'freeze', 'settle', 'cancel', 'refund', 'withdraw', 'withholding', 'withholdingReturn', 'compensation'))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_postings_amount_not_zero" CHECK ("ledger_postings"."amount" <> 0),
	CONSTRAINT "ledger_postings_bucket_known" CHECK (bucket in ('available', 'frozen', 'external', 'revenue', 'compensation'))
);
--> statement-breakpoint
CREATE TABLE "wallet_freezes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"deducted" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "wallet_freezes_amount_positive" CHECK ("wallet_freezes"."amount" > 0),
	CONSTRAINT "wallet_freezes_state_known" CHECK (state in ('open', 'settled', 'released')),
	CONSTRAINT "wallet_freezes_remaining_matches_state" CHECK (("wallet_freezes"."state" = 'open' and "wallet_freezes"."remaining" = "wallet_freezes"."amount" and "wallet_freezes"."resolved_at" is null)
        or ("wallet_freezes"."state" <> 'open' and "wallet_freezes"."remaining" = 0 and "wallet_freezes"."resolved_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"frozen" bigint DEFAULT 0 NOT NULL,
	"last_sequence" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallets_available_not_negative" CHECK ("wallets"."available" >= 0),
	CONSTRAINT "wallets_frozen_not_negative" CHECK ("wallets"."frozen" >= 0),
	CONSTRAINT "wallets_currency_known" CHECK (currency in ('CNY', 'USD', 'MYR', 'THB', 'VND', 'SGD', 'IDR', 'PHP', 'GBP'))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_freeze_id_wallet_freezes_id_fk" FOREIGN KEY ("freeze_id") REFERENCES "public"."wallet_freezes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_freezes" ADD CONSTRAINT "wallet_freezes_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_effective_key" ON "exchange_rates" USING btree ("base","quote","effective_from");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_wallet_sequence_key" ON "ledger_entries" USING btree ("wallet_id","sequence");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_reference_idx" ON "ledger_entries" USING btree ("wallet_id","reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_created_idx" ON "ledger_entries" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_freeze_idx" ON "ledger_entries" USING btree ("freeze_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_operation_idx" ON "ledger_entries" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_wallet_bucket_idx" ON "ledger_postings" USING btree ("wallet_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_freezes_owner_reference_key" ON "wallet_freezes" USING btree ("owner_id","reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "wallet_freezes_wallet_state_idx" ON "wallet_freezes" USING btree ("wallet_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_owner_currency_key" ON "wallets" USING btree ("owner_id","currency");--> statement-breakpoint
-- The journal is append-only: the database itself refuses to change or remove an entry or a posting.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger journal is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
		USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings"
	FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
-- Every journal entry balances: at commit, its postings (at least two, all in the entry's wallet) sum to zero.
CREATE FUNCTION "ledger_assert_entry_balanced"(checked uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	total numeric;
	lines integer;
	strays integer;
BEGIN
	SELECT coalesce(sum(p."amount"), 0), count(p."id"), count(p."id") FILTER (WHERE p."wallet_id" <> e."wallet_id")
		INTO total, lines, strays
		FROM "ledger_entries" e LEFT JOIN "ledger_postings" p ON p."entry_id" = e."id"
		WHERE e."id" = checked;
	IF total <> 0 OR lines < 2 OR strays > 0 THEN
		RAISE EXCEPTION 'ledger entry % does not balance (sum %, % postings, % in another wallet)', checked, total, lines, strays
			USING ERRCODE = 'check_violation';
	END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_entries_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "ledger_assert_entry_balanced"(NEW."id");
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_postings_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "ledger_assert_entry_balanced"(NEW."entry_id");
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entries_check_balanced"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_postings_balanced" AFTER INSERT ON "ledger_postings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_postings_check_balanced"();--> statement-breakpoint
-- A freeze resolves once: a settled or released freeze never changes again, and no freeze is removed.
CREATE FUNCTION "wallet_freezes_resolve_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'freeze % cannot be removed', OLD."id" USING ERRCODE = 'restrict_violation';
	END IF;
	IF OLD."state" <> 'open' THEN
		RAISE EXCEPTION 'freeze % is already %', OLD."id", OLD."state" USING ERRCODE = 'restrict_violation';
	END IF;
	IF NEW."wallet_id" <> OLD."wallet_id" OR NEW."owner_id" <> OLD."owner_id" OR NEW."amount" <> OLD."amount"
		OR NEW."reference_type" <> OLD."reference_type" OR NEW."reference_id" <> OLD."reference_id" THEN
		RAISE EXCEPTION 'freeze % may only be resolved', OLD."id" USING ERRCODE = 'restrict_violation';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_freezes_resolve_once" BEFORE UPDATE OR DELETE ON "wallet_freezes"
	FOR EACH ROW EXECUTE FUNCTION "wallet_freezes_resolve_once"();--> statement-breakpoint
-- Opening rates for the site currencies (one US dollar in each); later rates are added as new rows.
INSERT INTO "exchange_rates" ("base", "quote", "rate", "effective_from", "source") VALUES
	('USD', 'CNY', '7.120000000000', '2025-01-01T00:00:00Z', 'opening'),
	('USD', 'MYR', '4.250000000000', '2025-01-01T00:00:00Z', 'opening'),
	('USD', 'THB', '32.500000000000', '2025-01-01T00:00:00Z', 'opening'),
	('USD', 'VND', '26100.000000000000', '2025-01-01T00:00:00Z', 'opening'),
	('USD', 'SGD', '1.290000000000', '2025-01-01T00:00:00Z', 'opening'),
	('USD', 'IDR', '16400.000000000000', '2025-01-01T00:00:00Z', 'opening'),
	('USD', 'PHP', '57.800000000000', '2025-01-01T00:00:00Z', 'opening'),
	('USD', 'GBP', '0.745000000000', '2025-01-01T00:00:00Z', 'opening');

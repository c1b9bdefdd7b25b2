CREATE TABLE "sandbox"."payments" (
	"token" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"merchant_id" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"subject" text NOT NULL,
	"qr_content" text NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"notify_url" text,
	"provider_trade_no" text,
	"notification" jsonb,
	"deliveries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_trade_key" ON "sandbox"."payments" USING btree ("channel","merchant_id","out_trade_no");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "sandbox"."payments" USING btree ("status","created_at");
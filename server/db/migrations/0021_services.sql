CREATE TABLE "service_price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"name" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"step_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "current_step" text DEFAULT 'serviceSubmit' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "current_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "price_record" jsonb;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "attached_to" text;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "actual_fees" jsonb;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "charged_minor" bigint;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "released_minor" bigint;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "abort_reason" text;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_proofs" ADD CONSTRAINT "service_proofs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_proofs" ADD CONSTRAINT "service_proofs_step_id_service_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."service_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_steps" ADD CONSTRAINT "service_steps_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_steps" ADD CONSTRAINT "service_steps_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_price_lists_effective_key" ON "service_price_lists" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "service_proofs_step_idx" ON "service_proofs" USING btree ("step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_steps_order_step_key" ON "service_steps" USING btree ("service_order_id","step");--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_owner_idempotency_key" ON "service_orders" USING btree ("owner_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "service_orders_queue_idx" ON "service_orders" USING btree ("status","current_step_at","id");;--> statement-breakpoint
-- Services already made by order processing: their step reached is the submission, at its time,
-- and their progress steps are the seven-step plan of their type.
UPDATE "service_orders" SET "current_step_at" = "created_at" WHERE "current_step_at" IS NULL;--> statement-breakpoint
UPDATE "service_orders" SET "steps" = (
  SELECT jsonb_agg(jsonb_build_object('key', plan.step, 'at', CASE WHEN plan.n = 1 THEN to_jsonb("service_orders"."created_at") ELSE 'null'::jsonb END, 'done', plan.n = 1) ORDER BY plan.n)
  FROM unnest(CASE "service_orders"."type"
    WHEN 'crossSale' THEN ARRAY['serviceSubmit','purchaseReview','purchaseDelivery','domesticWarehouseIn','domesticWarehouseOut','overseasWarehouseIn','overseasWarehouseOut']
    WHEN 'crossSupplement' THEN ARRAY['serviceSubmit','purchaseReview','purchaseDelivery','domesticWarehouseIn','domesticWarehouseOut','overseasWarehouseIn']
    WHEN 'crossStoreSale' THEN ARRAY['serviceSubmit','overseasWarehouseOut']
    WHEN 'giftShipment' THEN ARRAY['serviceSubmit','overseasWarehouseOut']
    ELSE ARRAY['serviceSubmit','purchaseReview','domesticWarehouseIn','domesticWarehouseOut'] END) WITH ORDINALITY AS plan(step, n)
);--> statement-breakpoint
-- The opening price list (spec section 9), in force from the start.
INSERT INTO "service_price_lists" ("effective_from", "items") VALUES ('2000-01-01T00:00:00Z', '[{"code": "returns", "currency": "CNY", "rates": {"perPiece": 30, "freePieces": 3}}, {"code": "stretchFilm", "currency": "THB", "rates": {"perMetre": 500}}, {"code": "bubbleWrap", "currency": "THB", "rates": {"perMetre": 750}}, {"code": "woodenFrame", "currency": "THB", "rates": {"perCbm": 80000}}, {"code": "storage", "currency": "THB", "rates": {"perCbmDay": 1500, "minimumCm3": 1000000}}, {"code": "translation", "currency": "THB", "rates": {"perBlock": 14900, "blockCharacters": 100}}, {"code": "factoryAudit", "currency": "THB", "rates": {"perDay": 225000, "perKm": 1250}}]'::jsonb);

CREATE TABLE "order_pushes" (
	"platform" text NOT NULL,
	"push_id" text NOT NULL,
	"shop_id" uuid,
	"order_external_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_pushes_platform_push_id_pk" PRIMARY KEY("platform","push_id")
);
--> statement-breakpoint
ALTER TABLE "order_pushes" ADD CONSTRAINT "order_pushes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_pushes_received_idx" ON "order_pushes" USING btree ("received_at");
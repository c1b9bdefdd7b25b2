ALTER TABLE "purchases" ALTER COLUMN "warehouse_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "funded_by_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_funding_service_key" ON "purchases" USING btree ("owner_id","service_no") WHERE "purchases"."funded_by_service";
ALTER TABLE "oauth_states" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "wechat_bind_tickets" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "wechat_bind_tickets" ADD COLUMN "scanned_open_id" text;--> statement-breakpoint
ALTER TABLE "wechat_bind_tickets" ADD COLUMN "scanned_nickname" text;
CREATE TABLE "checkout_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"cart_version" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"order_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "installment_months" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pending_details" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_holds" ADD CONSTRAINT "checkout_holds_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_holds" ADD CONSTRAINT "checkout_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_holds" ADD CONSTRAINT "checkout_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_holds_active_uq" ON "checkout_holds" USING btree ("cart_id") WHERE "checkout_holds"."status" = 'active';--> statement-breakpoint
CREATE INDEX "checkout_holds_expiry_idx" ON "checkout_holds" USING btree ("expires_at") WHERE "checkout_holds"."status" = 'active';--> statement-breakpoint
CREATE INDEX "checkout_holds_order_idx" ON "checkout_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'pending';
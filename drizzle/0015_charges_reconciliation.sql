CREATE TABLE "checkout_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"order_id" integer,
	"user_id" integer NOT NULL,
	"instalment" integer DEFAULT 1 NOT NULL,
	"gateway" text NOT NULL,
	"method" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_intent_id" text,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_error" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_method_owners" (
	"gateway" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_owners_gateway_provider_payment_method_id_pk" PRIMARY KEY("gateway","provider_payment_method_id")
);
--> statement-breakpoint
ALTER TABLE "checkout_charges" ADD CONSTRAINT "checkout_charges_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_charges" ADD CONSTRAINT "checkout_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_charges" ADD CONSTRAINT "checkout_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_owners" ADD CONSTRAINT "payment_method_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_charges_open_uq" ON "checkout_charges" USING btree ("cart_id","instalment") WHERE "checkout_charges"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkout_charges_intent_idx" ON "checkout_charges" USING btree ("provider_intent_id");--> statement-breakpoint
-- Cards already saved belong to the customer who saved them.
INSERT INTO "payment_method_owners" ("gateway", "provider_payment_method_id", "user_id")
SELECT DISTINCT ON ("gateway", "provider_payment_method_id") "gateway", "provider_payment_method_id", "user_id"
FROM "saved_cards" ORDER BY "gateway", "provider_payment_method_id", "id"
ON CONFLICT DO NOTHING;

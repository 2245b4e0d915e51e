CREATE TABLE "gift_card_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"sender_name" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" date NOT NULL,
	"order_id" integer,
	"gift_card_id" integer,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"spent_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_sales_amount_ck" CHECK ("gift_card_sales"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_sales_due_idx" ON "gift_card_sales" USING btree ("deliver_on") WHERE "gift_card_sales"."delivered_at" is null and "gift_card_sales"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_card_sales_order_idx" ON "gift_card_sales" USING btree ("order_id");
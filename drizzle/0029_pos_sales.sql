CREATE TABLE "pos_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_user_id" integer NOT NULL,
	"cashier_user_id" integer NOT NULL,
	"method" text NOT NULL,
	"total_cents" integer NOT NULL,
	"received_cents" integer,
	"change_cents" integer,
	"reference" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_sales_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "pos_sales_method_ck" CHECK ("pos_sales"."method" in ('cash', 'card_terminal', 'transfer')),
	CONSTRAINT "pos_sales_total_ck" CHECK ("pos_sales"."total_cents" >= 0),
	CONSTRAINT "pos_sales_cash_ck" CHECK ("pos_sales"."method" <> 'cash' or ("pos_sales"."received_cents" >= "pos_sales"."total_cents" and "pos_sales"."change_cents" = "pos_sales"."received_cents" - "pos_sales"."total_cents")),
	CONSTRAINT "pos_sales_reference_ck" CHECK ("pos_sales"."method" = 'cash' or length("pos_sales"."reference") > 0)
);
--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_cashier_user_id_users_id_fk" FOREIGN KEY ("cashier_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sales_key_uq" ON "pos_sales" USING btree ("cashier_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "pos_sales_shift_idx" ON "pos_sales" USING btree ("shift_id");
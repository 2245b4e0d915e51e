CREATE TABLE "shift_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"reference" text,
	"order_id" integer,
	"payment_id" integer,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_movements_amount_ck" CHECK ("shift_movements"."amount_cents" > 0),
	CONSTRAINT "shift_movements_kind_ck" CHECK ("shift_movements"."kind" in ('sale', 'refund', 'withdrawal', 'deposit')),
	CONSTRAINT "shift_movements_method_ck" CHECK ("shift_movements"."method" in ('cash', 'card_terminal', 'transfer')),
	CONSTRAINT "shift_movements_cash_only_ck" CHECK ("shift_movements"."kind" in ('sale', 'refund') or "shift_movements"."method" = 'cash')
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"turn_type" smallint NOT NULL,
	"opened_by_user_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opening_cash_cents" integer NOT NULL,
	"closed_by_user_id" integer,
	"closed_at" timestamp with time zone,
	"counted_cash" jsonb,
	"counted_cash_cents" integer,
	"cash_sales_cents" integer,
	"withdrawals_cents" integer,
	"cash_refunds_cents" integer,
	"expected_cash_cents" integer,
	"difference_cents" integer,
	"card_recorded_cents" integer,
	"transfer_recorded_cents" integer,
	"card_reported_cents" integer,
	"transfer_reported_cents" integer,
	"left_cash_cents" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_turn_type_ck" CHECK ("shifts"."turn_type" in (1, 2)),
	CONSTRAINT "shifts_opening_ck" CHECK ("shifts"."opening_cash_cents" >= 0),
	CONSTRAINT "shifts_left_ck" CHECK ("shifts"."left_cash_cents" is null or "shifts"."left_cash_cents" >= 0),
	CONSTRAINT "shifts_closed_ck" CHECK (("shifts"."closed_at" is null) = ("shifts"."closed_by_user_id" is null) and ("shifts"."closed_at" is null) = ("shifts"."counted_cash_cents" is null))
);
--> statement-breakpoint
ALTER TABLE "shift_movements" ADD CONSTRAINT "shift_movements_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_movements" ADD CONSTRAINT "shift_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_movements" ADD CONSTRAINT "shift_movements_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_movements" ADD CONSTRAINT "shift_movements_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_movements_shift_idx" ON "shift_movements" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_open_employee_uq" ON "shifts" USING btree ("employee_id") WHERE "shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "shifts_studio_opened_idx" ON "shifts" USING btree ("studio_id","opened_at");--> statement-breakpoint
CREATE INDEX "shifts_opened_idx" ON "shifts" USING btree ("opened_at");
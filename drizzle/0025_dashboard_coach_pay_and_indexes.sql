CREATE TABLE "coach_pay_rates" (
	"coach_id" integer PRIMARY KEY NOT NULL,
	"per_class_cents" integer DEFAULT 0 NOT NULL,
	"per_attendee_cents" integer DEFAULT 0 NOT NULL,
	"min_per_class_cents" integer DEFAULT 0 NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coach_pay_rates" ADD CONSTRAINT "coach_pay_rates_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_pay_rates" ADD CONSTRAINT "coach_pay_rates_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_lots_expiring_idx" ON "credit_lots" USING btree ("expires_at") WHERE "credit_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "credit_movements_created_idx" ON "credit_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_studio_created_idx" ON "orders" USING btree ("studio_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_session_status_idx" ON "reservations" USING btree ("class_session_id","status");
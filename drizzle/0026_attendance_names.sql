-- Issue 21 item 4: one name per concept. "Asistencia" is attendance in every layer (it was check-in in some).
ALTER TABLE "reservations" RENAME COLUMN "checked_in_at" TO "attended_at";--> statement-breakpoint
ALTER TABLE "reservations" RENAME COLUMN "checked_in_by_user_id" TO "attendance_recorded_by_user_id";--> statement-breakpoint
ALTER TABLE "reservations" RENAME CONSTRAINT "reservations_checked_in_by_user_id_users_id_fk" TO "reservations_attendance_recorded_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "booking_policies" RENAME COLUMN "check_in_opens_minutes" TO "attendance_opens_minutes";--> statement-breakpoint
ALTER TABLE "booking_policies" RENAME COLUMN "check_in_closes_minutes" TO "attendance_closes_minutes";--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'attendance' WHERE "action" = 'check_in';--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'attendance_override' WHERE "action" = 'check_in_override';

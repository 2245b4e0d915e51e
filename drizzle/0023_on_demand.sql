CREATE TABLE "on_demand_difficulties" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_demand_difficulties_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "on_demand_durations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_minutes" integer DEFAULT 0 NOT NULL,
	"max_minutes" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_demand_durations_name_unique" UNIQUE("name"),
	CONSTRAINT "on_demand_durations_min_ck" CHECK ("on_demand_durations"."min_minutes" >= 0),
	CONSTRAINT "on_demand_durations_range_ck" CHECK ("on_demand_durations"."max_minutes" is null or "on_demand_durations"."max_minutes" > "on_demand_durations"."min_minutes")
);
--> statement-breakpoint
CREATE TABLE "on_demand_equipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_demand_equipments_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "on_demand_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"counted_lot_id" integer,
	"counted_at" timestamp with time zone,
	"first_watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_demand_progress_position_ck" CHECK ("on_demand_progress"."position_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "on_demand_streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"coach_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"stream_url" text NOT NULL,
	"replay_video_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_demand_streams_duration_ck" CHECK ("on_demand_streams"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "on_demand_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_demand_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "on_demand_video_equipments" (
	"video_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	CONSTRAINT "on_demand_video_equipments_video_id_equipment_id_pk" PRIMARY KEY("video_id","equipment_id")
);
--> statement-breakpoint
CREATE TABLE "on_demand_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"coach_id" integer,
	"type_id" integer,
	"difficulty_id" integer,
	"duration_id" integer,
	"status" text DEFAULT 'uploading' NOT NULL,
	"failure_reason" text,
	"processing_attempts" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"testing" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"duration_seconds" integer,
	"upload_id" text,
	"uploaded_by_user_id" integer,
	"original_size" bigint,
	"original_key" text,
	"hls_key" text,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thumbnail_key" text,
	"thumbnail_override_key" text,
	"captions_key" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_demand_videos_upload_id_unique" UNIQUE("upload_id"),
	CONSTRAINT "on_demand_videos_duration_ck" CHECK ("on_demand_videos"."duration_seconds" is null or "on_demand_videos"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "on_demand_view_days" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"seconds_watched" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_demand_view_days_user_id_video_id_day_pk" PRIMARY KEY("user_id","video_id","day"),
	CONSTRAINT "on_demand_view_days_seconds_ck" CHECK ("on_demand_view_days"."seconds_watched" >= 0)
);
--> statement-breakpoint
ALTER TABLE "on_demand_progress" ADD CONSTRAINT "on_demand_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_progress" ADD CONSTRAINT "on_demand_progress_video_id_on_demand_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."on_demand_videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_progress" ADD CONSTRAINT "on_demand_progress_counted_lot_id_credit_lots_id_fk" FOREIGN KEY ("counted_lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_streams" ADD CONSTRAINT "on_demand_streams_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_streams" ADD CONSTRAINT "on_demand_streams_replay_video_id_on_demand_videos_id_fk" FOREIGN KEY ("replay_video_id") REFERENCES "public"."on_demand_videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_video_equipments" ADD CONSTRAINT "on_demand_video_equipments_video_id_on_demand_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."on_demand_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_video_equipments" ADD CONSTRAINT "on_demand_video_equipments_equipment_id_on_demand_equipments_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."on_demand_equipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_videos" ADD CONSTRAINT "on_demand_videos_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_videos" ADD CONSTRAINT "on_demand_videos_type_id_on_demand_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."on_demand_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_videos" ADD CONSTRAINT "on_demand_videos_difficulty_id_on_demand_difficulties_id_fk" FOREIGN KEY ("difficulty_id") REFERENCES "public"."on_demand_difficulties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_videos" ADD CONSTRAINT "on_demand_videos_duration_id_on_demand_durations_id_fk" FOREIGN KEY ("duration_id") REFERENCES "public"."on_demand_durations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_videos" ADD CONSTRAINT "on_demand_videos_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_view_days" ADD CONSTRAINT "on_demand_view_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_view_days" ADD CONSTRAINT "on_demand_view_days_video_id_on_demand_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."on_demand_videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "on_demand_progress_user_video_uq" ON "on_demand_progress" USING btree ("user_id","video_id");--> statement-breakpoint
CREATE INDEX "on_demand_progress_recent_idx" ON "on_demand_progress" USING btree ("user_id","last_watched_at");--> statement-breakpoint
CREATE INDEX "on_demand_streams_starts_idx" ON "on_demand_streams" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "on_demand_video_equipments_eq_idx" ON "on_demand_video_equipments" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "on_demand_videos_library_idx" ON "on_demand_videos" USING btree ("published","status","published_at");--> statement-breakpoint
CREATE INDEX "on_demand_videos_coach_idx" ON "on_demand_videos" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "on_demand_view_days_day_idx" ON "on_demand_view_days" USING btree ("day","video_id");
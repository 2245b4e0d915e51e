CREATE TABLE "gateway_customers" (
	"gateway" text NOT NULL,
	"customer_key" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_customers_gateway_customer_key_pk" PRIMARY KEY("gateway","customer_key")
);

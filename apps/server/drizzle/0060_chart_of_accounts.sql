CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("code"::text, '') || E'\n' || coalesce("name"::text, '') || E'\n' || coalesce("name_en"::text, ''))) STORED,
	"kind" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_uq" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_code_idx" ON "ledger_accounts" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_name_idx" ON "ledger_accounts" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_name_en_idx" ON "ledger_accounts" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_kind_idx" ON "ledger_accounts" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_search_trgm" ON "ledger_accounts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The search histogram every searchable table keeps (0051_search_text_statistics).
ALTER TABLE "ledger_accounts" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
-- The accounts the ledger posts to today (LEDGER_ACCOUNTS of @tms/domain), before the entries reference them.
INSERT INTO "ledger_accounts" ("code", "name", "name_en", "kind") VALUES
	('RECEIVABLE', 'Расчёты с покупателями', 'Receivables', 'asset'),
	('PAYABLE', 'Расчёты с поставщиками', 'Payables', 'liability'),
	('REVENUE', 'Выручка', 'Revenue', 'income'),
	('COST', 'Себестоимость услуг', 'Cost of services', 'expense'),
	('DISBURSEMENT', 'Возмещаемые расходы', 'Disbursements', 'asset'),
	('CASH', 'Денежные средства', 'Cash', 'asset'),
	('ADVANCES_RECEIVED', 'Авансы полученные', 'Advances received', 'liability'),
	('ADVANCES_PAID', 'Авансы выданные', 'Advances paid', 'asset'),
	('CONVERSION', 'Конвертация валют', 'Currency conversion', 'income'),
	('INTERNAL_TRANSFERS', 'Переводы в пути', 'Transfers in transit', 'asset'),
	('COMMISSION', 'Комиссии банков', 'Bank commissions', 'expense'),
	('ACQUIRING_COMMISSION', 'Комиссии эквайринга', 'Acquiring commissions', 'expense');--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_ledger_accounts_code_fk" FOREIGN KEY ("account") REFERENCES "public"."ledger_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");
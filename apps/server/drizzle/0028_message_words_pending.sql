CREATE TABLE "message_words_pending" (
	"company_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	CONSTRAINT "message_words_pending_company_id_message_id_pk" PRIMARY KEY("company_id","message_id")
);

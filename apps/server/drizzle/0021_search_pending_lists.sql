-- The search's trigram indexes take new rows into a GIN pending list that every search reads in
-- full and that is merged only at VACUUM or when it reaches gin_pending_list_limit (4 MB by
-- default). After a burst of messages a search read up to 4 MB of unsorted entries, and the
-- planner, pricing those pages, preferred reading every contact of the company instead (search
-- 22 ms of PostgreSQL CPU against 10 ms once merged, issue 15). 256 kB bounds what a search reads;
-- the merge, done by the insert that fills the list, stays small.
ALTER INDEX "messages_company_body_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "contacts_company_name_trgm_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "contacts_company_number_trgm_idx" SET (gin_pending_list_limit = 256);

-- A write to the library also tells every process's polled notification lists (channel jargon_recent_activity,
-- payload 'library': LIBRARY_CHANGED_PAYLOAD in recent-activity-sync.ts), which keep a word's text: without it a
-- cached list showed a word's old text until its entry lapsed. Sent at commit, once a transaction.
CREATE OR REPLACE FUNCTION "library_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "library_version" ("id", "version") VALUES (1, gen_random_uuid())
    ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
  PERFORM pg_notify('jargon_recent_activity', 'library');
  RETURN NULL;
END
$$;

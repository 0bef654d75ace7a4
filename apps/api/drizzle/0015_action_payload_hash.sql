-- An action id is bound to its payload (issue 21): the SHA-256 of its kind and body without the
-- actionId. Null on rows stored before: they replay as before.
ALTER TABLE "client_actions" ADD COLUMN "payload_hash" text;
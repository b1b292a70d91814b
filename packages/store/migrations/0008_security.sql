-- 0008_security: what the site needs to tell clients apart and keep editors' sessions (issue 21 §3).

-- The client a contestation came from: a keyed hash of its network address (never the address).
-- CON-3 counts a contester's submissions together with its client's.
ALTER TABLE contestations ADD COLUMN client_key text;
CREATE INDEX contestations_client ON contestations (client_key, created_at);

-- Editors' sessions: the cookie holds a random id, the table only its SHA-256.
CREATE TABLE editor_sessions (
  id_sha256    text PRIMARY KEY,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX editor_sessions_expires ON editor_sessions (expires_at);

-- Failed editor sign-ins per client (keyed hash of its address): counted in a window, then locked.
CREATE TABLE sign_in_failures (
  client_key       text PRIMARY KEY,
  failures         integer NOT NULL CHECK (failures >= 0),
  first_failed_at  timestamptz NOT NULL,
  locked_until     timestamptz
);

-- @espectro/store — the feed registry: which addresses are polled for which outlet, their HTTP
-- validators and schedule, and one row per fetch with its outcome (issue 15 §2–3).
-- Enumerations are CHECK constraints, as in 0001.

CREATE TABLE feeds (
  -- 'f_' + the first 24 hex digits of sha256(url): stable across machines, like article ids.
  id                    text PRIMARY KEY,
  -- As registered; may hold ${NAME} placeholders filled from the environment at fetch time.
  url                   text NOT NULL UNIQUE,
  -- The outlet publishing it; an outlet missing from the roster enters it as preliminary (seed 002 §10).
  outlet                text NOT NULL REFERENCES sources (domain),
  kind                  text NOT NULL CHECK (kind IN ('rss', 'atom', 'rdf', 'json', 'news-api')),
  -- What the bodies are for: 'articles' (the story pipeline) or 'chile-headlines' (seed 004's classifier only).
  purpose               text NOT NULL DEFAULT 'articles' CHECK (purpose IN ('articles', 'chile-headlines')),
  -- The NEWS_API_PRESETS name, for news-api feeds only.
  preset                text,
  title                 text,
  site_url              text,
  categories            jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- False for an address nobody has checked (e.g. the demo roster's, marked unverified).
  verified              boolean NOT NULL DEFAULT true,
  poll_interval_seconds integer NOT NULL CHECK (poll_interval_seconds > 0),
  enabled               boolean NOT NULL DEFAULT true,
  -- Why the feed was disabled (HTTP 410, too many consecutive failures, or by hand).
  disabled_reason       text,
  etag                  text,
  last_modified         text,
  consecutive_failures  integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
  next_due_at           timestamptz NOT NULL,
  -- A worker's lease while it fetches the feed (FOR UPDATE SKIP LOCKED claims).
  leased_by             text,
  leased_until          timestamptz,
  last_fetch_id         bigint,
  added_at              timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL,
  CHECK ((kind = 'news-api') = (preset IS NOT NULL))
);
CREATE INDEX feeds_due ON feeds (next_due_at) WHERE enabled;
CREATE INDEX feeds_outlet ON feeds (outlet);

-- Every fetch of a feed, newest last; the registry keeps the latest 100 per feed.
CREATE TABLE feed_fetches (
  id                    bigserial PRIMARY KEY,
  feed_id               text NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
  started_at            timestamptz NOT NULL,
  duration_ms           integer NOT NULL CHECK (duration_ms >= 0),
  result                text NOT NULL CHECK (result IN ('fetched', 'not_modified', 'failed')),
  http_status           integer,
  bytes                 bigint NOT NULL CHECK (bytes >= 0),
  items                 integer,
  items_new             integer,
  items_seen            integer,
  error_class           text,
  error_message         text,
  final_url             text,
  redirects             integer NOT NULL DEFAULT 0,
  retry_after_ms        bigint,
  next_due_at           timestamptz NOT NULL,
  worker_id             text,
  CHECK ((result = 'failed') = (error_class IS NOT NULL))
);
CREATE INDEX feed_fetches_feed ON feed_fetches (feed_id, id DESC);

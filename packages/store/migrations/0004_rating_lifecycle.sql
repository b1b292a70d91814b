-- @espectro/store — the outlet lifecycle from stored data (issue 16 §3).
-- rating_rerating_queue: outlets waiting to be re-rated, each entry with its reason (the `DueReason`
--   of @espectro/rating), the CON-4 cause the re-rating records, and — for an accepted contestation —
--   the contestation. An accepted contestation is enqueued in the same transaction as its CON-2
--   transition, so an acceptance is never lost. The worker's `rerate` job drains the queue through
--   the one rating path (recordRating) and keeps the entry, marked done, with the history row it
--   wrote. At most one pending entry per outlet and reason; at most one entry per contestation.
-- outlet_content_series: the daily rolling 30-day content bucket of each outlet (REV-1 drift is
--   decided from it), with the window, the article counts and the backend that produced it.
-- split_outlets: outlets whose news and opinion would be rated ≥ 1 bucket apart (seed 002 §6,
--   CONF-SPLIT), kept for follow-up with notes.

CREATE TABLE rating_rerating_queue (
  id                   bigserial PRIMARY KEY,
  domain               text NOT NULL REFERENCES sources (domain) ON DELETE CASCADE,
  reason               text NOT NULL,
  cause                text NOT NULL CHECK (cause IN ('editorial_change', 'ownership_change', 'accepted_contestation',
                                                      'new_prompt_or_model_version', 'methodology_update')),
  contestation_id      text REFERENCES contestations (id) ON DELETE CASCADE,
  detail               text NOT NULL DEFAULT '',
  enqueued_at          timestamptz NOT NULL,
  status               text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  attempts             integer NOT NULL DEFAULT 0,
  processed_at         timestamptz,
  -- recordRating's outcome (rerated | unchanged | initial | created) once done.
  outcome              text,
  rating_id            bigint REFERENCES source_ratings (id) ON DELETE SET NULL,
  last_error           text,
  CHECK ((cause = 'accepted_contestation') = (contestation_id IS NOT NULL))
);
CREATE UNIQUE INDEX rating_rerating_queue_contestation ON rating_rerating_queue (contestation_id)
  WHERE contestation_id IS NOT NULL;
CREATE UNIQUE INDEX rating_rerating_queue_pending ON rating_rerating_queue (domain, reason)
  WHERE status = 'pending' AND contestation_id IS NULL;
CREATE INDEX rating_rerating_queue_status ON rating_rerating_queue (status, id);
CREATE INDEX rating_rerating_queue_domain ON rating_rerating_queue (domain, id);

CREATE TABLE outlet_content_series (
  domain               text NOT NULL REFERENCES sources (domain) ON DELETE CASCADE,
  -- The day the rolling window ends on (ISO date).
  day                  text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  window_start         text NOT NULL CHECK (window_start ~ '^\d{4}-\d{2}-\d{2}$'),
  window_days          integer NOT NULL CHECK (window_days > 0),
  -- Articles of the outlet published in the window, and how many of them were analysed.
  articles             integer NOT NULL CHECK (articles >= 0),
  sample_size          integer NOT NULL CHECK (sample_size >= 0),
  bucket               text NOT NULL CHECK (bucket IN ('left', 'center', 'right', 'inconclusive', 'insufficient')),
  backend              text NOT NULL,
  -- The content evidence of the window (seed 002 §4 shape), for the outlet page.
  content              jsonb,
  computed_at          timestamptz NOT NULL,
  PRIMARY KEY (domain, day)
);

CREATE TABLE split_outlets (
  domain               text PRIMARY KEY REFERENCES sources (domain) ON DELETE CASCADE,
  news_bucket          text CHECK (news_bucket IN ('left', 'center', 'right')),
  opinion_bucket       text CHECK (opinion_bucket IN ('left', 'center', 'right')),
  notes                text NOT NULL DEFAULT '',
  flagged_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);

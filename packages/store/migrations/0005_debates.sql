-- Debates stored end to end (seed 001, RULES.md §7; issue 17 §1): the debate itself, every
-- 10-second chunk with its transcript, speaker and DEB-1 tone split, the change feed the live page
-- follows (Server-Sent Events ids), readers' error reports and post-debate reviews (REV-D).
-- Checks, their append-only verdict history and the scoreboard snapshots are in 0001.

-- The debate: its DebateInfo document (candidates, names, start), whether it is fictional (a
-- bundled replay, labelled so on every page) and its phase: live → ended → reviewed.
ALTER TABLE debates ADD COLUMN info jsonb;
ALTER TABLE debates ADD COLUMN fictional boolean NOT NULL DEFAULT false;
ALTER TABLE debates ADD COLUMN phase text NOT NULL DEFAULT 'live' CHECK (phase IN ('live', 'ended', 'reviewed'));
ALTER TABLE debates ADD COLUMN started_at timestamptz;
ALTER TABLE debates ADD COLUMN updated_at timestamptz;

-- One row per processed chunk, written in the same transaction as the chunk's checks: a chunk with
-- a row is done (a resumed run skips it), a chunk without one is processed again — so no chunk is
-- checked twice and none is lost (issue 17 §1).
CREATE TABLE debate_chunks (
  debate_id            text NOT NULL REFERENCES debates (id) ON DELETE CASCADE,
  chunk_index          integer NOT NULL CHECK (chunk_index >= 0),
  start_seconds        double precision NOT NULL,
  duration_seconds     double precision NOT NULL,
  status               text NOT NULL CHECK (status IN ('claims', 'chatter', 'unknown_speaker', 'failed')),
  speaker              text,
  transcript           text,
  -- DEB-1: seconds per tone (null for chatter and failed chunks).
  speaking_time        jsonb,
  -- The whole ChunkOutcome as @espectro/factcheck produced it.
  outcome              jsonb NOT NULL,
  stored_at            timestamptz NOT NULL,
  PRIMARY KEY (debate_id, chunk_index)
);

-- The change feed of a debate: one event per stored chunk, review and end. `seq` is the SSE event
-- id of /placar/<debate>/eventos. Events are written by the single process running the debate, in
-- the transaction of what they announce.
CREATE TABLE debate_events (
  seq                  bigserial PRIMARY KEY,
  debate_id            text NOT NULL REFERENCES debates (id) ON DELETE CASCADE,
  kind                 text NOT NULL CHECK (kind IN ('chunk', 'ended', 'review', 'report')),
  chunk_index          integer,
  at                   timestamptz NOT NULL
);
CREATE INDEX debate_events_debate ON debate_events (debate_id, seq);

-- "Achou erro nesta checagem?" (seed 001 §9): read by the post-debate review of the check's debate.
CREATE TABLE reader_reports (
  id                   text PRIMARY KEY,
  check_id             text NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  debate_id            text NOT NULL,
  received_at          timestamptz NOT NULL,
  message              text NOT NULL,
  -- The review (debate_reviews.id) that read it; null until then.
  review_id            bigint
);
CREATE INDEX reader_reports_debate ON reader_reports (debate_id, received_at);

-- REV-D: each post-debate review (the full re-transcription, its changes, the reports it read and
-- what failed); the checks themselves carry the review entries in their histories.
CREATE TABLE debate_reviews (
  id                   bigserial PRIMARY KEY,
  debate_id            text NOT NULL REFERENCES debates (id) ON DELETE CASCADE,
  reviewed_at          text NOT NULL,
  result               jsonb NOT NULL,
  created_at           timestamptz NOT NULL
);
CREATE INDEX debate_reviews_debate ON debate_reviews (debate_id, id);

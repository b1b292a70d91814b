-- @espectro/pipeline: the incremental archive and the state every pipeline stage selects its work
-- from. Every stage commits a unit of work together with the rows that say it is done, so a killed
-- process resumes without losing or repeating anything.

-- One row: a counter bumped by every committed clustering step. A clustering step that read the
-- archive at one revision refuses to commit on top of another (two workers never interleave).
CREATE TABLE pipeline_archive (
  id                   boolean PRIMARY KEY DEFAULT true CHECK (id),
  revision             bigint NOT NULL
);
INSERT INTO pipeline_archive (id, revision) VALUES (true, 0);

-- Inputs already processed, by the SHA-256 of their bytes (feed files and bodies, rated rosters):
-- an unchanged one is not parsed or rated again.
CREATE TABLE ingested_sources (
  name                 text NOT NULL,
  sha256               text NOT NULL,
  report               jsonb NOT NULL,
  ingested_at          timestamptz NOT NULL,
  PRIMARY KEY (name, sha256)
);

-- Which cluster each article is in (CLU-3), and the embedder that clustered it (an article clustered
-- by another embedder counts as not yet clustered by the current one).
CREATE TABLE article_clusters (
  article_id           text PRIMARY KEY REFERENCES articles (id),
  cluster_id           text NOT NULL,
  embedder             text NOT NULL,
  clustered_at         timestamptz NOT NULL
);
CREATE INDEX article_clusters_cluster ON article_clusters (cluster_id);

-- Stored headline vectors (CLU-1) of embedders whose vectors do not depend on the batch (MiniLM),
-- so the archive is never embedded twice.
CREATE TABLE article_vectors (
  article_id           text NOT NULL REFERENCES articles (id),
  embedder             text NOT NULL,
  vector               bytea NOT NULL,
  PRIMARY KEY (article_id, embedder)
);

-- The clusters of the archive (id = smallest member article id), with what built them and the state
-- of their synthesis (SYN-*) and topic (TOP-1).
CREATE TABLE clusters (
  id                   text PRIMARY KEY,
  embedder             text NOT NULL,
  judge                text NOT NULL,
  article_count        integer NOT NULL,
  outlet_count         integer NOT NULL,
  -- sha256 of the sorted member ids / of the sorted member domains.
  member_signature     text NOT NULL,
  domain_signature     text NOT NULL,
  first_published_at   timestamptz NOT NULL,
  last_published_at    timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL,
  synthesis_status     text CHECK (synthesis_status IN ('synthesised', 'below_tier', 'failed')),
  -- The domain_signature the last synthesis attempt was made for: synthesis is due when they differ.
  synthesis_signature  text,
  -- The last good synthesis (kept while a re-synthesis is retried), the last failure.
  synthesis            jsonb,
  synthesis_failure    jsonb,
  synthesised_at       timestamptz,
  topic_status         text CHECK (topic_status IN ('classified', 'unclassified')),
  topic                text,
  topic_classification jsonb,
  topic_attempts       integer NOT NULL DEFAULT 0,
  classified_at        timestamptz
);
CREATE INDEX clusters_synthesis_due ON clusters (last_published_at, id)
  WHERE outlet_count >= 2 AND synthesis_signature IS DISTINCT FROM domain_signature;

-- Cluster ids (existing or gone) whose story must be built again or retired.
CREATE TABLE story_queue (
  cluster_id           text PRIMARY KEY,
  reason               text NOT NULL,
  queued_at            timestamptz NOT NULL
);

-- Countries whose publish-guard decisions must be re-decided from a time on (PG country_cap couples
-- the stories of one country within the rolling window).
CREATE TABLE guard_queue (
  country              text PRIMARY KEY,
  from_at              timestamptz NOT NULL,
  queued_at            timestamptz NOT NULL
);

-- The publish-guard input of each guarded story without its country count (PG), with the story's
-- country and publication time, so that country_cap can be re-decided without reassembling.
CREATE TABLE story_guard_inputs (
  story_id             text PRIMARY KEY REFERENCES stories (id) ON DELETE CASCADE,
  country              text,
  published_at         timestamptz NOT NULL,
  input                jsonb NOT NULL
);
CREATE INDEX story_guard_inputs_country ON story_guard_inputs (country, published_at);

-- Grey-zone verdicts of the CLU-2 judge, per pair of article ids, so a pair is never asked twice.
CREATE TABLE judge_verdicts (
  left_id              text NOT NULL,
  right_id             text NOT NULL,
  verdict              text NOT NULL CHECK (verdict IN ('same', 'different')),
  judge                text NOT NULL,
  decided_at           timestamptz NOT NULL,
  PRIMARY KEY (left_id, right_id)
);

-- Grey-zone pairs the judge could not answer (CLU-2: no merge, queued), with the reason.
CREATE TABLE judge_pending_pairs (
  left_id              text NOT NULL,
  right_id             text NOT NULL,
  similarity           double precision NOT NULL,
  reason               text NOT NULL,
  since                timestamptz NOT NULL,
  PRIMARY KEY (left_id, right_id)
);

-- Which embedder and judge built the cluster a story was made from (issue 15 §6).
ALTER TABLE stories ADD COLUMN cluster_embedder text;
ALTER TABLE stories ADD COLUMN cluster_judge text;

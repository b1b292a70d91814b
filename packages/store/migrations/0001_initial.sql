-- @espectro/store — initial schema.
-- Applied by the store's migrator (`espectro db migrate`) inside one transaction and recorded in
-- espectro_migrations with its SHA-256. Never edit an applied migration: add a new file.
-- Identifiers are English (RULES.md); enumerations are CHECK constraints so that PGlite and
-- PostgreSQL behave the same and a newsroom can extend them in a later migration.

-- ── Outlets (seed 002: the `sources` table) ─────────────────────────────────────────────────────

CREATE TABLE sources (
  domain               text PRIMARY KEY,
  name                 text NOT NULL,
  country              text,
  language             text,
  -- §10.5 editorial scope; NULL = a domain not in the roster (preliminary, RULES §10).
  scope                text CHECK (scope IN ('political', 'non_political')),
  bias                 text CHECK (bias IN ('left', 'center', 'right')),
  factuality           text CHECK (factuality IN ('very-high', 'high', 'mixed', 'low', 'very-low')),
  -- Fuja da Bolha's 0–100 outlet score (BS-BR-5); NULL = unknown.
  factuality_score     double precision CHECK (factuality_score BETWEEN 0 AND 100),
  confidence           text NOT NULL CHECK (confidence IN ('high', 'medium', 'low', 'preliminary')),
  applied_rule         text CHECK (applied_rule IN ('R1', 'R2', 'R3', 'R4')),
  flags                jsonb NOT NULL DEFAULT '[]'::jsonb,
  trace                jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Evidence in the shapes of seed 002 §2–4 (or {status: 'pending', …} for PRELIM outlets).
  rating_evidence      jsonb NOT NULL,
  methodology_version  text NOT NULL,
  -- §9: last successful rating run; NULL until the first real rating (§10).
  rating_reviewed_at   timestamptz,
  added_at             timestamptz NOT NULL,
  -- Whether the outlet's licence lets us store article bodies (otherwise title + description only).
  body_licensed        boolean NOT NULL DEFAULT false,
  aliases              jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at           timestamptz NOT NULL
);

-- Every rating an outlet ever had (preliminary, first funnel rating, re-ratings), newest last.
CREATE TABLE source_ratings (
  id                   bigserial PRIMARY KEY,
  domain               text NOT NULL REFERENCES sources (domain) ON DELETE CASCADE,
  rated_at             timestamptz NOT NULL,
  kind                 text NOT NULL CHECK (kind IN ('preliminary', 'initial', 'rerating')),
  -- CON-4 cause of a re-rating; NULL for the preliminary and the first rating.
  cause                text CHECK (cause IN ('editorial_change', 'ownership_change', 'accepted_contestation',
                                             'new_prompt_or_model_version', 'methodology_update')),
  contestation_id      text,
  scope                text,
  bias                 text,
  factuality           text,
  confidence           text NOT NULL,
  applied_rule         text,
  flags                jsonb NOT NULL DEFAULT '[]'::jsonb,
  trace                jsonb NOT NULL DEFAULT '[]'::jsonb,
  rating_evidence      jsonb NOT NULL,
  methodology_version  text NOT NULL,
  notes                text,
  CHECK ((kind = 'rerating') = (cause IS NOT NULL))
);
CREATE INDEX source_ratings_domain ON source_ratings (domain, id);

-- CON-4: one row per changed field of a re-rating, with its cause.
CREATE TABLE source_rating_changes (
  id                   bigserial PRIMARY KEY,
  rating_id            bigint NOT NULL REFERENCES source_ratings (id) ON DELETE CASCADE,
  domain               text NOT NULL REFERENCES sources (domain) ON DELETE CASCADE,
  changed_at           timestamptz NOT NULL,
  cause                text NOT NULL,
  field                text NOT NULL CHECK (field IN ('bias', 'factuality', 'ownership', 'confidence')),
  previous             text,
  next                 text,
  contestation_id      text,
  methodology_version  text NOT NULL,
  notes                text
);
CREATE INDEX source_rating_changes_domain ON source_rating_changes (domain, id);

-- ── Articles ────────────────────────────────────────────────────────────────────────────────────

CREATE TABLE articles (
  -- 'a_' + the first 24 hex digits of sha256(canonical_url): stable across runs and machines.
  id                   text PRIMARY KEY,
  canonical_url        text NOT NULL UNIQUE,
  url                  text NOT NULL,
  domain               text NOT NULL REFERENCES sources (domain),
  title                text NOT NULL,
  -- Normalised title (accents, case, punctuation folded) for near-duplicate detection per domain.
  title_key            text NOT NULL,
  description          text,
  -- Only where sources.body_licensed; enforced by the repository.
  body                 text,
  image_url            text,
  language             text,
  -- NULL when the feed gave no usable date (first_seen_at is used for clustering then).
  published_at         timestamptz,
  first_seen_at        timestamptz NOT NULL,
  feed                 text,
  run_id               text
);
CREATE INDEX articles_domain_title ON articles (domain, title_key);
CREATE INDEX articles_published ON articles (coalesce(published_at, first_seen_at));

-- ── Stories ─────────────────────────────────────────────────────────────────────────────────────

CREATE TABLE stories (
  id                   text PRIMARY KEY,
  title                text NOT NULL,
  summary              text,
  status               text NOT NULL CHECK (status IN ('published', 'held', 'not_synthesised', 'pending_synthesis',
                                                       'discarded', 'superseded')),
  tier                 text CHECK (tier IN ('main', 'limited')),
  topic                text,
  country              text,
  backend              text,
  provenance           jsonb,
  coverage             jsonb NOT NULL,
  outlet_count         integer NOT NULL,
  article_count        integer NOT NULL,
  first_published_at   timestamptz,
  last_published_at    timestamptz,
  image_url            text,
  methodology_version  text NOT NULL,
  run_id               text,
  superseded_by        text,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX stories_status ON stories (status, last_published_at DESC);

CREATE TABLE story_articles (
  story_id             text NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  article_id           text NOT NULL REFERENCES articles (id),
  PRIMARY KEY (story_id, article_id)
);
CREATE INDEX story_articles_article ON story_articles (article_id);

CREATE TABLE story_sentences (
  story_id             text NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  position             integer NOT NULL,
  text                 text NOT NULL,
  article_ids          jsonb NOT NULL,
  discrepancy          boolean NOT NULL DEFAULT false,
  PRIMARY KEY (story_id, position)
);

-- PG: every evaluation of the publish guard, with its input, so a decision can be audited.
CREATE TABLE guard_decisions (
  id                   bigserial PRIMARY KEY,
  story_id             text NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  decided_at           timestamptz NOT NULL,
  publish              boolean NOT NULL,
  reasons              jsonb NOT NULL,
  input                jsonb NOT NULL,
  methodology_version  text NOT NULL,
  run_id               text
);
CREATE INDEX guard_decisions_story ON guard_decisions (story_id, id);

-- BS-PR / BS-BR: the stored flag that DRIFT compares pages against.
CREATE TABLE blindspot_flags (
  story_id             text NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  formula              text NOT NULL CHECK (formula IN ('prisma', 'fuja_da_bolha')),
  buckets              jsonb NOT NULL,
  computed_at          timestamptz NOT NULL,
  methodology_version  text NOT NULL,
  PRIMARY KEY (story_id, formula)
);

-- ── Audit (AUDIT) and cost (COST) ───────────────────────────────────────────────────────────────

CREATE TABLE audit_records (
  id                   bigserial PRIMARY KEY,
  subject_type         text NOT NULL,
  subject_id           text NOT NULL,
  model                text NOT NULL,
  vendor               text,
  prompt_version       text NOT NULL,
  input_tokens         integer NOT NULL,
  output_tokens        integer NOT NULL,
  score                double precision NOT NULL,
  confidence           text NOT NULL,
  indicators           jsonb NOT NULL,
  methodology_version  text NOT NULL,
  cost_usd             double precision,
  classified_at        timestamptz,
  recorded_at          timestamptz NOT NULL
);
CREATE INDEX audit_records_subject ON audit_records (subject_type, subject_id);

CREATE TABLE cost_ledger (
  id                   bigserial PRIMARY KEY,
  at                   timestamptz NOT NULL,
  vendor               text NOT NULL,
  model                text NOT NULL,
  prompt_id            text NOT NULL,
  prompt_version       text NOT NULL,
  job_id               text,
  operation            text NOT NULL,
  layer                integer NOT NULL,
  phase                text NOT NULL,
  retry                integer NOT NULL,
  input_tokens         integer NOT NULL,
  output_tokens        integer NOT NULL,
  audio_seconds        double precision,
  latency_ms           double precision NOT NULL,
  outcome              text NOT NULL,
  cost_usd             double precision NOT NULL,
  priced               boolean NOT NULL,
  run_id               text
);
CREATE INDEX cost_ledger_job ON cost_ledger (job_id);

-- ── Contestations (CON-1..4) ────────────────────────────────────────────────────────────────────

CREATE TABLE contestations (
  id                   text PRIMARY KEY,
  dimension            text NOT NULL CHECK (dimension IN ('bias', 'factuality', 'ownership')),
  outlet               text NOT NULL REFERENCES sources (domain),
  contester_id         text NOT NULL,
  text                 text NOT NULL,
  created_at           timestamptz NOT NULL,
  status               text NOT NULL CHECK (status IN ('open', 'triage', 'accepted', 'rejected'))
);
CREATE INDEX contestations_contester ON contestations (contester_id, created_at);
CREATE INDEX contestations_outlet ON contestations (outlet, created_at);

-- CON-2: the transition log (who, when, notes), append-only.
CREATE TABLE contestation_transitions (
  contestation_id      text NOT NULL REFERENCES contestations (id) ON DELETE CASCADE,
  seq                  integer NOT NULL,
  from_status          text NOT NULL,
  to_status            text NOT NULL,
  actor                text NOT NULL,
  at                   timestamptz NOT NULL,
  notes                text NOT NULL,
  PRIMARY KEY (contestation_id, seq)
);

-- ── Synthesis retry queue (SYN-5), shared by workers with FOR UPDATE SKIP LOCKED ─────────────────

CREATE TABLE synthesis_retry_queue (
  story_id             text PRIMARY KEY,
  status               text NOT NULL CHECK (status IN ('pending', 'done', 'discarded')),
  failed_attempts      integer NOT NULL,
  next_attempt_at      timestamptz,
  last_reason          text NOT NULL,
  failures             jsonb NOT NULL,
  discarded_at         timestamptz,
  discard_reason       text,
  leased_by            text,
  leased_until         timestamptz,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX synthesis_retry_queue_due ON synthesis_retry_queue (next_attempt_at, story_id) WHERE status = 'pending';

-- ── Debate fact-checking (seed 001): checks and their append-only verdict history (REV-D) ────────

CREATE TABLE debates (
  id                   text PRIMARY KEY,
  name                 text NOT NULL
);

CREATE TABLE checks (
  id                   text PRIMARY KEY,
  seq                  bigserial NOT NULL,
  debate_id            text NOT NULL,
  candidate            text NOT NULL,
  spoken_at            timestamptz,
  verdict              text NOT NULL CHECK (verdict IN ('true', 'imprecise', 'false', 'no_data')),
  status               text NOT NULL CHECK (status IN ('published', 'discarded', 'under_review', 'removed')),
  claim_text           text NOT NULL,
  -- The whole check document as @espectro/factcheck produced it (history included).
  document             jsonb NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX checks_debate ON checks (debate_id, seq);
CREATE INDEX checks_candidate ON checks (candidate, seq);

CREATE TABLE verdict_history (
  check_id             text NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  seq                  integer NOT NULL,
  verdict              text NOT NULL,
  status               text NOT NULL,
  at                   text NOT NULL,
  phase                text NOT NULL CHECK (phase IN ('live', 'review')),
  reason               text,
  PRIMARY KEY (check_id, seq)
);

CREATE TABLE scoreboards (
  id                   bigserial PRIMARY KEY,
  debate_id            text NOT NULL,
  at                   text NOT NULL,
  live                 jsonb NOT NULL,
  revised              jsonb NOT NULL
);
CREATE INDEX scoreboards_debate ON scoreboards (debate_id, id);

-- ── Pipeline runs (espectro run): stages and checkpoints make a run resumable ───────────────────

CREATE TABLE runs (
  id                   text PRIMARY KEY,
  fingerprint          text NOT NULL,
  status               text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  stage                text,
  options              jsonb NOT NULL,
  summary              jsonb,
  error                text,
  started_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL,
  finished_at          timestamptz
);
CREATE INDEX runs_fingerprint ON runs (fingerprint, started_at DESC);

CREATE TABLE run_checkpoints (
  run_id               text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  key                  text NOT NULL,
  stage                text NOT NULL,
  data                 jsonb,
  completed_at         timestamptz NOT NULL,
  PRIMARY KEY (run_id, key)
);

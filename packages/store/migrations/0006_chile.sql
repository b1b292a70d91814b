-- @espectro/store — the Chilean headline classifier (seed 004): classified headlines of the five
-- monitored outlets. Only the public title and bajada are stored (rule HC-2): there is no body
-- column, on purpose. Applied once by name; never edit it after it lands — add 0006_chile_2.sql.

CREATE TABLE chile_headlines (
  -- `<outlet id>:<first 16 hex of sha256(guid or link)>`, as @espectro/headline-classifier's feed reader makes it.
  id               text PRIMARY KEY,
  -- The outlet's domain (HC-2 record), e.g. latercera.com.
  outlet           text NOT NULL,
  url              text NOT NULL,
  published_at     timestamptz NOT NULL,
  title            text NOT NULL CHECK (length(title) BETWEEN 1 AND 500),
  -- The feed's bajada; NULL when the feed has none (HC-2: never the body).
  description      text CHECK (description IS NULL OR length(description) <= 2000),
  -- HC-1 class; NULL only when an LLM answer was rejected (see rejection).
  class            text CHECK (class IN ('legislative_process', 'parliamentary_activity', 'law_in_force',
                                         'non_legislative_politics', 'non_legislative', 'ambiguous')),
  -- `rules-baseline (offline)` or `llm:<vendor>/<model>`: which backend made the class.
  backend          text NOT NULL,
  evidence         text,
  evidence_field   text CHECK (evidence_field IN ('title', 'description')),
  rejection        text,
  -- LINK-1: boletín numbers written in the title or description, normalised (`12345-07`).
  boletines        jsonb NOT NULL DEFAULT '[]'::jsonb,
  trace            jsonb NOT NULL DEFAULT '[]'::jsonb,
  first_seen_at    timestamptz NOT NULL,
  classified_at    timestamptz NOT NULL
);

CREATE INDEX chile_headlines_published ON chile_headlines (published_at DESC, id);
CREATE INDEX chile_headlines_class ON chile_headlines (class, published_at DESC);
CREATE INDEX chile_headlines_outlet ON chile_headlines (outlet, published_at DESC);

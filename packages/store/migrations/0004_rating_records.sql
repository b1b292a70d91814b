-- @espectro/store — the RatingRecordStore on the database (issue 16 §2).
-- Every rating keeps the votes that dissented (seed 002 §5 `evidence.dissent`) and the seal of the
-- evidence it was computed from (`sha256:` + SHA-256 of the canonical JSON of rating_evidence,
-- computed by @espectro/rating's evidenceDigest), so `espectro outlets verify` can tell that the
-- evidence is still the one the rating was made from. Ratings written before this migration have
-- no seal (NULL) until they are rated again. `rating_verifications` keeps the latest verification
-- of each outlet, which the outlet page shows.

ALTER TABLE sources ADD COLUMN dissent jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE sources ADD COLUMN evidence_sha256 text CHECK (evidence_sha256 ~ '^sha256:[0-9a-f]{64}$');
ALTER TABLE source_ratings ADD COLUMN dissent jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE source_ratings ADD COLUMN evidence_sha256 text CHECK (evidence_sha256 ~ '^sha256:[0-9a-f]{64}$');

CREATE TABLE rating_verifications (
  domain               text PRIMARY KEY REFERENCES sources (domain) ON DELETE CASCADE,
  verified_at          timestamptz NOT NULL,
  -- verified: reproduced exactly; mismatch: see mismatches; other_methodology: stamped with another
  -- version, not re-derived; unsealed: rated before ratings were sealed.
  result               text NOT NULL CHECK (result IN ('verified', 'mismatch', 'other_methodology', 'unsealed')),
  mismatches           jsonb NOT NULL DEFAULT '[]'::jsonb,
  methodology_version  text NOT NULL
);

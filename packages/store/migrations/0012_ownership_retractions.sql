-- 0012_ownership_retractions: a recorded ownership event (0010) found to be wrong is retracted, never
-- deleted or edited: one row per retracted event says who retracted it, when and why (the audit
-- trail; `espectro outlets ownership retract`). A retracted event no longer counts as the outlet's
-- `ownership_changed_at` (REV-1) and leaves the evidence's `ownership_history` at the next re-rating;
-- a retraction of the outlet's latest change of control enqueues that re-rating in the same
-- transaction. To correct an event, retract it and record the right one.
CREATE TABLE outlet_ownership_retractions (
  event_id      bigint PRIMARY KEY REFERENCES outlet_ownership_events (id) ON DELETE CASCADE,
  reason        text NOT NULL CHECK (length(reason) > 0),
  retracted_by  text NOT NULL,
  retracted_at  timestamptz NOT NULL
);

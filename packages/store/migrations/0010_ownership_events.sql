-- 0010_ownership_events: reported ownership and control changes of an outlet (seed 002 §2
-- `ownership_history`, §8, §9 "Se reporta un cambio de propiedad"). One row per reported event,
-- recorded by an editor (`espectro outlets ownership add`); never edited in place. The lifecycle
-- reads the latest event on or before its day as the outlet's `ownership_changed_at` (REV-1), and
-- a re-rating copies the events into the evidence's `ownership_history` (a change of control then
-- moves the content window, CONF-CHANGE).
CREATE TABLE outlet_ownership_events (
  id              bigserial PRIMARY KEY,
  domain          text NOT NULL REFERENCES sources (domain) ON DELETE CASCADE,
  -- The day the change happened (YYYY-MM-DD), not the day it was recorded.
  event_date      text NOT NULL CHECK (event_date ~ '^\d{4}-\d{2}-\d{2}$'),
  event           text NOT NULL CHECK (length(event) > 0),
  -- A change of who controls editorial appointments (CONF-CHANGE), not only of shareholders.
  control_change  boolean NOT NULL,
  source_url      text,
  recorded_by     text NOT NULL,
  recorded_at     timestamptz NOT NULL,
  UNIQUE (domain, event_date, event)
);
CREATE INDEX outlet_ownership_events_domain ON outlet_ownership_events (domain, event_date);

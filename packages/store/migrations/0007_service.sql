-- 0007_service: what the worker did, cycle by cycle (espectro status, /healthz).
-- The job queue itself lives in its own schema, created and versioned by pg-boss.
CREATE TABLE worker_cycles (
  id           bigserial PRIMARY KEY,
  -- '<host>:<pid>' of the worker that ran the cycle.
  worker_id    text NOT NULL,
  -- The instant the cycle planned its jobs at (simulated in tests).
  cycle_time   timestamptz NOT NULL,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz NOT NULL,
  duration_ms  integer NOT NULL CHECK (duration_ms >= 0),
  -- Per job kind: planned, run, failed and summed outcomes; recovered orphans; whether it was stopped.
  summary      jsonb NOT NULL
);
CREATE INDEX worker_cycles_finished ON worker_cycles (finished_at);

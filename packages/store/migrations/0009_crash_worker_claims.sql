-- 0009_crash_worker_claims: which worker runs which queue job, and whether that worker is alive.
-- pg-boss 10 records no claimant on its jobs: a worker killed with kill -9 on PostgreSQL left its
-- job `active` until `expireInSeconds`, and a stately queue runs nothing else of that kind meanwhile.
-- A worker beats here while it runs; its claims are written in the transaction that activates the
-- jobs and removed in the one that completes or fails them. A worker whose beat is stale (or whose
-- process is gone from this host) has its claimed jobs failed through pg-boss, to be retried.
CREATE TABLE worker_heartbeats (
  -- '<host>:<pid>', as in worker_cycles and the feed leases.
  worker_id   text PRIMARY KEY,
  host        text NOT NULL,
  pid         integer NOT NULL,
  started_at  timestamptz NOT NULL DEFAULT now(),
  -- The database's clock, never the worker's (which is simulated in a replay).
  beat_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE worker_job_claims (
  -- The pg-boss job id (uuid as text) in the queue schema below.
  job_id        text NOT NULL,
  queue_schema  text NOT NULL,
  job_name      text NOT NULL,
  worker_id     text NOT NULL,
  claimed_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (queue_schema, job_id)
);
CREATE INDEX worker_job_claims_worker ON worker_job_claims (worker_id);

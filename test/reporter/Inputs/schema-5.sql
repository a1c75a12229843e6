PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE meta(
  key TEXT PRIMARY KEY,
  value
);
INSERT INTO meta VALUES('schema_version',5);
CREATE TABLE runs(
  id INTEGER PRIMARY KEY,
  file TEXT NOT NULL,
  digest TEXT NOT NULL UNIQUE,
  program TEXT NOT NULL,
  args TEXT NOT NULL,
  pid INTEGER NOT NULL,
  start REAL NOT NULL,
  wall REAL NOT NULL,
  user REAL NOT NULL,
  sys REAL NOT NULL,
  cpu REAL NOT NULL,
  hz INTEGER NOT NULL,
  ticks INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('complete', 'incomplete')),
  imported_at TEXT NOT NULL,
  samples INTEGER,
  clock TEXT,
  label TEXT,
  kind TEXT NOT NULL DEFAULT 'profile'  CHECK (kind IN ('profile', 'time')),
  repeats INTEGER NOT NULL DEFAULT 1,
  max_rss INTEGER,
  cpu_min REAL,
  cpu_max REAL,
  wall_min REAL,
  wall_max REAL
, processes INTEGER);
INSERT INTO runs VALUES(1,'v3-primes.prof','5c6a96c4f0925f82','primes','./primes 20000',4242,1763731200.1234560013,3.9500000000000001776,3.5,0.39000000000000001332,3.8900000000000001243,100,389,'complete','2026-11-23T16:16:17Z',385,'cpu-perf',NULL,'profile',1,NULL,NULL,NULL,NULL,NULL,NULL);
CREATE TABLE run_args(
  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  arg TEXT NOT NULL,
  PRIMARY KEY (run, idx)
) WITHOUT ROWID;
INSERT INTO run_args VALUES(1,0,'./primes');
INSERT INTO run_args VALUES(1,1,'20000');
CREATE TABLE modules(
  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  compiler TEXT NOT NULL,
  options TEXT NOT NULL,
  source TEXT NOT NULL,
  PRIMARY KEY (run, id)
) WITHOUT ROWID;
INSERT INTO modules VALUES(1,0,'Debian clang version 14.0.6','counters=plain','examples/primes.c');
CREATE TABLE cost_centres(
  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  module INTEGER,
  symbol TEXT NOT NULL,
  name TEXT NOT NULL,
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  ticks INTEGER NOT NULL, kind TEXT NOT NULL DEFAULT 'function'
    CHECK (kind IN ('function', 'anonymous', 'scc', 'module',
                    'unprofiled')),
  PRIMARY KEY (run, id),
  FOREIGN KEY (run, module) REFERENCES modules(run, id)
    ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO cost_centres VALUES(1,-1,NULL,'','(unprofiled)','',0,0,3,'unprofiled');
INSERT INTO cost_centres VALUES(1,0,0,'subset','subset','examples/primes.c',31,1,0,'function');
INSERT INTO cost_centres VALUES(1,1,0,'isPrime','isPrime','examples/primes.c',24,1000,33,'function');
INSERT INTO cost_centres VALUES(1,2,0,'isPrime.test','isPrime.test','examples/primes.c',17,78189,352,'function');
INSERT INTO cost_centres VALUES(1,3,0,'subset.f','subset.f','examples/primes.c',12,1001,1,'function');
INSERT INTO cost_centres VALUES(1,4,0,'natlist','natlist','examples/primes.c',40,1001,0,'function');
CREATE INDEX runs_by_label ON runs(label);
CREATE INDEX cost_centres_by_name ON cost_centres(run, name, file);
CREATE VIEW flat_by_name AS
SELECT run, name, file, sum(calls) AS calls, sum(ticks) AS ticks,
       sum(seconds) AS seconds, sum(pct) AS pct
FROM flat GROUP BY run, name, file;
CREATE VIEW compare AS
WITH k AS (
  SELECT run, name, file, calls, ticks, seconds, pct,
    replace(file, rtrim(file, replace(file, '/', '')), '') AS base,
    count(*) OVER (PARTITION BY run, name) AS n
  FROM flat_by_name)
SELECT ra.id AS run_a, rb.id AS run_b, a.name AS name,
       a.file AS file,
       a.calls AS calls_a, b.calls AS calls_b,
       a.ticks AS ticks_a, b.ticks AS ticks_b,
       a.seconds AS seconds_a, b.seconds AS seconds_b,
       a.pct AS pct_a, b.pct AS pct_b,
       coalesce(b.pct, 0.0) - a.pct AS delta_pct
FROM runs AS ra JOIN runs AS rb
JOIN k AS a ON a.run = ra.id
LEFT JOIN k AS b ON b.run = rb.id AND b.name = a.name
  AND ((a.n = 1 AND b.n = 1) OR b.base = a.base)
UNION ALL
SELECT ra.id, rb.id, b.name, b.file, NULL, b.calls, NULL, b.ticks,
       NULL, b.seconds, NULL, b.pct, b.pct
FROM runs AS ra JOIN runs AS rb
JOIN k AS b ON b.run = rb.id
WHERE NOT EXISTS (SELECT 1 FROM k AS a
                  WHERE a.run = ra.id AND a.name = b.name
                    AND ((a.n = 1 AND b.n = 1)
                         OR a.base = b.base));
CREATE VIEW flat AS
SELECT c.run, c.id, c.name, c.symbol, c.file, c.line, c.calls,
       c.ticks,
       CASE WHEN r.ticks > 0 THEN c.ticks * r.cpu / r.ticks
            ELSE 0.0 END AS seconds,
       CASE WHEN r.ticks > 0 THEN 100.0 * c.ticks / r.ticks
            ELSE 0.0 END AS pct,
       CASE WHEN c.calls > 0 AND r.ticks > 0
            THEN 1000.0 * c.ticks * r.cpu / r.ticks / c.calls
            WHEN c.calls > 0 THEN 0.0 END AS ms_per_call,
       c.kind
FROM cost_centres AS c JOIN runs AS r ON r.id = c.run;
CREATE VIEW run_summary AS
SELECT id AS run, label, kind, program, args, processes, cpu, wall,
       hz, ticks,
       samples,
       CASE WHEN cpu > 0 AND kind = 'profile'
            THEN coalesce(samples, ticks) / cpu
       END AS achieved_hz,
       clock, status, repeats, max_rss, cpu_min, cpu_max,
       wall_min, wall_max
FROM runs;
COMMIT;

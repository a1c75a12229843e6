PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE meta(
  key TEXT PRIMARY KEY,
  value
);
INSERT INTO meta VALUES('schema_version',1);
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
  imported_at TEXT NOT NULL);
INSERT INTO runs VALUES(1,'primes.prof','70875413ec2440d5','primes','./primes 20000',4242,1763731200.1234560013,3.9500000000000001776,3.5,0.39000000000000001332,3.8900000000000001243,100,389,'complete','2026-11-23T15:12:32Z');
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
  ticks INTEGER NOT NULL,
  PRIMARY KEY (run, id),
  FOREIGN KEY (run, module) REFERENCES modules(run, id)
    ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO cost_centres VALUES(1,-1,NULL,'','(unprofiled)','',0,0,3);
INSERT INTO cost_centres VALUES(1,0,0,'subset','subset','examples/primes.c',31,1,0);
INSERT INTO cost_centres VALUES(1,1,0,'isPrime','isPrime','examples/primes.c',24,1000,33);
INSERT INTO cost_centres VALUES(1,2,0,'isPrime.test','isPrime.test','examples/primes.c',17,78189,352);
INSERT INTO cost_centres VALUES(1,3,0,'subset.f','subset.f','examples/primes.c',12,1001,1);
INSERT INTO cost_centres VALUES(1,4,0,'natlist','natlist','examples/primes.c',40,1001,0);
CREATE INDEX cost_centres_by_name ON cost_centres(run, name, file);
CREATE VIEW flat AS
SELECT c.run, c.id, c.name, c.symbol, c.file, c.line, c.calls,
       c.ticks,
       CASE WHEN r.ticks > 0 THEN c.ticks * r.cpu / r.ticks
            ELSE 0.0 END AS seconds,
       CASE WHEN r.ticks > 0 THEN 100.0 * c.ticks / r.ticks
            ELSE 0.0 END AS pct,
       CASE WHEN c.calls > 0 AND r.ticks > 0
            THEN 1000.0 * c.ticks * r.cpu / r.ticks / c.calls
            WHEN c.calls > 0 THEN 0.0 END AS ms_per_call
FROM cost_centres AS c JOIN runs AS r ON r.id = c.run;
CREATE VIEW flat_by_name AS
SELECT run, name, file, sum(calls) AS calls, sum(ticks) AS ticks,
       sum(seconds) AS seconds, sum(pct) AS pct
FROM flat GROUP BY run, name, file;
CREATE VIEW compare AS
SELECT ra.id AS run_a, rb.id AS run_b, a.name AS name, a.file AS file,
       a.calls AS calls_a, b.calls AS calls_b,
       a.ticks AS ticks_a, b.ticks AS ticks_b,
       a.seconds AS seconds_a, b.seconds AS seconds_b,
       a.pct AS pct_a, b.pct AS pct_b,
       coalesce(b.pct, 0.0) - a.pct AS delta_pct
FROM runs AS ra JOIN runs AS rb
JOIN flat_by_name AS a ON a.run = ra.id
LEFT JOIN flat_by_name AS b
  ON b.run = rb.id AND b.name = a.name AND b.file = a.file
UNION ALL
SELECT ra.id, rb.id, b.name, b.file, NULL, b.calls, NULL, b.ticks,
       NULL, b.seconds, NULL, b.pct, b.pct
FROM runs AS ra JOIN runs AS rb
JOIN flat_by_name AS b ON b.run = rb.id
WHERE NOT EXISTS (SELECT 1 FROM cost_centres AS c
                  WHERE c.run = ra.id AND c.name = b.name
                    AND c.file = b.file);
CREATE VIEW run_summary AS SELECT id AS run, program, args, cpu, wall, hz, ticks, CASE WHEN cpu > 0 THEN ticks / cpu END AS achieved_hz, status FROM runs;
COMMIT;

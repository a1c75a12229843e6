PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE meta(
  key TEXT PRIMARY KEY,
  value
);
INSERT INTO meta VALUES('schema_version',7);
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
  wall_max REAL,
  processes INTEGER,
  events TEXT
);
INSERT INTO runs VALUES(1,'test/reporter/Inputs/v5-metrics.prof','c53d990d9d516684','/tmp/a','./a',14419,1795448605.1623730659,0.0022620000000000001216,0.0016379999999999999161,0.0,0.0016379999999999999161,1000,0,'complete','2026-11-23T18:04:38Z',0,'cpu-perf',NULL,'profile',1,NULL,NULL,NULL,NULL,NULL,1,'alloc,io');
CREATE TABLE run_args(
  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  arg TEXT NOT NULL,
  PRIMARY KEY (run, idx)
) WITHOUT ROWID;
INSERT INTO run_args VALUES(1,0,'./a');
CREATE TABLE modules(
  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  compiler TEXT NOT NULL,
  options TEXT NOT NULL,
  source TEXT NOT NULL,
  PRIMARY KEY (run, id)
) WITHOUT ROWID;
INSERT INTO modules VALUES(1,0,'GCC 12.2.0','counters=thread','a.c');
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
  kind TEXT NOT NULL DEFAULT 'function'
    CHECK (kind IN ('function', 'anonymous', 'scc', 'module',
                    'unprofiled')),
  alloc_calls INTEGER,
  alloc_bytes INTEGER,
  free_calls INTEGER,
  read_calls INTEGER,
  read_bytes INTEGER,
  write_calls INTEGER,
  write_bytes INTEGER,
  faults INTEGER,
  cswitches INTEGER,
  migrations INTEGER,
  wall_ticks INTEGER,
  cycles INTEGER,
  instructions INTEGER,
  cache_misses INTEGER,
  branch_misses INTEGER,
  PRIMARY KEY (run, id),
  FOREIGN KEY (run, module) REFERENCES modules(run, id)
    ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO cost_centres VALUES(1,-1,NULL,'','(unprofiled)','',0,0,0,'unprofiled',5,0,0,0,0,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO cost_centres VALUES(1,0,0,'alloc100','alloc100','a.c',6,10,0,'function',10,1000,0,0,0,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO cost_centres VALUES(1,1,0,'copy','copy','a.c',8,1,0,'function',0,0,0,14,12813,13,12813,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO cost_centres VALUES(1,2,0,'main','main','a.c',13,1,0,'function',2,71,11,0,0,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
CREATE TABLE contexts(
  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  parent INTEGER NOT NULL,
  cc INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  ticks INTEGER NOT NULL,
  alloc_calls INTEGER,
  alloc_bytes INTEGER,
  free_calls INTEGER,
  read_calls INTEGER,
  read_bytes INTEGER,
  write_calls INTEGER,
  write_bytes INTEGER,
  faults INTEGER,
  cswitches INTEGER,
  migrations INTEGER,
  wall_ticks INTEGER,
  cycles INTEGER,
  instructions INTEGER,
  cache_misses INTEGER,
  branch_misses INTEGER,
  PRIMARY KEY (run, id),
  FOREIGN KEY (run, cc) REFERENCES cost_centres(run, id)
    ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX runs_by_label ON runs(label);
CREATE INDEX cost_centres_by_name ON cost_centres(run, name, file);
CREATE INDEX contexts_by_parent ON contexts(run, parent);
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
       c.kind,
       c.alloc_calls,
       c.alloc_bytes,
       c.free_calls,
       c.read_calls,
       c.read_bytes,
       c.write_calls,
       c.write_bytes,
       c.faults,
       c.cswitches,
       c.migrations,
       c.wall_ticks,
       c.cycles,
       c.instructions,
       c.cache_misses,
       c.branch_misses
FROM cost_centres AS c JOIN runs AS r ON r.id = c.run;
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

#!/usr/bin/env python3
"""hold_lock.py DB SECONDS FLAG - hold an exclusive lock on the SQLite
database DB for SECONDS, as another writer would; FLAG is created once
the lock is held (so that a test starts the reporter only then)."""
import sqlite3
import sys
import time

db, seconds, flag = sys.argv[1], float(sys.argv[2]), sys.argv[3]
c = sqlite3.connect(db, isolation_level=None)
c.execute("BEGIN EXCLUSIVE")
open(flag, "w").close()
time.sleep(seconds)
c.execute("ROLLBACK")
c.close()

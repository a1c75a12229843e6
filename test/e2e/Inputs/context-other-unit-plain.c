// An unprofiled unit of context-call-site-other-unit.c (no plugin): the
// caller's fallback site entry must call it as the plain call would.
long plain_twice(long x) { return 2 * x; }

// The callee unit of context-call-site-other-unit.c: functions called
// directly from the other unit (site entries in context mode), one of
// them recursing back into it, and one with a struct passed by value.
struct pair { long a, b, c; };

long back(long n);
extern volatile long sink;

long leaf(long x) { return x * 3 + sink; }

long middle(long x) { return leaf(x) + leaf(x + 1); }

long ping(long n) { return n <= 0 ? 0 : 1 + back(n - 1); }

long sum3(struct pair p, long k) { return p.a + p.b + p.c + k + sink; }

long (*volatile leaf_pointer)(long) = leaf;

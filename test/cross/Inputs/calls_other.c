/* calls_other.c - a static function with the same name as one in calls.c:
 * a distinct cost centre (same name, other file). */
static int helper(int x) { return x + 100; }

int other_entry(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += helper(i);
	return s;
}

/* An unprofiled library (built without the plugin) that calls back two
 * functions, working after each: an event loop's shape. */
static volatile unsigned long sink;

static void spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i;
}

void run2(void (*a)(void), void (*b)(void))
{
	a();
	spin(150000000UL);
	b();
	spin(150000000UL);
}

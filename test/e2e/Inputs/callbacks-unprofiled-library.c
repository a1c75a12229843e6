/* An unprofiled library (built without the plugin) that calls back two
 * functions, working after each: an event loop's shape.  The work is
 * about 0.4 s of CPU in all, so that the tests' shares rest on about 400
 * samples: at 150 million iterations a spin (0.12 s on an AMD EPYC
 * guest), runs took 85 and 98 samples, under the 100 the shares tool
 * asks for. */
static volatile unsigned long sink;

static void spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i;
}

void run2(void (*a)(void), void (*b)(void))
{
	a();
	spin(450000000UL);
	b();
	spin(450000000UL);
}

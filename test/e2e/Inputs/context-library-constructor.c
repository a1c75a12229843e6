/* A shared library with a profiled constructor, for the context-mode
 * tests of what starts from the root: the loader runs init (and setup
 * under it) before the program's constructors and main, and nothing
 * resets `current` after it. */
static int ready;

__attribute__((noinline)) void setup(void)
{
	ready = 1;
}

__attribute__((constructor)) static void init(void)
{
	setup();
}

__attribute__((noinline)) int work(int x)
{
	return x + ready;
}

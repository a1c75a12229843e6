/* An instrumented plugin for merge-keeps-modules-of-other-runs.c. */
__attribute__((noinline)) int plugin_step(int i)
{
	return i + 1;
}

int plugin_run(int n)
{
	int sum = 0;

	for (int i = 0; i < n; i++)
		sum += plugin_step(i);
	return sum;
}

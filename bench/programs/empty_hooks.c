/* empty_hooks.c - empty -finstrument-functions hooks, the cheapest a
 * program built with -finstrument-functions can be: the benchmarks link
 * it into the "finstr" builds (itself compiled without instrumentation)
 * to measure the cost of the calls the compiler inserts. */
void __cyg_profile_func_enter(void *fn, void *site)
	__attribute__((no_instrument_function));
void __cyg_profile_func_exit(void *fn, void *site)
	__attribute__((no_instrument_function));

void __cyg_profile_func_enter(void *fn, void *site) { (void)fn; (void)site; }
void __cyg_profile_func_exit(void *fn, void *site) { (void)fn; (void)site; }

/*
 * fatal.c - the profile of a program that dies of a signal.
 *
 * For each signal below whose action is the default (SIG_DFL) when the
 * runtime starts, a handler writes the profile with "status incomplete",
 * restores SIG_DFL and re-raises the signal, so the program dies exactly
 * as it would have: same signal, same exit status (128 + N in a shell),
 * same core dump.  A signal the program handles or ignores is left alone,
 * and a handler the program installs later simply replaces ours.  The
 * program sees SIG_DFL where ours is, and setting SIG_DFL puts ours back
 * (signal_chain.c): a library that ignores SIGPIPE, or installs its
 * SIGINT handler, only where the action is the default still does.
 *
 *   SIGSEGV SIGBUS SIGFPE SIGILL   faults (re-executing the faulting
 *                                  instruction re-raises them)
 *   SIGABRT                        abort(), assert, std::terminate
 *   SIGHUP SIGINT SIGQUIT SIGTERM  requests to stop (Ctrl-C, kill)
 *   SIGPIPE                        writing to a closed pipe (prog | head)
 *   SIGXCPU                        the CPU-time limit (ulimit -t)
 *
 * The handler runs on an alternate signal stack (alt_stack.c: installed
 * for the main thread if it has none, and for every thread started
 * through the pthread_create wrapper, threads.c), so a stack overflow is
 * written too; the program does not see it.  It blocks
 * every other signal while it writes.  The writer is async-signal-safe
 * (writer.c); it will not wait for the runtime's lock if this thread holds
 * it (the fault happened inside the runtime), and waits at most a few
 * seconds for another thread.  If several threads die at once, the first
 * writes and the others wait for it to end the process.  A vfork child
 * (which shares the parent's memory) writes nothing.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "file_calls.h"
#include "runtime_internal.h"

static const int fatal_signals[] = {
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGXCPU,
};

void ccprof__on_fatal(int sig, siginfo_t *info, void *ucontext);

static int writing;	/* a thread has started the fatal write */
static int installed_any;	/* a handler is ours: threads get stacks */

static int is_fault(int sig)
{
	return sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE ||
	       sig == SIGILL;
}

void ccprof__on_fatal(int sig, siginfo_t *info, void *ucontext)
{
	struct sigaction dfl;
	int saved_errno = errno;

	(void)ucontext;
	if (ccprof__in_own_process()) {
		if (__atomic_exchange_n(&writing, 1, __ATOMIC_ACQ_REL) == 0) {
			ccprof__write_profile(CCPROF_WHY_FATAL);
		} else {
			/* Another thread is writing; it will end the process
			 * when done.  Do not end it under its feet. */
			struct timespec ms = { 0, 1000000 };

			for (int i = 0; i < 10000; i++)
				ccprof__sys_nanosleep(&ms, NULL);
		}
	}
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	ccprof__runtime_sigaction(sig, &dfl, NULL);
	/* A fault sent by the kernel comes back when the instruction is
	 * re-executed on return; anything else (abort, kill) is sent again,
	 * and arrives as soon as the handler returns and unblocks it. */
	if (!(is_fault(sig) && info && info->si_code > 0))
		ccprof__sys_raise(sig);
	errno = saved_errno;
}

/* In a new thread (threads.c): an alternate stack like the main
 * thread's, if the runtime handles a fatal signal. */
void *ccprof__fatal_thread_altstack(void)
{
	if (!__atomic_load_n(&installed_any, __ATOMIC_RELAXED))
		return NULL;
	return ccprof__alt_stack_install_new();
}

void ccprof__fatal_install(void)
{
	struct sigaction sa;
	int installed = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = ccprof__on_fatal;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
	sigfillset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]);
	     i++) {
		int sig = fatal_signals[i];
		struct sigaction old;

		if (ccprof__runtime_sigaction(sig, NULL, &old) != 0 ||
		    (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
			continue;
		if (ccprof__runtime_sigaction(sig, &sa, NULL) == 0) {
			ccprof__signal_stand_in(sig, &sa);
			installed = 1;
		}
	}
	if (installed) {
		__atomic_store_n(&installed_any, 1, __ATOMIC_RELAXED);
		ccprof__alt_stack_install();
	}
}

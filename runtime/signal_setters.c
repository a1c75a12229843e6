/*
 * signal_setters.c - every other libc function that sets a signal's
 * action goes through libccprof's sigaction (signal_chain.c), so that the
 * runtime's handlers stay installed and the program sees its own actions
 * whichever function it calls.
 *
 * Why: glibc implements signal, sysv_signal, sigset, sigignore and
 * siginterrupt with its internal sigaction, which libccprof's cannot see.
 * A program that calls one of them for the sample signal replaced the
 * runtime's handler (its handler got the samples); for a signal the
 * runtime stands in for at SIG_DFL (fatal.c, dumper.c) it read the
 * runtime's handler.  The commonest case is not even visible in the
 * source: a program compiled with -std=c99 or -std=c11 (no GNU
 * extensions) that calls signal() calls __sysv_signal, as <signal.h>
 * redirects it there.
 *
 * What: libccprof defines them (weak, exported) with the semantics of
 * glibc's, in terms of ccprof__program_sigaction, which passes any signal
 * the runtime does not own straight to libc.  signal, bsd_signal and
 * ssignal keep calling libc's signal for such signals, and siginterrupt
 * libc's siginterrupt: libc's signal reads the set siginterrupt keeps,
 * so the two go to the same place.  For the runtime's signals both are
 * done here, with a set of their own.
 */
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "file_calls.h"
#include "runtime_internal.h"

#define WRAPPER CCPROF_EXPORT __attribute__((weak))

typedef __sighandler_t (*signal_fn)(int, __sighandler_t);
typedef int (*siginterrupt_fn)(int, int);

/* glibc's signal, in a static link only (libc.so does not export it). */
extern __sighandler_t __bsd_signal(int, __sighandler_t) __attribute__((weak));

static signal_fn real_signal;		/* libc's, when found */
static siginterrupt_fn real_siginterrupt;
static sigset_t interrupting;		/* siginterrupt(sig, 1) done here */

void ccprof__signal_setters_start(void)
{
	real_signal = (signal_fn)dlsym(RTLD_NEXT, "signal");
	real_siginterrupt = (siginterrupt_fn)dlsym(RTLD_NEXT, "siginterrupt");
	if (!real_signal || !real_siginterrupt)
		dlerror();	/* a static executable: nothing pending */
}

static int valid(int sig)
{
	return sig >= 1 && sig < NSIG;
}

static int interrupts(int sig)
{
	return sigismember(&interrupting, sig) == 1;
}

/* Sets HANDLER for SIG with FLAGS and an empty mask (plus SIG itself if
 * BLOCK_SELF); the previous handler, or SIG_ERR. */
static __sighandler_t set_handler(int sig, __sighandler_t handler, int flags,
				  int block_self)
{
	struct sigaction act, old;

	if (handler == SIG_ERR || !valid(sig)) {
		errno = EINVAL;
		return SIG_ERR;
	}
	memset(&act, 0, sizeof(act));
	act.sa_handler = handler;
	sigemptyset(&act.sa_mask);
	if (block_self)
		sigaddset(&act.sa_mask, sig);
	act.sa_flags = flags;
	if (ccprof__program_sigaction(sig, &act, &old) != 0)
		return SIG_ERR;
	return old.sa_handler;
}

/* BSD semantics, as glibc's signal: the signal blocked in its handler,
 * interrupted system calls restarted unless siginterrupt said not to. */
static __sighandler_t bsd_semantics(int sig, __sighandler_t handler)
{
	return set_handler(sig, handler,
			   valid(sig) && interrupts(sig) ? 0 : SA_RESTART, 1);
}

WRAPPER __sighandler_t signal(int sig, __sighandler_t handler)
{
	if (ccprof__signal_is_runtimes(sig) || (valid(sig) && interrupts(sig)))
		return bsd_semantics(sig, handler);
	if (real_signal)
		return real_signal(sig, handler);
	if (&__bsd_signal)
		return __bsd_signal(sig, handler);
	return bsd_semantics(sig, handler);
}

WRAPPER __sighandler_t bsd_signal(int sig, __sighandler_t handler)
{
	return signal(sig, handler);
}

WRAPPER __sighandler_t ssignal(int sig, __sighandler_t handler)
{
	return signal(sig, handler);
}

/* System V semantics: the handler reset to SIG_DFL when it runs, the
 * signal not blocked in it, interrupted system calls not restarted. */
WRAPPER __sighandler_t __sysv_signal(int sig, __sighandler_t handler)
{
	int flags = SA_RESETHAND | SA_NODEFER;

#ifdef SA_INTERRUPT
	flags |= SA_INTERRUPT;	/* a no-op; glibc sets it too */
#endif
	return set_handler(sig, handler, flags, 0);
}

WRAPPER __sighandler_t sysv_signal(int sig, __sighandler_t handler)
{
	return __sysv_signal(sig, handler);
}

/* SIG_HOLD blocks the signal and leaves its action; anything else sets
 * the action (no mask, no flags) and unblocks it.  The answer is SIG_HOLD
 * if the signal was blocked, the previous handler otherwise. */
WRAPPER __sighandler_t sigset(int sig, __sighandler_t disp)
{
	struct sigaction act, old;
	sigset_t set, was;

	sigemptyset(&set);
	if (sigaddset(&set, sig) != 0)
		return SIG_ERR;
	if (disp == SIG_HOLD) {
		if (ccprof__sys_sigmask(SIG_BLOCK, &set, &was) != 0)
			return SIG_ERR;
		if (sigismember(&was, sig) == 1)
			return SIG_HOLD;
		if (ccprof__program_sigaction(sig, NULL, &old) != 0)
			return SIG_ERR;
		return old.sa_handler;
	}
	memset(&act, 0, sizeof(act));
	act.sa_handler = disp;
	sigemptyset(&act.sa_mask);
	if (ccprof__program_sigaction(sig, &act, &old) != 0)
		return SIG_ERR;
	if (ccprof__sys_sigmask(SIG_UNBLOCK, &set, &was) != 0)
		return SIG_ERR;
	return sigismember(&was, sig) == 1 ? SIG_HOLD : old.sa_handler;
}

WRAPPER int sigignore(int sig)
{
	struct sigaction act;

	memset(&act, 0, sizeof(act));
	act.sa_handler = SIG_IGN;
	sigemptyset(&act.sa_mask);
	return ccprof__program_sigaction(sig, &act, NULL);
}

/* Whether a system call the signal interrupts fails with EINTR (flag
 * 1) or restarts (0): the action's SA_RESTART, and what signal() will
 * set for it. */
WRAPPER int siginterrupt(int sig, int flag)
{
	struct sigaction act;

	if (!ccprof__signal_is_runtimes(sig) && real_siginterrupt) {
		if (valid(sig))
			sigdelset(&interrupting, sig);
		return real_siginterrupt(sig, flag);
	}
	if (ccprof__program_sigaction(sig, NULL, &act) != 0)
		return -1;
	if (flag) {
		sigaddset(&interrupting, sig);
		act.sa_flags &= ~SA_RESTART;
	} else {
		sigdelset(&interrupting, sig);
		act.sa_flags |= SA_RESTART;
	}
	return ccprof__program_sigaction(sig, &act, NULL);
}

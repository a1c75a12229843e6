/*
 * signal_chain.c - the sample signal stays the program's: a handler the
 * program installs for it after the runtime started gets exactly the
 * signals it would get without ccprof, and the samples go on.
 *
 * Why: the runtime samples with a signal nobody handles at start
 * (SIGURG, else a free real-time signal; sampler.c).  A program may
 * install a handler for it later: an FTP or telnet server for the
 * out-of-band data SIGURG announces, a program that picks a real-time
 * signal for its own timers.  Before, its handler replaced the runtime's
 * and received a thousand samples a second it had never asked for (a
 * server told of urgent data that never came), and the profile lost its
 * ticks.
 *
 * What: libccprof defines sigaction (and, in signal_setters.c, signal,
 * sysv_signal, sigset and the others that set an action, through
 * ccprof__program_sigaction here).  For the sample signal, a program's
 * call records the action as the program's own and leaves the runtime's handler installed; the call answers with
 * the program's previous action, as the kernel would (SIG_DFL before the
 * program set one).  The installed handler (ccprof__on_signal) takes
 * the samples of the runtime's own sources (sampler.c tells them by
 * si_fd and si_timerid) and hands every other signal to the program's
 * action as the kernel would have: the handler called with the signal's
 * siginfo and context and the mask the action asks for, SA_RESETHAND
 * honoured, SIG_IGN dropped, SIG_DFL ignored where the default is to
 * ignore (SIGURG, SIGWINCH) and otherwise the signal delivered again
 * with the real default action (the process ends as it would have).
 * SA_RESTART and SA_ONSTACK of the program's action are copied to the
 * installed one, so that a system call the program's signal interrupts
 * ends with EINTR or restarts as without ccprof.  Every other signal,
 * and every call while sampling is off, goes straight to libc.
 *
 * SA_ONSTACK, for any signal: until the program has an alternate stack
 * of its own (alt_stack.c), its handlers are installed without it, and
 * read back with it.  Without ccprof such a handler runs on the thread's
 * own stack then; with it, on the runtime's 64 KiB, where a handler
 * using 256 KiB crashed.  When the program installs a stack, the flag
 * goes back on (ccprof__signal_onstack_restore).
 *
 * The same functions make the runtime's other handlers, which it
 * installs where the action is SIG_DFL (the fatal signals' writer,
 * fatal.c; the dump signal's, dumper.c), read as SIG_DFL, and setting
 * SIG_DFL puts the runtime's back: a library that ignores SIGPIPE only
 * where the action is the default still does.  There a handler or
 * SIG_IGN the program sets is installed as it is: nothing to forward.
 *
 * The runtime's own calls (the handlers it installs, the checks)
 * pass through (runtime_call).  The program's action is read in the
 * handler under a sequence lock; writers hold it with every signal
 * blocked, so a handler never waits for a writer on its own thread.
 *
 * Not covered: raw rt_sigaction system calls, glibc's __sigaction and
 * a program whose lookup finds libc's sigaction first (a host that
 * dlopens libccprof), which still see and replace the runtime's
 * handlers (for the sample signal the exit warning says so);
 * a ThreadSanitizer build, whose own sigaction interceptor keeps the
 * program's handler in its table (docs/runtime.md).
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "raw_syscall.h"
#include "runtime_internal.h"

#define WRAPPER CCPROF_EXPORT __attribute__((weak))

/* libc's sigaction itself (sigaction is a weak alias of it in glibc,
 * exported from libc.so and defined in libc.a). */
extern int __sigaction(int, const struct sigaction *, struct sigaction *);
/* The runtime's handlers installed where the action was SIG_DFL (the
 * fatal signals' writer, the dump signal's): the program sees SIG_DFL
 * there, and setting SIG_DFL puts the runtime's back. */
#define MAX_SIG 65
static struct sigaction stand_in[MAX_SIG];
static unsigned char has_stand_in[MAX_SIG];

/* The program's handler of the signal asked for SA_ONSTACK, which is
 * left out until the program has an alternate stack of its own. */
static unsigned char onstack_asked[MAX_SIG];

static int chained;			/* the sample signal, or 0 */
static struct sigaction program_action;	/* the program's view of it */
static unsigned action_seq;		/* odd while program_action changes */
static __thread __attribute__((tls_model("initial-exec"))) int runtime_call;
/* This thread's signal mask, as the program set it, blocks the sample
 * signal; the kernel's never does (signal_mask.c). */
static __thread __attribute__((tls_model("initial-exec"))) int program_blocks;

int ccprof__signal_sample(void)
{
	return __atomic_load_n(&chained, __ATOMIC_ACQUIRE);
}

int ccprof__signal_program_blocks(void)
{
	return program_blocks;
}

void ccprof__signal_set_program_blocks(int blocks)
{
	program_blocks = blocks;
}

/* The first word of a sigset_t is the kernel's set (64 signals). */
static inline uint64_t set_word(const sigset_t *s)
{
	uint64_t w;

	memcpy(&w, s, sizeof(w));
	return w;
}

static inline uint64_t bit(int sig)
{
	return (uint64_t)1 << (sig - 1);
}

static inline void set_mask(uint64_t m)
{
	ccprof__raw(SYS_rt_sigprocmask, SIG_SETMASK, (long)&m, 0, 8, 0, 0);
}

static inline uint64_t block_all(void)
{
	uint64_t all = ~(uint64_t)0, old = 0;

	ccprof__raw(SYS_rt_sigprocmask, SIG_SETMASK, (long)&all, (long)&old, 8,
		    0, 0);
	return old;
}

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

static inline void lock_action(void)
{
	unsigned s;

	for (;;) {
		s = __atomic_load_n(&action_seq, __ATOMIC_RELAXED);
		if (!(s & 1) &&
		    __atomic_compare_exchange_n(&action_seq, &s, s + 1, 0,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return;
		relax();
	}
}

static inline void unlock_action(void)
{
	__atomic_fetch_add(&action_seq, 1, __ATOMIC_RELEASE);
}

/* A consistent copy of the program's action. */
static void read_action(struct sigaction *a)
{
	unsigned s;

	for (;;) {
		s = __atomic_load_n(&action_seq, __ATOMIC_ACQUIRE);
		if (s & 1) {
			relax();
			continue;
		}
		memcpy(a, &program_action, sizeof(*a));
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (__atomic_load_n(&action_seq, __ATOMIC_RELAXED) == s)
			return;
	}
}

/* A function, not SIG_DFL or SIG_IGN (which the kernel reads in the
 * handler's place whatever SA_SIGINFO says). */
static int is_handler(const struct sigaction *a)
{
	return a->sa_handler != SIG_DFL && a->sa_handler != SIG_IGN;
}

static int default_ignores(int sig)
{
	return sig == SIGURG || sig == SIGWINCH || sig == SIGCHLD ||
	       sig == SIGCONT;
}

/* ACT as it is installed for the program: without SA_ONSTACK (in
 * *TMP) while the program has no alternate stack of its own; what it
 * asked for is noted.  Returns whether the previous action had asked
 * for it. */
static int program_onstack(int sig, const struct sigaction **act,
			   struct sigaction *tmp)
{
	int before = 0, asked;

	if (sig <= 0 || sig >= MAX_SIG)
		return 0;
	before = __atomic_load_n(&onstack_asked[sig], __ATOMIC_RELAXED);
	if (!*act)
		return before;
	asked = is_handler(*act) && ((*act)->sa_flags & SA_ONSTACK);
	__atomic_store_n(&onstack_asked[sig], (unsigned char)asked,
			 __ATOMIC_RELAXED);
	if (asked && !ccprof__alt_stack_programs()) {
		*tmp = **act;
		tmp->sa_flags &= ~SA_ONSTACK;
		*act = tmp;
	}
	return before;
}

/* The previous action as the program set it. */
static void as_set(struct sigaction *oact, int asked)
{
	if (oact && asked && is_handler(oact))
		oact->sa_flags |= SA_ONSTACK;
}

/* The installed action's SA_RESTART and SA_ONSTACK, as the program's
 * action has them (its handler's; the runtime's own when it has none),
 * SA_ONSTACK only once the program has a stack of its own. */
static void mirror_flags(const struct sigaction *a)
{
	const int mirrored = SA_RESTART | SA_ONSTACK;
	int want = is_handler(a) ? (a->sa_flags & mirrored) : SA_RESTART;
	struct sigaction cur;

	if (!ccprof__alt_stack_programs())
		want &= ~SA_ONSTACK;

	if (__sigaction(chained, NULL, &cur) != 0 ||
	    (cur.sa_flags & mirrored) == want)
		return;
	cur.sa_flags = (cur.sa_flags & ~mirrored) | want;
	__sigaction(chained, &cur, NULL);
}

/* Defined by signal_mask.c, in libccprof.so only: the program's
 * pthread_sigmask and sigprocmask come to the runtime. */
extern const int ccprof__signal_mask_wrapped __attribute__((weak));

void ccprof__signal_chain_start(int sig)
{
	uint64_t b = bit(sig), cur = 0;

	memset(&program_action, 0, sizeof(program_action));
	program_action.sa_handler = SIG_DFL;
	ccprof__signal_setters_start();
	__atomic_store_n(&chained, sig, __ATOMIC_RELEASE);
	/* A mask inherited with the sample signal blocked (from a parent
	 * that blocked every signal and did not reset them in its child)
	 * is the program's; the kernel's lets the samples through. */
	if (&ccprof__signal_mask_wrapped &&
	    ccprof__raw(SYS_rt_sigprocmask, SIG_BLOCK, 0, (long)&cur, 8, 0,
			0) == 0 &&
	    (cur & b)) {
		program_blocks = 1;
		ccprof__raw(SYS_rt_sigprocmask, SIG_UNBLOCK, (long)&b, 0, 8, 0,
			    0);
	}
}

int ccprof__runtime_sigaction(int sig, const struct sigaction *act,
			      struct sigaction *oact)
{
	int r;

	runtime_call++;
	r = sigaction(sig, act, oact);
	runtime_call--;
	return r;
}

void ccprof__signal_stand_in(int sig, const struct sigaction *ours)
{
	if (sig <= 0 || sig >= MAX_SIG)
		return;
	stand_in[sig] = *ours;
	__atomic_store_n(&has_stand_in[sig], 1, __ATOMIC_RELEASE);
}

static int is_default_action(const struct sigaction *a)
{
	return a->sa_handler == SIG_DFL;
}

/* sigaction of a signal the runtime stands in for while the program
 * leaves it at SIG_DFL: the kernel's action, with the runtime's handler
 * reading as SIG_DFL, and SIG_DFL setting the runtime's handler. */
static int stand_in_sigaction(int sig, const struct sigaction *act,
			      struct sigaction *oact)
{
	const struct sigaction *ours = &stand_in[sig], *install = act;
	struct sigaction cur, tmp;
	int asked = program_onstack(sig, &install, &tmp);

	if (act && is_default_action(act))
		install = ours;
	if (__sigaction(sig, install, &cur) != 0)
		return -1;
	if (oact) {
		*oact = cur;
		if (cur.sa_sigaction == ours->sa_sigaction) {
			memset(oact, 0, sizeof(*oact));
			oact->sa_handler = SIG_DFL;
		}
		as_set(oact, asked);
	}
	return 0;
}

static int has_stand_in_for(int sig)
{
	return sig > 0 && sig < MAX_SIG &&
	       __atomic_load_n(&has_stand_in[sig], __ATOMIC_ACQUIRE);
}

int ccprof__program_sigaction(int sig, const struct sigaction *act,
			      struct sigaction *oact)
{
	struct sigaction new_action;
	uint64_t old;

	if (runtime_call)
		return __sigaction(sig, act, oact);
	if (has_stand_in_for(sig))
		return stand_in_sigaction(sig, act, oact);
	if (!sig || sig != __atomic_load_n(&chained, __ATOMIC_ACQUIRE)) {
		const struct sigaction *install = act;
		struct sigaction tmp;
		int asked = program_onstack(sig, &install, &tmp);

		if (__sigaction(sig, install, oact) != 0)
			return -1;
		as_set(oact, asked);
		return 0;
	}
	if (act)
		new_action = *act;	/* act may be oact */
	old = block_all();
	lock_action();
	if (oact)
		*oact = program_action;
	if (act) {
		program_action = new_action;
		mirror_flags(&new_action);
	}
	unlock_action();
	set_mask(old);
	return 0;
}

WRAPPER int sigaction(int sig, const struct sigaction *act,
		      struct sigaction *oact)
{
	return ccprof__program_sigaction(sig, act, oact);
}

void ccprof__signal_onstack_restore(void)
{
	struct sigaction cur, a;

	for (int sig = 1; sig < MAX_SIG; sig++) {
		if (sig == __atomic_load_n(&chained, __ATOMIC_ACQUIRE) ||
		    !__atomic_load_n(&onstack_asked[sig], __ATOMIC_RELAXED) ||
		    __sigaction(sig, NULL, &cur) != 0 || !is_handler(&cur) ||
		    (cur.sa_flags & SA_ONSTACK))
			continue;
		cur.sa_flags |= SA_ONSTACK;
		__sigaction(sig, &cur, NULL);
	}
	if (__atomic_load_n(&chained, __ATOMIC_ACQUIRE)) {
		read_action(&a);
		mirror_flags(&a);
	}
}

int ccprof__signal_is_runtimes(int sig)
{
	return (sig && sig == __atomic_load_n(&chained, __ATOMIC_ACQUIRE)) ||
	       has_stand_in_for(sig);
}

/* A signal that is not a sample, to the program's action. */
static void forward(int sig, siginfo_t *info, void *context)
{
	ucontext_t *uc = context;
	struct sigaction a;
	uint64_t mask;

	read_action(&a);
	if (!is_handler(&a)) {
		if (a.sa_handler == SIG_IGN || default_ignores(sig))
			return;
		/* The default ends the process: deliver it again, with the
		 * default action installed, once this handler returns. */
		struct sigaction dfl;

		memset(&dfl, 0, sizeof(dfl));
		dfl.sa_handler = SIG_DFL;
		__sigaction(sig, &dfl, NULL);
		ccprof__raw(SYS_tgkill, ccprof__raw(SYS_getpid, 0, 0, 0, 0, 0, 0),
			    ccprof__raw(SYS_gettid, 0, 0, 0, 0, 0, 0), sig, 0,
			    0, 0);
		return;
	}
	if (a.sa_flags & SA_RESETHAND) {
		lock_action();
		memset(&program_action, 0, sizeof(program_action));
		program_action.sa_handler = SIG_DFL;
		unlock_action();
	}
	mask = set_word(&uc->uc_sigmask) | set_word(&a.sa_mask);
	if (!(a.sa_flags & SA_NODEFER))
		mask |= bit(sig);
	set_mask(mask);
	if (a.sa_flags & SA_SIGINFO)
		a.sa_sigaction(sig, info, context);
	else
		a.sa_handler(sig);
}

/* The kernel's mask of this thread made to block the sample signal as
 * the program's does, for a new image or a child that inherits it. */
int ccprof__signal_mask_exec_begin(void)
{
	uint64_t b;
	int sig = __atomic_load_n(&chained, __ATOMIC_ACQUIRE);

	if (!sig || !program_blocks)
		return 0;
	b = bit(sig);
	ccprof__raw(SYS_rt_sigprocmask, SIG_BLOCK, (long)&b, 0, 8, 0, 0);
	return 1;
}

/* The exec failed, or the child is made: the samples go on. */
void ccprof__signal_mask_exec_end(void)
{
	uint64_t b = bit(__atomic_load_n(&chained, __ATOMIC_ACQUIRE));

	ccprof__raw(SYS_rt_sigprocmask, SIG_UNBLOCK, (long)&b, 0, 8, 0, 0);
}

/* A signal of the program's that its mask blocks on this thread (the
 * kernel's does not, for the samples' sake): pending again, as without
 * ccprof, and blocked in the mask the thread returns to, until the
 * program unblocks it (signal_mask.c) or takes it with sigwait.  Sent to
 * this thread if it was sent to this thread (tgkill), else to the
 * process, where a thread whose mask lets it through takes it. */
static void keep_pending(int sig, siginfo_t *info, void *context)
{
	ucontext_t *uc = context;
	uint64_t mask = set_word(&uc->uc_sigmask) | bit(sig), only = bit(sig);
	long pid = ccprof__raw(SYS_getpid, 0, 0, 0, 0, 0, 0);
	struct timespec zero = {0, 0};
	siginfo_t sample;

	memcpy(&uc->uc_sigmask, &mask, sizeof(mask));
	/* A sample that came while this handler ran (every signal blocked)
	 * is pending already, and would take the place of the program's
	 * signal (one of a kind is kept): taken first. */
	if (ccprof__raw(SYS_rt_sigtimedwait, (long)&only, (long)&sample,
			(long)&zero, 8, 0, 0) == sig)
		ccprof__on_sample(sig, &sample, context);
	if (info->si_code == SI_TKILL)
		ccprof__raw(SYS_rt_tgsigqueueinfo, pid,
			    ccprof__raw(SYS_gettid, 0, 0, 0, 0, 0, 0), sig,
			    (long)info, 0, 0);
	else
		ccprof__raw(SYS_rt_sigqueueinfo, pid, sig, (long)info, 0, 0,
			    0);
}

/* The handler installed for the sample signal. */
void ccprof__on_signal(int sig, siginfo_t *info, void *context)
{
	if (ccprof__on_sample(sig, info, context))
		return;
	if (__atomic_load_n(&chained, __ATOMIC_ACQUIRE) != sig)
		return;
	if (program_blocks)
		keep_pending(sig, info, context);
	else
		forward(sig, info, context);
}

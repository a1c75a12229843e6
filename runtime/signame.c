/*
 * signame.c - signals named in environment variables (CCPROF_SIGNAL,
 * CCPROF_DUMP_SIGNAL): "USR2", "SIGUSR2", "RTMIN+3", "RTMAX-1", "12".
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "runtime_internal.h"

static const struct {
	const char *name;
	int sig;
} names[] = {
	{ "HUP", SIGHUP },	{ "INT", SIGINT },	{ "QUIT", SIGQUIT },
	{ "USR1", SIGUSR1 },	{ "USR2", SIGUSR2 },	{ "PIPE", SIGPIPE },
	{ "ALRM", SIGALRM },	{ "TERM", SIGTERM },	{ "URG", SIGURG },
	{ "PROF", SIGPROF },	{ "VTALRM", SIGVTALRM }, { "WINCH", SIGWINCH },
	{ "IO", SIGIO },	{ "PWR", SIGPWR },	{ "CHLD", SIGCHLD },
	{ "CONT", SIGCONT },	{ "TTIN", SIGTTIN },	{ "TTOU", SIGTTOU },
};

/* A decimal number made only of digits, or -1. */
static int small_number(const char *s)
{
	int v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 1000)
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v;
}

int ccprof__parse_signal(const char *s)
{
	int n;

	if (!s || !*s)
		return 0;
	n = small_number(s);
	if (n >= 0)
		return n >= 1 && n <= SIGRTMAX ? n : 0;
	if (strncasecmp(s, "SIG", 3) == 0)
		s += 3;
	if (strncasecmp(s, "RTMIN", 5) == 0) {
		if (s[5] == '\0')
			return SIGRTMIN;
		n = s[5] == '+' ? small_number(s + 6) : -1;
		return n >= 0 && SIGRTMIN + n <= SIGRTMAX ? SIGRTMIN + n : 0;
	}
	if (strncasecmp(s, "RTMAX", 5) == 0) {
		if (s[5] == '\0')
			return SIGRTMAX;
		n = s[5] == '-' ? small_number(s + 6) : -1;
		return n >= 0 && SIGRTMAX - n >= SIGRTMIN ? SIGRTMAX - n : 0;
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcasecmp(s, names[i].name) == 0)
			return names[i].sig;
	return 0;
}

void ccprof__signal_name(int sig, char *buf, size_t size)
{
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].sig == sig) {
			snprintf(buf, size, "SIG%s (%d)", names[i].name, sig);
			return;
		}
	if (sig >= SIGRTMIN && sig <= SIGRTMAX)
		snprintf(buf, size, "SIGRTMIN+%d (%d)", sig - SIGRTMIN, sig);
	else
		snprintf(buf, size, "signal %d", sig);
}

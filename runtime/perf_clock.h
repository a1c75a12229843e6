/*
 * perf_clock.h - the task-clock event's keep-alive page as the sampling
 * handler takes it (perf_clock.c says what the page is for).
 *
 * A thread the program starts maps its event's page at its first sample,
 * not when it starts: the mapping costs two system calls (about 30 us to
 * map and 20 us to unmap on a virtual machine, where the unmap of a
 * threaded process interrupts every CPU), and a thread that ends before
 * its first millisecond of CPU time, as most threads of a program that
 * starts one per task do, never needs it.  The handler calls nothing, so
 * this is inline and raw: the event's id is checked first (the program
 * may have closed the descriptor and reused its number), then the page
 * is mapped; the thread keeps its address in its own TLS, not in
 * perf_clock.c's table, whose lock the handler cannot take.
 */
#ifndef CCPROF_PERF_CLOCK_H
#define CCPROF_PERF_CLOCK_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "raw_syscall.h"

/* The page size, set by the first ccprof__perf_clock_open. */
extern size_t ccprof__perf_page_bytes;

/* Maps the keep-alive page of the calling thread's event FD, whose id is
 * ID: the page, or NULL (the descriptor is no longer the event, or
 * perf_event_mlock_kb is spent). */
static inline void *ccprof__perf_clock_hold(int fd, uint64_t id)
{
	uint64_t got = 0;
	long page;

	if (fd < 0 || !ccprof__perf_page_bytes ||
	    ccprof__raw_ioctl(fd, PERF_EVENT_IOC_ID, &got) != 0 || got != id)
		return NULL;
	page = ccprof__raw(SYS_mmap, 0, ccprof__perf_page_bytes, PROT_READ,
			   MAP_SHARED, fd, 0);
	return (unsigned long)page < (unsigned long)-4095L ? (void *)page
							   : NULL;
}

#endif

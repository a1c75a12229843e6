/* e2e_work.h - calibrated work for the end-to-end tests: SPIN(n) runs n
 * iterations of the same loop body wherever it is expanded, so time is
 * proportional to n at any optimisation level.  UNIT is sized so that
 * 2000 UNITs take about 1.5 s at -O2 on the CI machines. */
#ifndef E2E_WORK_H
#define E2E_WORK_H
static volatile unsigned long e2e_sink;
#define UNIT 400000UL
#define SPIN(n)                                                 \
	do {                                                    \
		for (unsigned long i_ = 0; i_ < (n); i_++)      \
			e2e_sink += i_;                         \
	} while (0)
#endif

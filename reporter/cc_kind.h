/*
 * cc_kind.h - what a cost centre stands for (cost_centres.kind), as the
 * reports show it.
 *
 * A function has no marker; the other kinds are marked after the name,
 * so that a CCPROF_SCC label "parse" and a function parse() are two
 * names: "parse {scc}" and "parse".  The flat profile and every report
 * of calling contexts name cost centres this way.  Where a name without
 * its marker selects cost centres (--callers, --callees), it selects
 * those of one kind, the first of this order that has the name:
 * function, anonymous, scc, module.
 */
#ifndef CCPROF_REPORT_CC_KIND_H
#define CCPROF_REPORT_CC_KIND_H

/* KIND's place in the order above: 0 for a function, the (unprofiled)
 * row, NULL and a kind this reporter does not know (no marker); 1
 * anonymous, 2 scc, 3 module. */
int cc_kind_rank(const char *kind);

/* The marker of the kind of rank RANK: " {anon}", " {scc}",
 * " {module}", or "" for 0. */
const char *cc_kind_marker(int rank);

#endif

/*
 * idmap.h - a set of 64-bit ids, each with the line that defined it.
 *
 * The parser uses one for module ids and one for cost-centre ids, to
 * reject a duplicated id (naming the line of the first) and a cost
 * centre that names a module not yet defined.  Ids come from the file,
 * so they may be anything: an open-addressing hash table, not an array
 * indexed by id.
 */
#ifndef CCPROF_REPORT_IDMAP_H
#define CCPROF_REPORT_IDMAP_H

#include <stddef.h>
#include <stdint.h>

struct idmap {
	struct idmap_slot *slots;
	size_t cap;		/* a power of two, or 0 */
	size_t count;
};

void idmap_init(struct idmap *m);
void idmap_free(struct idmap *m);

/* The line that added ID, or 0 if ID is not in the map. */
unsigned long idmap_find(const struct idmap *m, int64_t id);

/* Add ID (not yet present) defined on LINE (> 0).  -1 if out of memory. */
int idmap_add(struct idmap *m, int64_t id, unsigned long line);

#endif

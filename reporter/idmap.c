/*
 * idmap.c - a set of 64-bit ids with their defining lines (see idmap.h).
 */
#include "idmap.h"

#include <stdlib.h>

struct idmap_slot {
	int64_t id;
	unsigned long line;	/* 0 marks an empty slot */
};

void idmap_init(struct idmap *m)
{
	m->slots = NULL;
	m->cap = 0;
	m->count = 0;
}

void idmap_free(struct idmap *m)
{
	free(m->slots);
	idmap_init(m);
}

/* splitmix64's finaliser: spreads sequential ids over the table. */
static size_t slot_of(int64_t id, size_t cap)
{
	uint64_t x = (uint64_t)id;

	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return (size_t)(x & (cap - 1));
}

static struct idmap_slot *lookup(struct idmap_slot *slots, size_t cap,
				 int64_t id)
{
	size_t i = slot_of(id, cap);

	while (slots[i].line != 0 && slots[i].id != id)
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

unsigned long idmap_find(const struct idmap *m, int64_t id)
{
	if (m->cap == 0)
		return 0;
	return lookup(m->slots, m->cap, id)->line;
}

static int grow(struct idmap *m)
{
	size_t cap = m->cap ? m->cap * 2 : 64;
	struct idmap_slot *slots = calloc(cap, sizeof *slots);
	size_t i;

	if (!slots)
		return -1;
	for (i = 0; i < m->cap; i++)
		if (m->slots[i].line != 0)
			*lookup(slots, cap, m->slots[i].id) = m->slots[i];
	free(m->slots);
	m->slots = slots;
	m->cap = cap;
	return 0;
}

int idmap_add(struct idmap *m, int64_t id, unsigned long line)
{
	struct idmap_slot *slot;

	if ((m->count + 1) * 2 > m->cap && grow(m) != 0)
		return -1;
	slot = lookup(m->slots, m->cap, id);
	slot->id = id;
	slot->line = line;
	m->count++;
	return 0;
}

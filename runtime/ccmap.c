/*
 * ccmap.c - a hash table keyed by counters pointer, for deduplication.
 *
 * C++ inline functions and templates are emitted in every unit that uses
 * them, in COMDAT groups the linker folds into one copy; so several
 * modules register a cost centre with the same counters pointer.  The
 * registry keeps one slot per distinct pointer with the number of live
 * registrations that list it, so each record is written once.
 *
 * Open addressing with linear probing; the table is at most half full.
 * There is no deletion: a slot whose refs fell to 0 (its module was
 * unloaded) stays, so that a later module which happens to get the same
 * address starts afresh on it, and is dropped when the table grows.
 * Runs at registration time under the registry lock, never in the signal
 * handler.
 */
#include <stdlib.h>

#include "runtime_internal.h"

static size_t hash_pointer(const void *p)
{
	uint64_t x = (uint64_t)(uintptr_t)p;

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (size_t)x;
}

static struct ccprof__ccmap_slot *probe(struct ccprof__ccmap_slot *slots,
					size_t cap,
					const struct ccprof_counters *key)
{
	size_t i = hash_pointer(key) & (cap - 1);

	while (slots[i].key && slots[i].key != key)
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

static int slot_is_live(const struct ccprof__ccmap_slot *s)
{
	return s->key && (s->refs || s->orphan);
}

/* The slots are 16 bytes, so that registering a program's cost centres
 * touches few pages (with the orphans' baselines and the write's scratch
 * in them, 56 bytes, they were 40% of the page faults of an empty Lua
 * run); what only orphans and writes need is in a parallel array that
 * calloc leaves untouched until then.  An orphan's baselines move with
 * it; the scratch is filled anew at every write, under the lock that
 * also keeps the table from growing meanwhile. */
static int grow(struct ccprof__ccmap *map, size_t want)
{
	size_t cap = map->cap ? map->cap : 64;
	struct ccprof__ccmap_slot *slots;
	struct ccprof__ccmap_extra *extra;
	size_t used = 0;

	while (cap < want * 2)
		cap *= 2;
	slots = calloc(cap, sizeof(*slots));
	extra = calloc(cap, sizeof(*extra));
	if (!slots || !extra) {
		free(slots);
		free(extra);
		return -1;
	}
	for (size_t i = 0; i < map->cap; i++) {
		struct ccprof__ccmap_slot *s;

		if (!slot_is_live(&map->slots[i]))
			continue;
		s = probe(slots, cap, map->slots[i].key);
		*s = map->slots[i];
		if (s->orphan)
			extra[s - slots] = map->extra[i];
		used++;
	}
	free(map->slots);
	free(map->extra);
	map->slots = slots;
	map->extra = extra;
	map->cap = cap;
	map->used = used;
	return 0;
}

struct ccprof__ccmap_extra *ccprof__ccmap_extra(
	const struct ccprof__ccmap *map, const struct ccprof__ccmap_slot *s)
{
	return &map->extra[s - map->slots];
}

/* Make room for `more` new keys, so that ccprof__ccmap_get cannot fail. */
int ccprof__ccmap_reserve(struct ccprof__ccmap *map, size_t more)
{
	if ((map->used + more) * 2 <= map->cap)
		return 0;
	return grow(map, map->used + more);
}

/* The slot for key, added (refs 0) if absent; room must be reserved. */
struct ccprof__ccmap_slot *ccprof__ccmap_get(struct ccprof__ccmap *map,
					     const struct ccprof_counters *key)
{
	struct ccprof__ccmap_slot *s = probe(map->slots, map->cap, key);

	if (!s->key) {
		s->key = key;
		map->used++;
	}
	return s;
}

struct ccprof__ccmap_slot *ccprof__ccmap_find(const struct ccprof__ccmap *map,
					      const struct ccprof_counters *key)
{
	struct ccprof__ccmap_slot *s;

	if (!map->cap)
		return NULL;
	s = probe(map->slots, map->cap, key);
	return s->key ? s : NULL;
}

/*
 * selection.cc - the policy and the pattern lists (selection.h), for both
 * plugins.
 */
#include "selection.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const ccprof_pattern_list_keys[CCPROF_N_LISTS] = {
	"include", "exclude", "include-file", "exclude-file",
};
const char *const ccprof_policy_names[CCPROF_N_POLICIES] = {
	"all", "exported", "file", "annotated",
};

struct pattern {
	char *glob;
	int used;	/* matched a function */
	int said;	/* its note was given */
};

static struct {
	struct pattern *items;
	size_t n, cap;
} lists[CCPROF_N_LISTS];
static enum ccprof_policy policy = CCPROF_POLICY_ALL;
static char *canonical;

void ccprof_selection_reset(void)
{
	for (int l = 0; l < CCPROF_N_LISTS; l++) {
		for (size_t i = 0; i < lists[l].n; i++)
			free(lists[l].items[i].glob);
		free(lists[l].items);
		lists[l].items = NULL;
		lists[l].n = lists[l].cap = 0;
	}
	policy = CCPROF_POLICY_ALL;
	free(canonical);
	canonical = NULL;
}

int ccprof_set_policy(const char *value)
{
	for (int i = 0; value && i < CCPROF_N_POLICIES; i++)
		if (strcmp(value, ccprof_policy_names[i]) == 0) {
			policy = (enum ccprof_policy)i;
			return 0;
		}
	return -1;
}

enum ccprof_policy ccprof_policy(void)
{
	return policy;
}

static int add(enum ccprof_pattern_list l, const char *p, size_t n)
{
	if (lists[l].n == lists[l].cap) {
		size_t cap = lists[l].cap ? 2 * lists[l].cap : 8;
		struct pattern *grown = (struct pattern *)realloc(
			lists[l].items, cap * sizeof(struct pattern));
		if (!grown)
			return -1;
		lists[l].items = grown;
		lists[l].cap = cap;
	}
	char *glob = (char *)malloc(n + 1);
	if (!glob)
		return -1;
	memcpy(glob, p, n);
	glob[n] = '\0';
	lists[l].items[lists[l].n].glob = glob;
	lists[l].items[lists[l].n].used = 0;
	lists[l].items[lists[l].n].said = 0;
	lists[l].n++;
	return 0;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int add_file(enum ccprof_pattern_list l, const char *path, char *err,
		    size_t size)
{
	const char *key = ccprof_pattern_list_keys[l];
	FILE *f = fopen(path, "r");
	char line[4096];
	unsigned long lineno = 0;

	if (!f) {
		snprintf(err, size, "cannot read the patterns of %s=@%s: %s",
			 key, path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		size_t n = strlen(line);
		const char *p = line;

		lineno++;
		if (n == sizeof line - 1 && line[n - 1] != '\n') {
			snprintf(err, size, "%s:%lu: line too long (%s=@%s)",
				 path, lineno, key, path);
			fclose(f);
			return -1;
		}
		while (*p && is_blank(*p))
			p++;
		n = strlen(p);
		while (n > 0 && is_blank(p[n - 1]))
			n--;
		if (n == 0 || *p == '#')
			continue;
		if (add(l, p, n) != 0) {
			snprintf(err, size, "out of memory");
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	return 0;
}

int ccprof_add_patterns(enum ccprof_pattern_list l, const char *list,
			char *err, size_t size)
{
	const char *key = ccprof_pattern_list_keys[l];
	const char *p = list;

	free(canonical);
	canonical = NULL;
	if (!list || !*list) {
		snprintf(err, size, "missing value for %s= (a comma-separated "
			 "list of fnmatch globs, or @FILE)", key);
		return -1;
	}
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		if (n == 0) {
			snprintf(err, size, "empty pattern in %s=%s", key, list);
			return -1;
		}
		if (*p == '@') {
			char path[4096];
			if (n - 1 >= sizeof path || n == 1) {
				snprintf(err, size, "bad file name in %s=%s",
					 key, list);
				return -1;
			}
			memcpy(path, p + 1, n - 1);
			path[n - 1] = '\0';
			if (add_file(l, path, err, size) != 0)
				return -1;
		} else if (add(l, p, n) != 0) {
			snprintf(err, size, "out of memory");
			return -1;
		}
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

/* Whether S matches a pattern of list L; marks every match used. */
static int matches(enum ccprof_pattern_list l, const char *s)
{
	int any = 0;
	for (size_t i = 0; i < lists[l].n; i++)
		if (fnmatch(lists[l].items[i].glob, s, 0) == 0) {
			lists[l].items[i].used = 1;
			any = 1;
		}
	return any;
}

int ccprof_selected(const char *symbol, const char *file)
{
	int in = (lists[CCPROF_INCLUDE].n == 0
		  || matches(CCPROF_INCLUDE, symbol))
		 && (lists[CCPROF_INCLUDE_FILE].n == 0
		     || matches(CCPROF_INCLUDE_FILE, file));
	int out = matches(CCPROF_EXCLUDE, symbol);
	out |= matches(CCPROF_EXCLUDE_FILE, file);
	return in && !out;
}

const char *ccprof_annotated(const char *symbol, const char *file,
			     const char **key)
{
	static const enum ccprof_pattern_list excluding[] = {
		CCPROF_EXCLUDE, CCPROF_EXCLUDE_FILE,
	};
	const char *first = NULL;

	matches(CCPROF_INCLUDE, symbol);
	matches(CCPROF_INCLUDE_FILE, file);
	for (int k = 0; k < 2; k++) {
		enum ccprof_pattern_list l = excluding[k];
		const char *s = l == CCPROF_EXCLUDE ? symbol : file;
		for (size_t i = 0; i < lists[l].n; i++)
			if (fnmatch(lists[l].items[i].glob, s, 0) == 0) {
				lists[l].items[i].used = 1;
				if (!first) {
					first = lists[l].items[i].glob;
					*key = ccprof_pattern_list_keys[l];
				}
			}
	}
	return first;
}

void ccprof_unmatched_patterns(void (*fn)(const char *, const char *,
					  const char *, void *),
			       void *arg)
{
	const char *what = policy == CCPROF_POLICY_ANNOTATED
		? "has no effect under policy=annotated (only annotations "
		  "choose cost centres) in"
		: "matched no function in";

	for (int l = 0; l < CCPROF_N_LISTS; l++)
		for (size_t i = 0; i < lists[l].n; i++)
			if ((!lists[l].items[i].used ||
			     policy == CCPROF_POLICY_ANNOTATED) &&
			    !lists[l].items[i].said) {
				lists[l].items[i].said = 1;	/* once */
				fn(ccprof_pattern_list_keys[l],
				   lists[l].items[i].glob, what, arg);
			}
}

const char *ccprof_selection_canonical(void)
{
	size_t len = 64;
	if (canonical)
		return canonical;
	for (int l = 0; l < CCPROF_N_LISTS; l++)
		for (size_t i = 0; i < lists[l].n; i++)
			len += strlen(lists[l].items[i].glob) + 16;
	canonical = (char *)malloc(len);
	if (!canonical)
		return "";
	canonical[0] = '\0';
	if (policy != CCPROF_POLICY_ALL) {
		strcat(canonical, " policy=");
		strcat(canonical, ccprof_policy_names[policy]);
	}
	for (int l = 0; l < CCPROF_N_LISTS; l++)
		for (size_t i = 0; i < lists[l].n; i++) {
			if (i == 0) {
				strcat(canonical, " ");
				strcat(canonical, ccprof_pattern_list_keys[l]);
				strcat(canonical, "=");
			} else {
				strcat(canonical, ",");
			}
			strcat(canonical, lists[l].items[i].glob);
		}
	return canonical;
}

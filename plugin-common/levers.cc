/*
 * levers.cc - system= and leaf-size= (levers.h), for both plugins.
 */
#include "levers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DEFAULT_SYSTEM_TO_CALLER = 1, DEFAULT_LEAF_SIZE = 16, MAX_LEAF_SIZE = 1000 };

static int system_to_caller = DEFAULT_SYSTEM_TO_CALLER;
static unsigned leaf_size = DEFAULT_LEAF_SIZE;
static char canonical[64];

void ccprof_levers_reset(void)
{
	system_to_caller = DEFAULT_SYSTEM_TO_CALLER;
	leaf_size = DEFAULT_LEAF_SIZE;
}

int ccprof_set_system(const char *value)
{
	if (value && strcmp(value, "caller") == 0)
		system_to_caller = 1;
	else if (value && strcmp(value, "profile") == 0)
		system_to_caller = 0;
	else
		return -1;
	return 0;
}

int ccprof_system_to_caller(void)
{
	return system_to_caller;
}

int ccprof_set_leaf_size(const char *value)
{
	char *end;
	unsigned long n;

	if (!value || *value < '0' || *value > '9')
		return -1;
	n = strtoul(value, &end, 10);
	if (*end || n > MAX_LEAF_SIZE)
		return -1;
	leaf_size = (unsigned)n;
	return 0;
}

unsigned ccprof_leaf_size(void)
{
	return leaf_size;
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Whether S (after _Z, _ZN or _ZZ and their qualifiers) starts a name in
 * namespace std or __gnu_cxx. */
static int std_prefix(const char *s)
{
	static const char *const prefixes[] = {
		"St", "Sa", "Sb", "Ss", "Si", "So", "Sd", "9__gnu_cxx",
	};
	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
		if (starts(s, prefixes[i]))
			return 1;
	return 0;
}

int ccprof_std_library_symbol(const char *symbol)
{
	const char *s = symbol;

	if (!starts(s, "_Z"))
		return 0;
	s += 2;
	while (*s == 'Z')	/* a local entity: the enclosing function's */
		s++;
	if (*s == 'N') {	/* nested name: CV and ref qualifiers first */
		s++;
		while (*s == 'r' || *s == 'V' || *s == 'K')
			s++;
		if (*s == 'R' || *s == 'O')
			s++;
	}
	return std_prefix(s);
}

int ccprof_std_compiled_no_callback(const char *symbol)
{
	/* libstdc++.so's std::string and std::wstring (both ABIs), the
	 * steps of std::map/std::set's red-black tree, std::list's nodes and
	 * the hash tables' rehash policy: they run no code of the program,
	 * unlike streams and locales (virtual functions a program may
	 * override) or std::thread. */
	static const char *const prefixes[] = {
		"_ZNSt7__cxx1112basic_string", "_ZNKSt7__cxx1112basic_string",
		"_ZNSs", "_ZNKSs", "_ZNSbIwSt11char_traitsIwESaIwEE",
		"_ZNKSbIwSt11char_traitsIwESaIwEE",
		"_ZSt18_Rb_tree_increment", "_ZSt18_Rb_tree_decrement",
		"_ZSt29_Rb_tree_insert_and_rebalance",
		"_ZSt28_Rb_tree_rebalance_for_erase",
		"_ZNSt8__detail15_List_node_base",
		"_ZNKSt8__detail20_Prime_rehash_policy",
	};
	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
		if (starts(symbol, prefixes[i]))
			return 1;
	return 0;
}

int ccprof_normal_path(const char *file, char *out, size_t size)
{
	size_t len = 0, fixed = 0;	/* out[0, fixed): "/" or "../.." */
	int absolute = file[0] == '/';

	if (size < 2)
		return -1;
	if (absolute)
		out[len++] = '/', fixed = 1;
	while (*file) {
		const char *end = strchr(file, '/');
		size_t n = end ? (size_t)(end - file) : strlen(file);
		int dotdot = n == 2 && file[0] == '.' && file[1] == '.';

		if (n == 0 || (n == 1 && file[0] == '.')) {
			/* "//" or "/./": nothing */
		} else if (dotdot && len > fixed) {
			while (len > fixed && out[len - 1] != '/')
				len--;
			if (len > fixed)
				len--;		/* the slash before it */
		} else if (!(dotdot && absolute)) {	/* "/.." is "/" */
			size_t sep = len > 0 && out[len - 1] != '/';

			if (len + sep + n + 1 > size)
				return -1;
			if (sep)
				out[len++] = '/';
			memcpy(out + len, file, n);
			len += n;
			if (dotdot)
				fixed = len;	/* a leading ".." stays */
		}
		file += n + (end != NULL);
	}
	if (len == 0)
		out[len++] = '.';
	out[len] = '\0';
	return 0;
}

int ccprof_system_file(const char *file)
{
	static const char *const dirs[] = {
		"/usr/include/", "/usr/local/include/", "/usr/lib/gcc/",
		"/usr/lib/llvm-", "/usr/lib/clang/",
	};
	char normal[4096];

	if (!file || file[0] != '/' ||
	    ccprof_normal_path(file, normal, sizeof normal) != 0)
		return 0;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (starts(normal, dirs[i]))
			return 1;
	return 0;
}

const char *ccprof_levers_canonical(void)
{
	canonical[0] = '\0';
	if (system_to_caller != DEFAULT_SYSTEM_TO_CALLER)
		strcat(canonical, system_to_caller ? " system=caller"
						   : " system=profile");
	if (leaf_size != DEFAULT_LEAF_SIZE)
		snprintf(canonical + strlen(canonical),
			 sizeof canonical - strlen(canonical),
			 " leaf-size=%u", leaf_size);
	return canonical;
}

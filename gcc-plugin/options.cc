/*
 * options.cc - parse -fplugin-arg-ccprof-KEY=VALUE.
 *
 *   counters=plain|atomic|thread
 *                           where entry counts are incremented: thread
 *                           (default) in a thread-local array of the unit,
 *                           exact and as cheap as plain; plain and atomic in
 *                           the function's shared record, like
 *                           -fprofile-update=single|atomic
 *   policy=all|exported|file|annotated
 *                           which functions are cost centres
 *   include=, exclude=, include-file=, exclude-file=GLOB[,GLOB...|@FILE]
 *                           functions by linkage name or source file (the
 *                           lists and the policy: plugin-common/selection.h,
 *                           shared with the LLVM pass); may be given
 *                           several times, the lists add up
 *   mode=flat|context       flat (default): time and calls per cost
 *                           centre; context: per calling context, the
 *                           chain of profiled callers (docs/design.md,
 *                           "Context mode"); counters= does not apply
 *                           (calls are counted in the context nodes),
 *                           current=off is refused, and `current` always
 *                           holds an address (a node's), never a TLS
 *                           offset
 *   system=caller|profile, leaf-size=N
 *                           what is left out to keep the cost down
 *                           (plugin-common/levers.h, shared too)
 *   count=on|off            count calls (default on)
 *   current=on|offset|address|off
 *                           set `current` (default on: in executables on
 *                           x86-64 to a TLS offset, ccprof_abi.h; offset:
 *                           the same here, the LLVM pass's on has a limit
 *                           on large units); address: always to the
 *                           record's address (faster compiles with
 *                           clang); both off switches are for measuring
 *                           overhead (Appel's section 5)
 *   current-limit=N         accepted for the LLVM pass's sake, no effect
 *                           here (read_current_limit)
 *   transitions=call-site|entry
 *                           context mode: a direct call of a function of
 *                           the unit makes the transition at the call
 *                           site (direct_calls.cc), or every transition
 *                           is made at the callee's entry
 *
 * An unknown key, a missing or bad value, or an empty name in a list is a
 * compile error that names what was wrong; nothing is ignored silently.
 * The normal form of the options ("counters=thread exclude=a,b") is what
 * the LLVM pass writes for the same options, so profiles compare.
 */
#include "gcc_compat.h"
#include "options.h"
#include "../plugin-common/levers.h"
#include "../plugin-common/selection.h"

static enum ccprof_counters_mode counters_mode = CCPROF_COUNTERS_THREAD;
static bool context_mode;		/* mode=context */
static bool entry_transitions;		/* transitions=entry given */
static bool count_calls = true;
static bool set_current = true;
static bool current_by_slot = true;	/* not current=address */
static char *options_string;

/* VALUE of on|off switch KEY into *OUT. */
static bool
read_switch (const char *plugin, const char *key, const char *value,
	     bool *out)
{
  if (value && strcmp (value, "on") == 0)
    *out = true;
  else if (value && strcmp (value, "off") == 0)
    *out = false;
  else if (!value)
    {
      error (G_("missing value for '-fplugin-arg-%s-%s' "
		"(valid values: on, off)"), plugin, key);
      return false;
    }
  else
    {
      error (G_("bad value '%s' for '-fplugin-arg-%s-%s' "
		"(valid values: on, off)"), value, plugin, key);
      return false;
    }
  return true;
}

/* VALUE of current=on|offset|address|off. */
static bool
read_current (const char *plugin, const char *key, const char *value)
{
  if (value && strcmp (value, "address") == 0)
    {
      set_current = true;
      current_by_slot = false;
      return true;
    }
  if (value && (strcmp (value, "on") == 0 || strcmp (value, "offset") == 0
		|| strcmp (value, "off") == 0))
    {
      set_current = strcmp (value, "off") != 0;
      current_by_slot = true;
      return true;
    }
  if (!value)
    error (G_("missing value for '-fplugin-arg-%s-%s' "
	      "(valid values: on, offset, address, off)"), plugin, key);
  else
    error (G_("bad value '%s' for '-fplugin-arg-%s-%s' "
	      "(valid values: on, offset, address, off)"), value, plugin, key);
  return false;
}

/* VALUE of KEY=FIRST|SECOND into *IS_SECOND. */
static bool
read_choice (const char *plugin, const char *key, const char *value,
	     const char *first, const char *second, bool *is_second)
{
  if (value && (strcmp (value, first) == 0 || strcmp (value, second) == 0))
    {
      *is_second = strcmp (value, second) == 0;
      return true;
    }
  if (!value)
    error (G_("missing value for '-fplugin-arg-%s-%s' "
	      "(valid values: %s, %s)"), plugin, key, first, second);
  else
    error (G_("bad value '%s' for '-fplugin-arg-%s-%s' "
	      "(valid values: %s, %s)"), value, plugin, key, first, second);
  return false;
}

/* The names of the counters= values, indexed by ccprof_counters_mode. */
static const char *const counters_names[] = { "thread", "plain", "atomic" };

/* VALUE of counters= into counters_mode. */
static bool
read_counters (const char *plugin, const char *key, const char *value)
{
  for (unsigned i = 0; value && i < ARRAY_SIZE (counters_names); i++)
    if (strcmp (value, counters_names[i]) == 0)
      {
	counters_mode = (enum ccprof_counters_mode) i;
	return true;
      }
  if (!value)
    error (G_("missing value for '-fplugin-arg-%s-%s' "
	      "(valid values: plain, atomic, thread)"), plugin, key);
  else
    error (G_("bad value '%s' for '-fplugin-arg-%s-%s' "
	      "(valid values: plain, atomic, thread)"), value, plugin, key);
  return false;
}

static void
build_options_string (void)
{
  const char *selection = ccprof_selection_canonical ();
  const char *levers = ccprof_levers_canonical ();
  /* "atomic" is as long as the longest counters= value. */
  size_t len = strlen ("counters=atomic count=off current=address")
	       + strlen (" transitions=entry")
	       + strlen (selection) + strlen (levers) + 1;
  options_string = XNEWVEC (char, len);
  /* Context mode counts calls in the nodes: counters= does not apply,
     and `current` always holds an address. */
  if (context_mode)
    strcpy (options_string, entry_transitions
			    ? "mode=context transitions=entry" : "mode=context");
  else
    {
      strcpy (options_string, "counters=");
      strcat (options_string, counters_names[counters_mode]);
    }
  if (!count_calls)
    strcat (options_string, " count=off");
  if (!set_current)
    strcat (options_string, " current=off");
  else if (!current_by_slot && !context_mode)
    strcat (options_string, " current=address");
  strcat (options_string, selection);
  strcat (options_string, levers);
}

/* KEY=VALUE for one of the pattern lists, if KEY names one. */
static bool
pattern_list (const char *key, enum ccprof_pattern_list *l)
{
  for (int i = 0; i < CCPROF_N_LISTS; i++)
    if (strcmp (key, ccprof_pattern_list_keys[i]) == 0)
      {
	*l = (enum ccprof_pattern_list) i;
	return true;
      }
  return false;
}

/* VALUE of current-limit=N: accepted and checked, so that one set of
 * options serves both compilers, and not used: the LLVM pass's limit on
 * the TLS-offset stores of a unit is there because clang parses each
 * inline-assembly statement again to write the object; GCC writes it out
 * as text for the assembler, which costs no more than a store
 * (docs/benchmarks.md, "Compile time"). */
static bool
read_current_limit (const char *plugin, const char *key, const char *value)
{
  char *end;

  if (value && *value >= '0' && *value <= '9')
    {
      errno = 0;
      unsigned long n = strtoul (value, &end, 10);
      if (!*end && errno == 0 && n <= UINT_MAX)
	return true;
    }
  error (G_("bad value '%s' for '-fplugin-arg-%s-%s' "
	    "(valid values: a number from 0 to %u)"),
	 value ? value : "", plugin, key, UINT_MAX);
  return false;
}

bool
ccprof_read_options (const struct plugin_name_args *info)
{
  const char *plugin = info->base_name;
  enum ccprof_pattern_list list;

  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = info->argv[i].value;

      if (strcmp (key, "counters") == 0)
	{
	  if (!read_counters (plugin, key, value))
	    return false;
	}
      else if (strcmp (key, "mode") == 0)
	{
	  if (!read_choice (plugin, key, value, "flat", "context",
			    &context_mode))
	    return false;
	}
      else if (strcmp (key, "transitions") == 0)
	{
	  if (!read_choice (plugin, key, value, "call-site", "entry",
			    &entry_transitions))
	    return false;
	}
      else if (strcmp (key, "count") == 0)
	{
	  if (!read_switch (plugin, key, value, &count_calls))
	    return false;
	}
      else if (strcmp (key, "current") == 0)
	{
	  if (!read_current (plugin, key, value))
	    return false;
	}
      else if (strcmp (key, "current-limit") == 0)
	{
	  if (!read_current_limit (plugin, key, value))
	    return false;
	}
      else if (strcmp (key, "policy") == 0)
	{
	  if (ccprof_set_policy (value) != 0)
	    {
	      error (G_("bad value '%s' for '-fplugin-arg-%s-%s' "
			"(valid values: all, exported, file, annotated)"),
		     value ? value : "", plugin, key);
	      return false;
	    }
	}
      else if (strcmp (key, "system") == 0)
	{
	  if (ccprof_set_system (value) != 0)
	    {
	      error (G_("bad value '%s' for '-fplugin-arg-%s-%s' "
			"(valid values: caller, profile)"),
		     value ? value : "", plugin, key);
	      return false;
	    }
	}
      else if (strcmp (key, "leaf-size") == 0)
	{
	  if (ccprof_set_leaf_size (value) != 0)
	    {
	      error (G_("bad value '%s' for '-fplugin-arg-%s-%s' "
			"(valid values: a number from 0 to 1000)"),
		     value ? value : "", plugin, key);
	      return false;
	    }
	}
      else if (pattern_list (key, &list))
	{
	  char msg[512];
	  if (ccprof_add_patterns (list, value, msg, sizeof msg) != 0)
	    {
	      error (G_("'-fplugin-arg-%s-%s': %s"), plugin, key, msg);
	      return false;
	    }
	}
      else
	{
	  error (G_("unknown option '-fplugin-arg-%s-%s'"), plugin, key);
	  inform (UNKNOWN_LOCATION,
		  "valid options: -fplugin-arg-%s-mode=flat|context, "
		  "-fplugin-arg-%s-counters=plain|atomic|thread, "
		  "-fplugin-arg-%s-policy=all|exported|file|annotated, "
		  "-fplugin-arg-%s-include=, -exclude=, -include-file=, "
		  "-exclude-file=GLOB[,GLOB...|@FILE], "
		  "-fplugin-arg-%s-count=on|off, "
		  "-fplugin-arg-%s-current=on|offset|address|off, "
		  "-fplugin-arg-%s-current-limit=N, "
		  "-fplugin-arg-%s-transitions=call-site|entry, "
		  "-fplugin-arg-%s-system=caller|profile, "
		  "-fplugin-arg-%s-leaf-size=N",
		  plugin, plugin, plugin, plugin, plugin, plugin, plugin, plugin,
		  plugin, plugin);
	  return false;
	}
    }
  if (context_mode && !set_current)
    {
      error (G_("'-fplugin-arg-%s-current=off' does not apply to "
		"'-fplugin-arg-%s-mode=context' (a context is what "
		"'current' holds)"), plugin, plugin);
      return false;
    }
  build_options_string ();
  return true;
}

enum ccprof_counters_mode
ccprof_counters_mode (void)
{
  return counters_mode;
}

bool
ccprof_context_mode (void)
{
  return context_mode;
}

bool
ccprof_call_site_transitions (void)
{
  return context_mode && !entry_transitions;
}

bool
ccprof_count_calls (void)
{
  return count_calls;
}

bool
ccprof_set_current (void)
{
  return set_current;
}

bool
ccprof_current_by_slot (void)
{
  /* A node's address is no link-time constant. */
  return current_by_slot && !context_mode;
}

const char *
ccprof_options_string (void)
{
  return options_string;
}

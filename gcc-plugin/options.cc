/*
 * options.cc - parse -fplugin-arg-ccprof-KEY=VALUE.
 *
 *   counters=plain|atomic|thread
 *                           where entry counts are incremented: thread
 *                           (default) in a thread-local array of the unit,
 *                           exact and as cheap as plain; plain and atomic in
 *                           the function's shared record, like
 *                           -fprofile-update=single|atomic
 *   exclude=GLOB[,GLOB...]  functions whose linkage name matches a glob get
 *                           no cost centre (Appel's "unprofiled"); may be
 *                           given several times, the lists add up
 *   count=on|off            count calls (default on)
 *   current=on|address|off  set `current` (default on: in executables on
 *                           x86-64 to a TLS offset, ccprof_abi.h); address:
 *                           always to the record's address (faster
 *                           compiles with clang); both off switches are
 *                           for measuring overhead (Appel's section 5)
 *
 * An unknown key, a missing or bad value, or an empty name in a list is a
 * compile error that names what was wrong; nothing is ignored silently.
 * The normal form of the options ("counters=thread exclude=a,b") is what
 * the LLVM pass writes for the same options, so profiles compare.
 */
#include <fnmatch.h>

#include "gcc_compat.h"
#include "options.h"

static enum ccprof_counters_mode counters_mode = CCPROF_COUNTERS_THREAD;
static bool count_calls = true;
static bool set_current = true;
static bool current_by_slot = true;	/* not current=address */
static vec<char *> exclude_globs;
static char *options_string;

/* Adds the comma-separated names in LIST to exclude_globs.  KEY is for
   the error message. */
static bool
add_exclude_list (const char *plugin, const char *key, const char *list)
{
  const char *p = list;
  for (;;)
    {
      const char *comma = strchr (p, ',');
      size_t len = comma ? (size_t) (comma - p) : strlen (p);
      if (len == 0)
	{
	  error (G_("empty name in '-fplugin-arg-%s-%s=%s'"),
		 plugin, key, list);
	  return false;
	}
      exclude_globs.safe_push (xstrndup (p, len));
      if (!comma)
	return true;
      p = comma + 1;
    }
}

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

/* VALUE of current=on|address|off. */
static bool
read_current (const char *plugin, const char *key, const char *value)
{
  if (value && strcmp (value, "address") == 0)
    {
      set_current = true;
      current_by_slot = false;
      return true;
    }
  if (value && (strcmp (value, "on") == 0 || strcmp (value, "off") == 0))
    {
      set_current = strcmp (value, "on") == 0;
      current_by_slot = true;
      return true;
    }
  if (!value)
    error (G_("missing value for '-fplugin-arg-%s-%s' "
	      "(valid values: on, address, off)"), plugin, key);
  else
    error (G_("bad value '%s' for '-fplugin-arg-%s-%s' "
	      "(valid values: on, address, off)"), value, plugin, key);
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
  /* "atomic" is as long as the longest counters= value. */
  size_t len = strlen ("counters=atomic count=off current=address exclude=") + 1;
  for (unsigned i = 0; i < exclude_globs.length (); i++)
    len += strlen (exclude_globs[i]) + 1;
  options_string = XNEWVEC (char, len);
  strcpy (options_string, "counters=");
  strcat (options_string, counters_names[counters_mode]);
  if (!count_calls)
    strcat (options_string, " count=off");
  if (!set_current)
    strcat (options_string, " current=off");
  else if (!current_by_slot)
    strcat (options_string, " current=address");
  for (unsigned i = 0; i < exclude_globs.length (); i++)
    {
      strcat (options_string, i == 0 ? " exclude=" : ",");
      strcat (options_string, exclude_globs[i]);
    }
}

bool
ccprof_read_options (const struct plugin_name_args *info)
{
  const char *plugin = info->base_name;

  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = info->argv[i].value;

      if (strcmp (key, "counters") == 0)
	{
	  if (!read_counters (plugin, key, value))
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
      else if (strcmp (key, "exclude") == 0)
	{
	  if (!value || !*value)
	    {
	      error (G_("missing value for '-fplugin-arg-%s-%s' (valid "
			"values: a comma-separated list of function names "
			"or fnmatch globs)"), plugin, key);
	      return false;
	    }
	  if (!add_exclude_list (plugin, key, value))
	    return false;
	}
      else
	{
	  error (G_("unknown option '-fplugin-arg-%s-%s'"), plugin, key);
	  inform (UNKNOWN_LOCATION,
		  "valid options: -fplugin-arg-%s-counters=plain|atomic|thread, "
		  "-fplugin-arg-%s-exclude=NAME[,NAME...], "
		  "-fplugin-arg-%s-count=on|off, "
		  "-fplugin-arg-%s-current=on|address|off",
		  plugin, plugin, plugin, plugin);
	  return false;
	}
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
  return current_by_slot;
}

bool
ccprof_name_excluded (const char *symbol)
{
  for (unsigned i = 0; i < exclude_globs.length (); i++)
    if (fnmatch (exclude_globs[i], symbol, 0) == 0)
      return true;
  return false;
}

const char *
ccprof_options_string (void)
{
  return options_string;
}

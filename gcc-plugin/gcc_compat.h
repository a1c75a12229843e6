/*
 * gcc_compat.h - the GCC headers the plugin needs, in the order GCC
 * requires, and every difference between GCC versions in one place.
 *
 * The plugin is written and tested against GCC 12 (Debian bookworm,
 * gcc-12-plugin-dev), which needs no workaround yet.  CCPROF_GCC_VERSION is
 * major*1000+minor, like the kernel's BUILDING_GCC_VERSION; when another
 * release needs one, the #if goes here and code elsewhere never tests the
 * version.  The include list is the one GCC 12 needs, in its order
 * (gcc-plugin.h first: it brings config.h, system.h and coretypes.h).
 */
#ifndef CCPROF_GCC_COMPAT_H
#define CCPROF_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "plugin-version.h"

#define CCPROF_GCC_VERSION GCCPLUGIN_VERSION

#if CCPROF_GCC_VERSION < 12000
#error "ccprof's GCC plugin needs GCC 12 or later"
#endif

#include "tree.h"
#include "backend.h"
#include "gimple.h"
#include "cfghooks.h"
#include "tree-pass.h"
#include "ssa.h"
#include "cgraph.h"
#include "context.h"
#include "diagnostic-core.h"
#include "intl.h"
#include "stringpool.h"
#include "attribs.h"
#include "stor-layout.h"
#include "varasm.h"
#include "fold-const.h"
#include "gimple-iterator.h"
#include "tree-cfg.h"
#include "cfgloop.h"
#include "tree-eh.h"
#include "tree-into-ssa.h"
#include "tree-iterator.h"
#include "gimplify.h"
#include "builtins.h"
#include "memmodel.h"
#include "ggc.h"
#include "langhooks.h"

#endif /* CCPROF_GCC_COMPAT_H */

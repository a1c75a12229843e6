// REQUIRES: gcc
// -fplugin-arg-ccprof-mode takes flat (the default) or context; a bad or
// missing value is a compile error naming the option and the valid
// values, and current=off, which would leave no context in `current`, is
// refused with mode=context.  mode=flat is the default's normal form.
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=tree -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: bad value 'tree' for '-fplugin-arg-ccprof-mode' (valid values: flat, context)
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: missing value for '-fplugin-arg-ccprof-mode' (valid values: flat, context)
//
// RUN: not %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=context -fplugin-arg-ccprof-current=off -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: error: '-fplugin-arg-ccprof-current=off' does not apply to '-fplugin-arg-ccprof-mode=context' (a context is what 'current' holds)
//
// RUN: %gcc -fplugin=%gcc_plugin -fplugin-arg-ccprof-mode=flat -S %s -o - | FileCheck %s --check-prefix=FLAT
// FLAT: .string "counters=thread"

int f(void) { return 0; }

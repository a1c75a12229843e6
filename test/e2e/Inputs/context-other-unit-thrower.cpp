// The callee unit of context-call-site-other-unit-throws.cpp, built once
// with the plugin (a site entry) and once without (the caller's fallback
// site entry passes the exception on).  Eight arguments, two on the
// stack, so that a fallback cannot always be a jump.
#include <stdexcept>

long thrower(long a, long b, long c, long d, long e, long f, long g,
             long h) {
  long s = a + b + c + d + e + f + g + h;
  if (s % 3 == 0)
    throw std::runtime_error("multiple of three");
  return s;
}

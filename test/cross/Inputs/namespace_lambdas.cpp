/* namespace_lambdas.cpp - lambdas that initialise namespace-scope
 * variables (GCC: ns1::cmp::{lambda(int, int)#1}; clang: ns1::$_0) and
 * a local one, passed to a template, for the cross-compiler test. */
static volatile int sink;
namespace ns1 {
auto cmp = [](int a, int b) { sink += 1; return a < b; };
}
auto G = [](int x) { sink += x; return x * 2; };

template <class F> __attribute__((noinline)) int call(F f, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += f(i);
	return s;
}

int main()
{
	auto l = [](int a) { return a + 1; };
	int r = 0;
	for (int i = 0; i < 4; i++)
		r += ns1::cmp(i, 2);
	r += call(G, 3) + call(l, 2);
	return r == 0;
}

/* A lambda called by a variable's dynamic initialiser. */
static int H = [] { sink += 1; return 3; }();
namespace ns1 {
int K = [] { sink += 2; return 4; }();
}

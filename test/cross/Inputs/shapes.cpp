// shapes.cpp - namespaces, virtual calls, overloads, lambdas, exceptions,
// constructors and operators in C++.
#include "shapes.h"
#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace geo {
struct Square : Shape {
	double s;
	explicit Square(double s) : s(s) {}
	double area() const override { return s * s; }
};
struct Circle : Shape {
	double r;
	explicit Circle(double r) : r(r) {}
	double area() const override { return 3.0 * r * r; }
};
} // namespace geo

namespace {
int scale(int x) { return geo::twice(x) + geo::clampi(x, 0, 10); }
double scale(double x) { return geo::twice(x); }
struct Vec {
	int x, y;
	Vec operator+(const Vec &o) const { return {x + o.x, y + o.y}; }
};
int risky(int i)
{
	if (i % 3 == 0)
		throw std::runtime_error("three");
	return i;
}
} // namespace

int main()
{
	std::vector<geo::Shape *> shapes;
	for (int i = 0; i < 20; i++)
		shapes.push_back(i % 2 ? static_cast<geo::Shape *>(new geo::Square(i))
				       : new geo::Circle(i));
	double a = geo::total_area(shapes);
	std::vector<int> v;
	for (int i = 0; i < 100; i++)
		v.push_back((i * 37) % 100);
	int calls = 0;
	std::sort(v.begin(), v.end(), [&calls](int x, int y) { calls++; return x > y; });
	int s = 0;
	for (int i = 0; i < 30; i++) {
		s += scale(i);
		try {
			s += risky(i);
		} catch (const std::exception &) {
			s -= 1;
		}
	}
	Vec p{1, 2};
	for (int i = 0; i < 5; i++)
		p = p + Vec{i, i};
	auto add = [](double x, double y) { return x + y; };
	double d = add(scale(1.5), a);
	for (geo::Shape *sh : shapes)
		delete sh;
	std::printf("%d %d %d %g %d\n", s, calls > 0, p.x, d, v[0]);
	return 0;
}

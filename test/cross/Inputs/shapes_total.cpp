// shapes_total.cpp - a second unit instantiating the same template and
// inline function as shapes.cpp.
#include "shapes.h"

double geo::total_area(const std::vector<Shape *> &v)
{
	double t = 0;
	for (const Shape *s : v)
		t += twice(s->area()) / 2 + clampi(1, 0, 2) - 1;
	return t;
}

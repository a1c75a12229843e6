/* shapes.h - a template and inline functions used from two C++ units:
 * one cost centre each, shared by both units. */
#include <vector>
namespace geo {
struct Shape {
	virtual ~Shape() {}
	virtual double area() const = 0;
};
template <typename T> T twice(T x) { return x + x; }
inline int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
double total_area(const std::vector<Shape *> &v);
} // namespace geo

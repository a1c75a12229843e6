/* sum.h - the C library's interface, for C and C++. */
#ifdef __cplusplus
extern "C" {
#endif
int sum_square(int x);
int sum_squares(int n);
#ifdef __cplusplus
}
#endif

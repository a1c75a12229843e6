/* Included as "part.h", "./part.h" and "sub/../part.h" by
 * source-file-one-name-however-included.c. */
static inline int twice(int x)
{
	return 2 * x;
}

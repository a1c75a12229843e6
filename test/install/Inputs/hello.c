#include <stdio.h>
static void greet(int i) { printf("hello %d\n", i); }
int main(void) { for (int i = 0; i < 3; i++) greet(i); return 0; }

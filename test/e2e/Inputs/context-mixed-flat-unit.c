/* The flat-mode unit of context-mixed-flat-and-context-units.c. */
void ctx_leaf(void);
void flat_mid(void)
{
	ctx_leaf();
	ctx_leaf();
}

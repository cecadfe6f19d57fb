// Another unit of the program: includes other.inl and calls its function.
#include "other.inl"

void wide(int *d) { run_wide(d); }

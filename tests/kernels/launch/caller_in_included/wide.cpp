// Another unit of the program: its inline definitions come from impl.icc.
#include "impl.icc"

void wide(int *d) { run_wide(d); }

// A unit calling a wrapper through a name its macro pastes together: the
// file never spells the name (halves.h declares it).
#include "halves.h"

#define ENTRY(x) halves_entry_##x

void narrow_pass(float *d) { ENTRY(pasted)(d, 128); }

// Another program of the folder, through nudge_calls.h.
#include "nudge_calls.h"

void nudge_other(float *d) { nudge_in_place(d); }

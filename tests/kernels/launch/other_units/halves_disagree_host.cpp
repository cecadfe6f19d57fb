// The includer of halves_disagree_racy.cu.
#include "halves.h"
#include "halves_disagree_racy.cu"

void run_halves_disagree(float *d, unsigned int half) {
    swap_halves_disagree<<<1, 128>>>(d, half);
}

void halves_entry_disagree(float *d, unsigned int n) { run_halves_disagree(d, n / 2); }

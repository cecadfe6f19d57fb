// The includer of halves_unknown_racy.cu.
#include "halves.h"
#include "halves_unknown_racy.cu"

void run_halves_unknown(float *d, unsigned int half) {
    swap_halves_unknown<<<1, 128>>>(d, half);
}

void halves_entry_unknown(float *d, unsigned int n) { run_halves_unknown(d, n / 2); }

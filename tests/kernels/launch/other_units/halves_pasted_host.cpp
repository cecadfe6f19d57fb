// The includer of halves_pasted_racy.cu.
#include "halves.h"
#include "halves_pasted_racy.cu"

void run_halves_pasted(float *d, unsigned int half) {
    swap_halves_pasted<<<1, 128>>>(d, half);
}

void halves_entry_pasted(float *d, unsigned int n) { run_halves_pasted(d, n / 2); }

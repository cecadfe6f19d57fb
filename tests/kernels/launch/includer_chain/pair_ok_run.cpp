// Launches sub/chain_pair_ok.cu with WG threads, 256 unless defined.
#include "sub/chain_pair_ok.cu"
#ifndef WG
#define WG 256
#endif

void run_pair_ok(float *d) { chain_pair_ok<<<1, WG>>>(d); }

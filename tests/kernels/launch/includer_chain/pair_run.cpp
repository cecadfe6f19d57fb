// Launches sub/chain_pair.cu with WG threads, 256 unless defined.
#include "sub/chain_pair.cu"
#ifndef WG
#define WG 256
#endif

void run_pair(float *d) { chain_pair<<<1, WG>>>(d); }

// Launches sub/fold_back.cu with WG threads, 256 unless defined.
#include "sub/fold_back.cu"
#ifndef WG
#define WG 256
#endif

void run_back(float *d) { fold_back<<<1, WG>>>(d); }

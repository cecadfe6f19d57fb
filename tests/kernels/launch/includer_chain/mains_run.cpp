// Launches mains_scan.cu's kernel with WG threads, 256 unless defined.
#include "mains_scan.cu"
#ifndef WG
#define WG 256
#endif

void run_mains(float *d) { mains_scan<<<1, WG>>>(d); }

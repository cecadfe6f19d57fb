// Launches both kernels of sub/ with WG threads (256 unless defined).
#include "sub/cousin_scale.cu"
#include "sub/cousin_scale_racy.cu"
#ifndef WG
#define WG 256
#endif
void run_cousin(float *d) { cousin_scale<<<1, WG / 2>>>(d); }
void run_cousin_racy(float *d) { cousin_scale_racy<<<1, WG>>>(d); }

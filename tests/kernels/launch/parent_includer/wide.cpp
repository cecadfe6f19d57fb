// Another program of sub/wide_kernels.cu, in the parent folder: 512 threads.
#include "sub/wide_kernels.cu"

void wide(float *d) { mirror_wide<<<1, 512>>>(d); }

#include "alone_kernels.cu"
#ifndef WG
#define WG 512
#endif
void scan(float *d)
{
    scan_tile<<<1, WG>>>(d);
}

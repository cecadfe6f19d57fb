#include "alone_kernels_racy.cu"
#ifndef WG
#define WG 512
#endif
void scan_racy(float *d)
{
    scan_tile_racy<<<1, WG>>>(d);
}

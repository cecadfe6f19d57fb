// The racy twin's program: same definitions before the include.
#define TILE 64

struct Params {
    int n;
    int stride;
};

#include "tile_kernel_racy.cu"

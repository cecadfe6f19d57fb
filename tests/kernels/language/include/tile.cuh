// Helpers shared by include.cu and include_racy.cu.
#ifndef TILE_CUH
#define TILE_CUH

#define TILE 32

__device__ inline unsigned wrap(unsigned i) {
    return i % TILE;
}

#endif

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Pointers whose provenance the front end loses may point into shared
// memory: an integer round trip of `tile`'s address, and a pointer read back
// from a local array of pointers. Thread 0 writes tile[5] through each while
// the other threads read tile[5] (no barrier between).
// (`seen` is not used: the read is the access that races.)

__global__ void provenance_lost_racy(int k) {
    __shared__ float tile[64];
    size_t addr = (size_t)tile;
    float *p = (float *)addr;
    float *ptrs[2] = {tile, tile};
    if (threadIdx.x == 0) {
        p[5] = 1.f; //~ race write-read
        ptrs[k][5] = 2.f; //~ race write-read
    }
    float seen = tile[5];
}

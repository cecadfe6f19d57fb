// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A shared address stored into global memory and read back is still a
// shared address: thread 0 writes tile[5] through it while the other
// threads read tile[5]. (Pointers read from global memory were taken to
// point into global memory only. `seen` is unused: the read is what races.)

__global__ void shared_address_in_global_racy(float **slots) {
    __shared__ float tile[64];
    if (threadIdx.x == 0) {
        slots[blockIdx.x] = tile;
        float *p = slots[blockIdx.x];
        p[5] = 1.f; //~ race write-read
    }
    float seen = tile[5];
}

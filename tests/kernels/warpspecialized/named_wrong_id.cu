// expect-verdict: divergent
//--blockDim=128 --gridDim=1
// Buggy twin of named_producer_consumer.cu: the consumers hand the tile back
// on barrier 3 while the producers wait at barrier 2, which only they reach
// (64 of 128 threads): a deadlock, and the producers' second store races with
// the consumers' reads. Barriers of a kernel that is not well synchronized
// order nothing, so the first store is reported too.

__device__ void named_sync(int id, int n) {
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(n) : "memory");
}

__device__ void named_arrive(int id, int n) {
    asm volatile("bar.arrive %0, %1;" :: "r"(id), "r"(n) : "memory");
}

__global__ void producer_consumer(const float *in, float *out) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    if (warp < 2) {
        tile[threadIdx.x] = in[threadIdx.x]; //~ race write-read
        named_arrive(1, 128);
        named_sync(2, 128); //~ barrier-deadlock
        tile[threadIdx.x] = 0.0f; //~ race write-read
    } else {
        named_sync(1, 128);
        out[threadIdx.x] = tile[threadIdx.x - 64] + tile[127 - threadIdx.x]; //~ race read-write
        named_arrive(3, 128);
    }
}

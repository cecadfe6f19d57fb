// expect-verdict: race-free
// known-gap: the first test of the inner loop after the meeting point is compared, not those of later outer iterations
//--blockDim=64 --gridDim=4
// The inner loop may run zero times (a uniform bound) and the read after
// the nest has no barrier of its own: each store is still followed by a
// barrier, so the read meets none of them. A thread at the read has left
// every instance of the inner loop after its last barrier without
// entering it; a thread at a store entered one of those instances, whose
// test is uniform. The interval analysis compares only the first test of
// the inner loop after the two threads' last common barrier, so a store
// reached through a later (empty for the other thread) instance still
// meets the read.

__global__ void maybe_empty_then_read(int *out, int n) {
    __shared__ int s[64];
    for (int k = 0; k < 4; k++) {
        for (int j = 0; j < n; j++) {
            s[(threadIdx.x + j) % 64] = threadIdx.x + k;
            __syncthreads();
        }
    }
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}

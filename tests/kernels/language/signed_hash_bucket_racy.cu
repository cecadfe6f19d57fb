// expect-verdict: racy
//--blockDim=64 --gridDim=1
// An int hash of the thread id picks a bucket; it overflows for threads >= 2
// (the hardware wraps), and threads 0 and 61 both get bucket 0. A local's
// overflow before the access is not assumed away. (Reported by the
// session-6 soundness review.)

__global__ void hash_bucket(int *out) {
    int h = (int)threadIdx.x * 1103515245 + 12345;
    out[(h >> 16) & 63] = threadIdx.x; //~ race write-write
}

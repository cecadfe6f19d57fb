// expect-verdict: racy
//--blockDim=256 --gridDim=4
// A uniform branch with a barrier does not separate different iterations:
// thread 2 reads s[t + 1] in an odd iteration, after the barrier of the even
// iteration before it, while thread 1 writes s[t] in the next even iteration
// before that iteration's barrier.

__global__ void alternate(float *out, int n) {
    __shared__ float s[257];
    unsigned t = threadIdx.x;
    for (int k = 0; k < n; k++) {
        if (k % 2 == 0) {
            s[t] = k; //~ race
            __syncthreads();
        } else {
            out[blockIdx.x * 256 + t] += s[t + 1];
        }
    }
}

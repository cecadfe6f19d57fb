// expect-verdict: racy
//--blockDim=256 --gridDim=16
// Twin of double_buffer_pointer_swap.cu with the swap written wrong
// (`cur = nxt; nxt = cur;`): from the second step on both pointers are the
// same buffer, and a step's reads of neighbours race with its writes.

#define BS 256

__global__ void jacobi(float *u, int steps) {
    __shared__ float bufA[BS + 2];
    __shared__ float bufB[BS + 2];
    float *cur = bufA, *nxt = bufB;
    int i = threadIdx.x + 1;
    int g = blockIdx.x * BS + threadIdx.x;
    cur[i] = u[g];
    if (threadIdx.x == 0) {
        cur[0] = 0.0f;
        cur[BS + 1] = 0.0f;
        nxt[0] = 0.0f;
        nxt[BS + 1] = 0.0f;
    }
    __syncthreads();
    for (int s = 0; s < steps; ++s) {
        nxt[i] = 0.5f * cur[i] + 0.25f * (cur[i - 1] + cur[i + 1]); //~ race, race
        __syncthreads();
        cur = nxt;
        nxt = cur;
    }
    u[g] = cur[i];
}

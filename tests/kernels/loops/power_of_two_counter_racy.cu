// expect-verdict: racy
//--blockDim=64 --gridDim=8
// Twins of power_of_two_counter.cu that stay racy.

// The stride doubles from 3: 3 * 2^k is not a power of two, and
// `pos & (stride - 1)` is not `pos mod stride` (stride 3: threads 1 and 2
// both store to s[2]).
__global__ void radix2_doubling_from_three(float *data, int n) {
    extern __shared__ float s[];
    const int pos = threadIdx.x;
    for (int stride = 3; stride < n; stride <<= 1) {
        int lo = pos & (stride - 1);
        int i0 = ((pos - lo) << 1) + lo;
        __syncthreads();
        s[i0] = data[pos]; //~ race write-write
    }
}

// The mask is the stride itself, not stride - 1: threads 0 and 1 (stride
// 4) both reach s[4].
__global__ void radix2_wrong_mask(float *data, int n) {
    extern __shared__ float s[];
    const int pos = threadIdx.x;
    for (int stride = 1; stride < n; stride <<= 1) {
        int lo = pos & stride;
        int i0 = ((pos - lo) << 1) + lo;
        __syncthreads();
        float d0 = s[i0]; //~ race
        s[i0 + stride] = d0; //~ race
    }
}

// A power-of-two stride from `1 << log2N`, halved, with the wrong mask.
__global__ void radix4_halving_wrong_mask(float *data, int log2N) {
    extern __shared__ float s[];
    const int N = 1 << log2N;
    const int pos = threadIdx.x;
    for (int stride = N >> 2; stride > 0; stride >>= 2) {
        int lo = pos & stride;
        int i0 = ((pos - lo) << 2) + lo;
        __syncthreads();
        float d0 = s[i0]; //~ race
        s[i0 + stride] = d0; //~ race
    }
}

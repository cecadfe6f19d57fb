// expect-verdict: racy
//--blockDim=256 --gridDim=1
// Twins of masked_neighbours.cu: the second array starts one element early
// (its element 0 is the first array's last: the thread whose masked
// neighbour is 0 reads what thread n - 1 writes; for n = 6, `2 & 5 == 0`),
// a mask one too wide (`x & n` reaches n, past the second array into a
// third one the threads write), and a mask that may be negative
// (`x & m` of a negative x and m is negative: m = -1 reads the element
// of thread t - 1).

__global__ void second_array_early(float *out, const float *in, int n) {
    extern __shared__ float s[];
    float *a = s;
    float *b = &a[n - 1];
    int t = threadIdx.x;
    if (t < n)
        b[t + 1] = in[t];
    __syncthreads();
    if (t < n) {
        int right = (t + 1) & (n - 1);
        a[t] = b[right]; //~ race
    }
    __syncthreads();
    if (t < n)
        out[t] = a[t];
}

__global__ void mask_too_wide(float *out, const float *in, int n) {
    extern __shared__ float s[];
    float *b = s;
    float *c = &b[n];
    int t = threadIdx.x;
    if (t < n)
        b[t] = in[t];
    __syncthreads();
    if (t < n)
        c[t] = b[(t + 1) & n]; //~ race
    __syncthreads();
    if (t < n)
        out[t] = c[t];
}

__global__ void negative_mask(float *out, const float *in, int n, int m) {
    extern __shared__ float s[];
    float *b = s + n;
    int t = threadIdx.x;
    if (t < n)
        b[t] = in[t];
    __syncthreads();
    if (t < n)
        s[t] = b[(t - n - 1) & m]; //~ race
    __syncthreads();
    if (t < n)
        out[t] = s[t];
}

// expect-verdict: race-free
//--blockDim=[32,2] --gridDim=1
// Threads (x, 0) and (x, 1) store zeros (or -1, or one same byte) to the
// same bytes, and the byte stores of `clear_words` and `mark_words` overlap
// a neighbour's word in part: every byte either thread writes is 0 (0xff, or
// that byte), so memory ends the same in every order (benign races, told
// without asking the solver whether the values differ).

__device__ void clear_mask(char *mask, int n) {
    for (int i = 0; i + threadIdx.x < n; i += blockDim.x * blockDim.y)
        mask[i + threadIdx.x] = 0; //~ benign-race
}

__global__ void clear_seeds(char *mask, const int *seeds, char *out, int n, int count) {
    for (int s = 0; s < count; s++) {
        clear_mask(mask, n);
        __syncthreads();
        if (threadIdx.x == 0 && threadIdx.y == 0)
            mask[seeds[s]] = 1;
        __syncthreads();
        if (threadIdx.y == 0)
            out[s * blockDim.x + threadIdx.x] = mask[threadIdx.x];
        __syncthreads();
    }
}

__global__ void clear_words(int *words) {
    char *bytes = (char *)words;
    words[threadIdx.x] = 0; //~ benign-race
    bytes[4 * threadIdx.x + 5] = 0; //~ benign-race
}

__global__ void clear_floats(float *vals) {
    if (threadIdx.y == 0)
        vals[threadIdx.x] = 0; //~ benign-race
    else
        vals[threadIdx.x] = 0.0f; //~ benign-race
}

__global__ void mark_words(int *words) {
    signed char *bytes = (signed char *)words;
    words[threadIdx.x] = -1; //~ benign-race
    bytes[4 * threadIdx.x + 5] = -1; //~ benign-race
}

__global__ void set_flags(bool *flags, unsigned char *marks) {
    flags[threadIdx.x] = true; //~ benign-race
    marks[threadIdx.x] = 7; //~ benign-race
}

// expect-verdict: racy
//--blockDim=[32,2] --gridDim=1
// Twins of same_byte_stores.cu where a store of zeros races with one of other
// bytes: each is a race (the stores of zeros among themselves race benignly).

__device__ void clear_mask(char *mask, int n) {
    for (int i = 0; i + threadIdx.x < n; i += blockDim.x * blockDim.y)
        mask[i + threadIdx.x] = 0; //~ race write-write, benign-race
}

// No barrier between clearing the mask and marking the seed: thread 0 may
// mark it before the thread that clears that byte has cleared it.
__global__ void clear_seeds(char *mask, const int *seeds, char *out, int n, int count) {
    for (int s = 0; s < count; s++) {
        clear_mask(mask, n);
        if (threadIdx.x == 0 && threadIdx.y == 0)
            mask[seeds[s]] = 1; //~ race write-write
        __syncthreads();
        if (threadIdx.y == 0)
            out[s * blockDim.x + threadIdx.x] = mask[threadIdx.x];
        __syncthreads();
    }
}

// A byte of 1 inside a neighbour's word of zeros.
__global__ void clear_words(int *words) {
    char *bytes = (char *)words;
    words[threadIdx.x] = 0; //~ race write-write, benign-race
    bytes[4 * threadIdx.x + 5] = 1; //~ race write-write, benign-race
}

// -0.0f has the sign bit set: not the bytes of 0.
__global__ void clear_floats(float *vals) {
    if (threadIdx.y == 0)
        vals[threadIdx.x] = 0; //~ race write-write
    else
        vals[threadIdx.x] = -0.0f; //~ race write-write
}

// -1 is 0xff in every byte, 0x7f... is not: the bytes differ.
__global__ void mark_words(int *words) {
    signed char *bytes = (signed char *)words;
    words[threadIdx.x] = -1; //~ race write-write, benign-race
    bytes[4 * threadIdx.x + 5] = 127; //~ race write-write, benign-race
}

// An int 1 is the bytes 1 0 0 0: a byte store of 1 inside it writes 1 over a 0.
__global__ void set_words(int *words) {
    char *bytes = (char *)words;
    words[threadIdx.x] = 1; //~ race write-write, benign-race
    bytes[4 * threadIdx.x + 5] = 1; //~ race write-write, benign-race
}

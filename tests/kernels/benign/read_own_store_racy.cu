// expect-verdict: racy
//--blockDim=256 --gridDim=8
// Twins of read_own_store.cu where the value a read returns depends on the
// schedule: each read may return a value that differs from its own thread's.

// Each thread stores its own index: another thread's store may land between.
__global__ void own_value_differs(float *out) {
    __shared__ unsigned slot[1];
    slot[0] = threadIdx.x; //~ race write-write, race write-read
    unsigned v = slot[0]; //~ race read-write
    out[blockIdx.x * blockDim.x + threadIdx.x] = (float)v;
}

// Odd threads read without having stored: they may see the slot before any
// even thread's store.
__global__ void not_every_thread_stored(float *out, float factor) {
    __shared__ float scale[1];
    if (threadIdx.x % 2 == 0) {
        scale[0] = factor; //~ benign-race, race write-read
    }
    float s = scale[0]; //~ race read-write
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// A later store of another value by thread 0 races with the other threads'
// reads of their own value.
__global__ void later_store_of_other_value(float *out, float factor) {
    __shared__ float scale[1];
    scale[0] = factor; //~ benign-race, race write-write
    float s = scale[0]; //~ benign-race, race read-write
    if (threadIdx.x == 0) {
        scale[0] = 0.0f; //~ race write-read, race write-write
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// Each thread stores its own element, then reads element 0: only thread 0's
// read follows its own store of those bytes.
__global__ void own_store_elsewhere(float *out, float factor) {
    __shared__ float row[256];
    row[threadIdx.x] = factor; //~ race write-read
    float s = row[0]; //~ race read-write
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// The racing store writes one byte of the word: the read may combine bytes of
// several stores.
__global__ void other_width(int *out) {
    __shared__ int flag[1];
    flag[0] = 1; //~ benign-race, race write-write
    if (threadIdx.x == 5) {
        ((char *)flag)[1] = 1; //~ race write-write, race write-read
    }
    int f = flag[0]; //~ race read-write
    out[blockIdx.x * blockDim.x + threadIdx.x] = f;
}

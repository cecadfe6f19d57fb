// expect-verdict(shift_op): racy
// expect-verdict(shift_template): racy
// expect-verdict(stateful_index): racy
// expect-verdict(view_reference): racy
// expect-verdict(local_view_reference): racy
//--blockDim=64 --gridDim=1
// A function object parameter whose `operator()` touches shared memory of
// another thread (no barrier orders it), and one whose state picks the index:
// its second call writes where the next thread's first call wrote. An
// `operator()` returning a reference (`v(i) = x`) stores through it.

struct Neighbour {
    __device__ void operator()(int *s, int t) const { s[t] = s[t + 1]; } //~ race read-write
};

__global__ void shift_op(int *g, Neighbour f) {
    __shared__ int s[65];
    s[threadIdx.x] = g[threadIdx.x];
    __syncthreads();
    f(s, threadIdx.x);
    __syncthreads();
    g[threadIdx.x] = s[threadIdx.x];
}

template <typename F>
__global__ void shift_template(int *g, F f) {
    __shared__ int s[65];
    s[threadIdx.x] = g[threadIdx.x];
    __syncthreads();
    f(s, threadIdx.x);
    __syncthreads();
    g[threadIdx.x] = s[threadIdx.x];
}
template __global__ void shift_template<Neighbour>(int *, Neighbour);

struct Cursor {
    int at;
    __device__ int operator()() { return at++; }
};

__global__ void stateful_index(int *out, Cursor c) {
    __shared__ int s[128];
    c.at = threadIdx.x;
    s[c()] = 1;
    s[c()] = 2; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

struct View {
    float *d;
    __device__ float &operator()(int i) const { return d[i]; }
};

__global__ void view_reference(View v) {
    v(threadIdx.x % 32) = threadIdx.x; //~ race write-write
}

__global__ void local_view_reference(float *g) {
    View v{g};
    v(threadIdx.x % 32) += 1.0f; //~ race write-write, race read-write
}

// expect-verdict(block_sum): race-free
// expect-verdict(block_sum_no_barrier): racy
// expect-verdict(two_views): unsupported
// expect-verdict(offset_view): unsupported
// A kernel template whose type parameter no launch in view binds (`T`'s
// size is not known) may still use the dynamic shared memory idiom
// `T *s = reinterpret_cast<T *>(raw);` when `raw` is named nowhere else:
// every access of the buffer is then in units of `T`. A second view of
// the buffer, or a view that starts inside it, needs `T`'s size.

template <typename T>
__global__ void block_sum(const T *in, T *out) {
    extern __shared__ unsigned char sum_raw[];
    T *s = reinterpret_cast<T *>(sum_raw);
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    for (unsigned step = blockDim.x / 2; step > 0; step >>= 1) {
        if (threadIdx.x < step)
            s[threadIdx.x] += s[threadIdx.x + step];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

template <typename T>
__global__ void block_sum_no_barrier(const T *in, T *out) {
    extern __shared__ unsigned char nb_raw[];
    T *s = reinterpret_cast<T *>(nb_raw);
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (unsigned step = blockDim.x / 2; step > 0; step >>= 1) {
        if (threadIdx.x < step)
            s[threadIdx.x] += s[threadIdx.x + step]; //~ race
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

template <typename T>
__global__ void two_views(const T *in, int *flags) {
    extern __shared__ unsigned char tv_raw[];
    T *s = reinterpret_cast<T *>(tv_raw);
    int *f = reinterpret_cast<int *>(tv_raw);
    s[threadIdx.x] = in[threadIdx.x];
    flags[threadIdx.x] = f[threadIdx.x];
}

template <typename T>
__global__ void offset_view(const T *in, T *out) {
    extern __shared__ unsigned char ov_raw[];
    T *s = reinterpret_cast<T *>(ov_raw + threadIdx.x * 8);
    s[0] = in[threadIdx.x];
    out[threadIdx.x] = s[1];
}

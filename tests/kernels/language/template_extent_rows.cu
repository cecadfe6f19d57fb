// expect-verdict(tile_transpose): race-free
// expect-verdict(tile_transpose_racy): racy
// expect-verdict(flat_fill_then_rows): race-free
// expect-verdict(flat_store_row_read_racy): racy
// expect-verdict(three_dims): race-free
// expect-verdict(three_dims_racy): racy
// expect-verdict(register_tile): race-free
// expect-verdict(cast_to_row_pointer): unsupported
// expect-verdict(class_template_member): unsupported
// expect-verdict(callee_parameter_named_like_kernels_racy): racy
// expect-verdict(dependent_enumerator_extent): unsupported
// A `__shared__` array whose extents are template parameters
// (`float t[BS][BS]`): the row stride of `t[i][j]` is `BS` elements, a
// constant of the instantiation (here bound by the launch), not one element.
// Flat accesses through `&t[0][0]` meet the 2-D ones at the same offsets.
// Casts to pointers to rows of a symbolic length, and members of class
// templates laid out after such an array, are unsupported.

template <int BS>
__global__ void tile_transpose(float *out, const float *in) {
    __shared__ float t[BS][BS];
    t[threadIdx.y][threadIdx.x] = in[threadIdx.y * BS + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * BS + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

template <int BS>
__global__ void tile_transpose_racy(float *out, const float *in) {
    __shared__ float t[BS][BS];
    t[threadIdx.y][threadIdx.x] = in[threadIdx.y * BS + threadIdx.x]; //~ race write-read
    out[threadIdx.y * BS + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

template <int BS>
__global__ void flat_fill_then_rows(float *out, const float *in) {
    __shared__ float t[BS][BS];
    float *flat = &t[0][0];
    flat[threadIdx.y * BS + threadIdx.x] = in[threadIdx.y * BS + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * BS + threadIdx.x] = t[BS - 1 - threadIdx.y][threadIdx.x];
}

template <int BS>
__global__ void flat_store_row_read_racy(float *out, const float *in) {
    __shared__ float t[BS][BS];
    float *flat = &t[0][0];
    if (threadIdx.x == 0 && threadIdx.y == 0)
        flat[BS] = in[0]; //~ race write-read
    if (threadIdx.x == 1 && threadIdx.y == 0)
        out[1] = t[1][0];
}

template <int A, int B>
__global__ void three_dims(float *out) {
    __shared__ float c[2][A][B];
    c[threadIdx.x % 2][threadIdx.y][threadIdx.x / 2] = threadIdx.x;
    __syncthreads();
    out[threadIdx.y * blockDim.x + threadIdx.x] = c[1][threadIdx.y][0];
}

template <int A, int B>
__global__ void three_dims_racy(float *out) {
    __shared__ float c[2][A][B];
    float *flat = &c[0][0][0];
    if (threadIdx.x == 0 && threadIdx.y == 0)
        flat[A * B] = 1.0f; //~ race write-read
    if (threadIdx.x == 1 && threadIdx.y == 0)
        out[0] = c[1][0][0];
}

template <int TM, int TN>
__global__ void register_tile(float *out) {
    float acc[TM][TN];
    for (int i = 0; i < TM; i++)
        for (int j = 0; j < TN; j++)
            acc[i][j] = i * TN + j;
    int g = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
    out[g] = acc[1][0] + (&acc[0][0])[TN];
}

template <int BS>
__global__ void cast_to_row_pointer(float *out, float *in) {
    __shared__ float raw[BS * BS];
    float (*rows)[BS] = (float (*)[BS])raw;
    rows[threadIdx.y][threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.y * BS + threadIdx.x] = raw[threadIdx.x * BS + threadIdx.y];
}

template <int N>
struct Window { float v[N]; float last; };

template <int N>
__global__ void class_template_member(float *out) {
    __shared__ Window<N> w;
    if (threadIdx.x == 0 && threadIdx.y == 0)
        w.last = 1.0f;
    __syncthreads();
    out[threadIdx.y * blockDim.x + threadIdx.x] = w.v[1];
}

template <int N> struct Wide {};

// The callee's own `BS` (deduced: 32) is not the kernel's (16): rows of 32.
template <int BS>
__device__ void fill_rows(Wide<BS>, float *out) {
    __shared__ float t[BS][BS];
    if (threadIdx.x == 0 && threadIdx.y == 0)
        t[1][0] = 1.0f; //~ race write-read
    if (threadIdx.x == 1 && threadIdx.y == 0)
        out[0] = (&t[0][0])[32];
}

template <int BS>
__global__ void callee_parameter_named_like_kernels_racy(float *out) {
    fill_rows(Wide<BS * 2>(), out);
}

template <int BS> struct Padded { enum { Row = BS + 1 }; };

// An enumerator initialised by a template parameter has no value here
// (it was taken as 0, a zero row stride).
template <int BS>
__global__ void dependent_enumerator_extent(float *out) {
    __shared__ float t[BS][Padded<BS>::Row];
    t[threadIdx.y][threadIdx.x] = 1.0f;
    __syncthreads();
    out[threadIdx.y * BS + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

int main() {
    float *o, *i;
    dim3 tile(16, 16);
    tile_transpose<16><<<1, tile>>>(o, i);
    tile_transpose_racy<16><<<1, tile>>>(o, i);
    flat_fill_then_rows<16><<<1, tile>>>(o, i);
    flat_store_row_read_racy<16><<<1, tile>>>(o, i);
    three_dims<16, 8><<<1, tile>>>(o);
    three_dims_racy<16, 8><<<1, tile>>>(o);
    register_tile<4, 8><<<4, tile>>>(o);
    cast_to_row_pointer<16><<<1, tile>>>(o, i);
    class_template_member<16><<<1, tile>>>(o);
    callee_parameter_named_like_kernels_racy<16><<<1, tile>>>(o);
    dependent_enumerator_extent<16><<<1, tile>>>(o);
    return 0;
}

// expect-verdict(tile_by_macro): race-free
// expect-verdict(lost_term_racy): racy
// expect-verdict(minus_chain_racy): racy
// expect-verdict(rows_by_macro): race-free
// expect-verdict(rows_overlap_racy): racy
// `(x) + (y) * z`, as a macro with parenthesized arguments writes it, is
// read by the parser as a cast of `+(y)` to a type named `x`, then `* z`.
// `x` is a variable in scope, so it is the sum `x + ((y) * z)`: the first
// kernel indexes a 16 x 16 tile injectively; the twins collide only through
// the term the misreading dropped.
#define N 16
#define AT(i, j) s[j + i * N]

__global__ void tile_by_macro(int *out)
{
    __shared__ int s[N * N];
    int tx = threadIdx.x, ty = threadIdx.y;
    AT((tx), (ty)) = tx;
    __syncthreads();
    out[tx * N + ty] = AT((ty), (tx));
}

__global__ void lost_term_racy(int *out)
{
    __shared__ int s[64];
    int tx = threadIdx.x;
    int m = -tx;
    s[(m) + (tx) * 1] = tx; //~ race write-write
    __syncthreads();
    out[tx] = s[0];
}

__global__ void minus_chain_racy(int *out)
{
    __shared__ int s[64];
    int tx = threadIdx.x;
    s[(tx) - (tx) * 2 / 2] = tx; //~ race write-write
}

// The name may be an array: `(s) + (i) * 4` is pointer arithmetic on `s`.
#define ROW(a, i) (a) + (i) * 4

__global__ void rows_by_macro(int *out)
{
    __shared__ int s[4 * 64];
    int tx = threadIdx.x;
    int *p = ROW(s, tx);
    p[0] = tx;
    p[3] = tx;
    __syncthreads();
    out[tx] = s[4 * ((tx + 1) % 64)];
}

__global__ void rows_overlap_racy(int *out)
{
    __shared__ int s[4 * 64];
    int tx = threadIdx.x;
    int *p = ROW(s, tx);
    p[0] = tx; //~ race write-write
    p[4] = tx;
    __syncthreads();
    out[tx] = s[tx];
}

int main()
{
    tile_by_macro<<<1, dim3(N, N)>>>(0);
    lost_term_racy<<<1, 32>>>(0);
    minus_chain_racy<<<1, 32>>>(0);
    rows_by_macro<<<1, 64>>>(0);
    rows_overlap_racy<<<1, 64>>>(0);
    return 0;
}

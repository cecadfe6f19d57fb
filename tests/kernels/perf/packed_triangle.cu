// expect-verdict(packed_lower): race-free
// expect-verdict(packed_lower_both_halves_racy): racy
// expect-verdict(packed_lower_past_diagonal_racy): racy
// expect-verdict(packed_strict): race-free
// expect-verdict(packed_strict_diagonal_racy): racy
// A symmetric matrix stored as its packed lower triangle: block (i, j) with
// j <= i owns element i * (i + 1) / 2 + j. Equal packed indices have equal
// rows and columns (the packed-triangle lemma: T(i) + j lies in
// [T(i), T(i + 1))); without it the solver needed about 2.3M work units on
// the first kernel. The twins break a premise: both halves of the matrix
// (blocks (3, 5) and (5, 3) meet after the swap), a column one past the
// diagonal (T(i) + i + 1 = T(i + 1) + 0), the strict triangle with the
// diagonal (T(i - 1) + i = T(i) + 0).
#define BS 8

__device__ int packed_index(int i, int j)
{
    if (i < j) {
        int t = i;
        i = j;
        j = t;
    }
    return i * (i + 1) / 2 + j;
}

__global__ void packed_lower(int n, double *out)
{
    __shared__ double part[BS * BS];
    int i = blockIdx.x;
    int j = blockIdx.y;
    if (i >= n || j > i) {
        return;
    }
    int ij = packed_index(i, j);
    part[threadIdx.x * BS + threadIdx.y] = 1.0;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        out[ij] = 0.0;
        for (int t = 0; t < BS * BS; t++) {
            out[ij] += part[t];
        }
    }
}

__global__ void packed_lower_both_halves_racy(int n, double *out)
{
    int i = blockIdx.x;
    int j = blockIdx.y;
    if (i >= n || j >= n) {
        return;
    }
    if (threadIdx.x == 0) {
        out[packed_index(i, j)] = i; //~ race write-write
    }
}

__global__ void packed_lower_past_diagonal_racy(int n, double *out)
{
    int i = blockIdx.x;
    int j = blockIdx.y;
    if (i >= n || j > i + 1) {
        return;
    }
    if (threadIdx.x == 0) {
        out[i * (i + 1) / 2 + j] = j; //~ race write-write
    }
}

__global__ void packed_strict(int n, double *out)
{
    int i = blockIdx.x;
    int j = blockIdx.y;
    if (i >= n || j >= i) {
        return;
    }
    if (threadIdx.x == 0) {
        out[(i - 1) * i / 2 + j] = j;
    }
}

__global__ void packed_strict_diagonal_racy(int n, double *out)
{
    int i = blockIdx.x;
    int j = blockIdx.y;
    if (i >= n || j > i) {
        return;
    }
    if (threadIdx.x == 0) {
        out[i * (i - 1) / 2 + j] = j; //~ race write-write
    }
}

void run(int n, double *out)
{
    dim3 grid(n, n);
    packed_lower<<<grid, dim3(BS, BS)>>>(n, out);
    packed_lower_both_halves_racy<<<grid, 32>>>(n, out);
    packed_lower_past_diagonal_racy<<<grid, 32>>>(n, out);
    packed_strict<<<grid, 32>>>(n, out);
    packed_strict_diagonal_racy<<<grid, 32>>>(n, out);
}

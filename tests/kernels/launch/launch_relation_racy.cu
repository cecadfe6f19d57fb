// expect-verdict: racy
// As launch_relation.cu, but no launch ties the size the kernel relies on to
// what it passes: `nx` is halved after the grid is computed; the grid comes
// from `mx` while `nx` is passed; the grid is rounded up (`(n + 63) / 64`)
// with no guard on x; a template launch's grid is computed for half its
// block; `cols` changes in the loop after the launch, and the block was
// computed before the loop; and the kernel that writes `a[i + 1]` races
// whatever its grid; a pitch one short of the row (`pitch = ny - 1`)
// overlaps the rows.

__global__ void rel_halved(const float *in, float *out, int nx, int ny) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (y < ny)
        out[y * nx + x] = in[y * nx + x] * 0.5f; //~ race write-write
}

__global__ void rel_other_variable(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] += 1.f; //~ race read-write, race write-write
}

__global__ void rel_rounded_up(float *a, int n) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = x; //~ race write-write
}

__global__ void rel_written_in_loop(float *m, int cols) {
    int r = blockIdx.x;
    m[r * cols + threadIdx.x] *= 2.f; //~ race read-write, race write-write
}

__global__ void rel_next(float *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i + 1] = a[i] + 1.f; //~ race read-write
}

__global__ void rel_pitch_short(float *a, int nx, int pitch) {
    int x = blockIdx.x * 64 + threadIdx.x;
    int y = blockIdx.y;
    if (x < nx)
        a[y * pitch + x] = x; //~ race write-write
}

template <int BS>
__global__ void rel_template_half(float *a, int n) {
    int x = blockIdx.x * BS + threadIdx.x;
    int y = blockIdx.y;
    a[y * n + x] = x; //~ race write-write
}

// The grid is computed with another block size than the one launched.
template <int BS>
void run_tiles(float *a, int n) {
    rel_template_half<BS><<<dim3(n / (BS / 2), 4), BS>>>(a, n);
}

void run(const float *in, float *out, int nx, int ny, int mx, int rows) {
    dim3 grid(nx / 64, (ny + 3) / 4);
    dim3 block(64, 4);
    nx = nx / 2;
    rel_halved<<<grid, block>>>(in, out, nx, ny);
    int blocks = mx / 64;
    rel_other_variable<<<dim3(blocks, 8), 64>>>(out, nx);
    rel_rounded_up<<<dim3((ny + 63) / 64, 8), 64>>>(out, ny);
    int cols = ny;
    dim3 row(cols);
    for (int r = 0; r < 4; r++) {
        rel_written_in_loop<<<rows, row>>>(out, cols);
        cols = cols + 32;
    }
    rel_next<<<ny / 64, 64>>>(out, ny);
    run_tiles<64>(out, nx);
    const int pitch = ny - 1;
    rel_pitch_short<<<dim3((ny + 63) / 64, 8), 64>>>(out, ny, pitch);
}

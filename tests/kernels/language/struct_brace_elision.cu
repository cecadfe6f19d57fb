// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Brace elision (C11 6.7.9p20): r.start = {0, 64, 128, 192}, r.width = 64;
// each thread writes its own element of each of the four rows. Designated
// members (`.width = 64`) and a nested struct filled without braces give
// the same values.

struct Rows {
    int start[4];
    int width;
};

struct Pair {
    Rows rows;
    int pad;
};

__global__ void elided_rows(float *out) {
    Rows r = {0, 64, 128, 192, 64};
    Rows d = {.start = {0, 64, 128, 192}, .width = 64};
    Pair p = {0, 64, 128, 192, 64, 7};
    for (int i = 0; i < 4; i++) {
        out[r.start[i] + threadIdx.x % r.width] = (float)threadIdx.x;
        out[256 + d.start[i] + threadIdx.x % d.width] = (float)threadIdx.x;
        out[512 + p.rows.start[i] + threadIdx.x % p.rows.width] = (float)(threadIdx.x + p.pad);
    }
}

// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Brace elision (C11 6.7.9p20): the array member takes the first four items
// and `width` the fifth, 32; threads t and t + 32 write the same element.
// (Taking the items one per member made width 64, the second item.)

struct Rows {
    int start[4];
    int width;
};

__global__ void elided_rows_racy(float *out) {
    Rows r = {0, 64, 128, 192, 32};
    for (int i = 0; i < 4; i++) {
        out[r.start[i] + threadIdx.x % r.width] = (float)threadIdx.x; //~ race write-write
    }
}

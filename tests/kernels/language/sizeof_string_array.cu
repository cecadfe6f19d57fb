// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The twin of sizeof_string_array_racy.cu testing one past the end: sizeof
// gives 9 ("abcdefgh" with an escape counted once: "abcdefg\n") and 10 ints,
// so i never reaches 9 nor j 10.

struct Ten {
    int v[10];
};

__global__ void sizeof_string(int *out) {
    char s[] = "abcdefg\n";
    char b[] = {"abcd" "efgh"};
    Ten t;
    for (int i = 0; i < sizeof(s); i++) {
        if (i == 9) {
            out[0] = threadIdx.x;
        }
    }
    for (int i = 0; i < sizeof(b); i++) {
        if (i == 9) {
            out[2] = threadIdx.x;
        }
    }
    for (int j = 0; j < sizeof(t.v) / sizeof(int); j++) {
        if (j == 10) {
            out[1] = threadIdx.x;
        }
    }
    out[3 + threadIdx.x] = (int)sizeof(t);
}

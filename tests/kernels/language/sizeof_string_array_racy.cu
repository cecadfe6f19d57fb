// expect-verdict: racy
//--blockDim=64 --gridDim=1
// sizeof of an array sized by its string initializer counts the characters
// and the null: 9 for "abcdefgh" (also braced), so i reaches 8 and every
// thread writes out[0]; sizeof of an array member is the whole member (10
// ints), so j reaches 9 and every thread writes out[1].

struct Ten {
    int v[10];
};

__global__ void sizeof_string_racy(int *out) {
    char s[] = "abcdefgh";
    char b[] = {"abcdefgh"};
    Ten t;
    for (int i = 0; i < sizeof(s); i++) {
        if (i == 8) {
            out[0] = threadIdx.x; //~ race write-write
        }
    }
    for (int i = 0; i < sizeof(b); i++) {
        if (i == 8) {
            out[2] = threadIdx.x; //~ race write-write
        }
    }
    for (int j = 0; j < sizeof(t.v) / sizeof(int); j++) {
        if (j == 9) {
            out[1] = threadIdx.x; //~ race write-write
        }
    }
}

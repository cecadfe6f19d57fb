// The program: its macros reach the kernel files through chain_wrap.h.
#define M 256
#define N 128
#include "chain_wrap.h"
int main() {
    float *d;
    cudaMalloc(&d, 4096);
    run_chain_fold(d);
    run_chain_fold_racy(d);
    return 0;
}

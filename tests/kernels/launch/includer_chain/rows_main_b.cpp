// A program including sub/rows_launch.h with 512 threads.
#define WG 512
#include "sub/rows_launch.h"

int main() {
    float *d;
    cudaMalloc(&d, 512 * sizeof(float));
    run_rows(d);
    return 0;
}

// The program of angle_ok.cu: 256 threads.
#include <angle_ok_util.h>
#include "angle_ok.cu"

int main() {
    float *d;
    cudaMalloc(&d, 256 * sizeof(float));
    rows_ok<<<1, 256>>>(d);
    return 0;
}

// A program including angle_launch.h with 512 threads.
#define WG 512
#include <angle_launch.h>

int main() {
    float *d;
    cudaMalloc(&d, 512 * sizeof(float));
    run_angle(d);
    return 0;
}

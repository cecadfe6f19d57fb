// A program compiling mains_run.cpp with 512 threads.
#define WG 512
#include "mains_run.cpp"

int main() {
    float *d;
    cudaMalloc(&d, 512 * sizeof(float));
    run_mains(d);
    return 0;
}

// A program compiling mains_run.cpp with 64 threads.
#define WG 64
#include "mains_run.cpp"

int main() {
    float *d;
    cudaMalloc(&d, 512 * sizeof(float));
    run_mains(d);
    return 0;
}

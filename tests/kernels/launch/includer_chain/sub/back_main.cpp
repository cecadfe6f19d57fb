// A program compiling ../back_run.cpp with 512 threads.
#define WG 512
#include "../back_run.cpp"

int main() {
    float *d;
    cudaMalloc(&d, 512 * sizeof(float));
    run_back(d);
    return 0;
}

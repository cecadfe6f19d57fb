// A program compiling ../back_ok_run.cpp with 128 threads.
#define WG 128
#include "../back_ok_run.cpp"

int main() {
    float *d;
    cudaMalloc(&d, 128 * sizeof(float));
    run_back_ok(d);
    return 0;
}

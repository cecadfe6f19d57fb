// A program in a sibling folder: compiles ../cousin_run.cpp with WG 512.
#define WG 512
#include "../cousin_run.cpp"
int main() {
    float *d;
    cudaMalloc(&d, 4096);
    run_cousin(d);
    run_cousin_racy(d);
    return 0;
}

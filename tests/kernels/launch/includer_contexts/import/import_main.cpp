// A program reading its kernel files with `#import` (GCC, and so nvcc's
// host pass, accepts the deprecated directive).
#define WG_IM 128
#define WG_IMR 256
#import "import_scale.cu"
#import "import_scale_racy.cu"
int main() {
    float *d;
    cudaMalloc(&d, 4096);
    run_import_scale(d);
    run_import_scale_racy(d);
    return 0;
}

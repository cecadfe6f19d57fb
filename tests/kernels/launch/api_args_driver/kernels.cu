// expect-verdict(shift_left): race-free
// Launched by host.cpp through the driver API (cuModuleGetFunction by a literal name, cuLaunchKernel).
extern "C" __global__ void shift_left(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        out[i] = in[i + 1];
    }
}

// Hillis-Steele inclusive scan with a double buffer (one barrier per step).
__global__ void scan_double_buffer(int *g_odata, int *g_idata) {
    __shared__ int temp[128];
    int thid = threadIdx.x;
    int n = blockDim.x;
    int pout = 0;
    int pin = 1;
    int v = 0;
    if (thid > 0) v = g_idata[thid - 1];
    temp[pout * n + thid] = v;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (thid >= offset) {
            temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
        } else {
            temp[pout * n + thid] = temp[pin * n + thid];
        }
        __syncthreads();
    }
    g_odata[thid] = temp[pout * n + thid];
}

// Hillis-Steele scan in place: read, barrier, add, barrier per step.
__global__ void scan_single_buffer(int *g_odata, int *g_idata, int n) {
    __shared__ int temp[64];
    int thid = threadIdx.x;
    temp[thid] = g_idata[thid];
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        int t = 0;
        if (thid >= offset) {
            t = temp[thid - offset];
        }
        __syncthreads();
        if (thid >= offset) {
            temp[thid] += t;
        }
        __syncthreads();
    }
    g_odata[thid] = temp[thid];
}

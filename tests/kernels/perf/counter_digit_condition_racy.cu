// expect-verdict: racy
//--blockDim=[8,8,1] --gridDim=[4,4,1]
// Review findings on the counter digits of counter_digit_layout.cu: a
// counter the loop condition assigns is not `init, init + c, ...` (the
// condition decrements it, reads it from memory, or steps it back in a
// comma expression), and a single definition copying the counter's earlier
// value is not bounded by the loop's facts about its later values.

__global__ void decremented_in_condition(float *out, int m, int w) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (t >= w) return;
    for (int k = 0; --k < m; k += 3) {
        out[k + m * (t + w * r)] = (float)t; //~ race write-write
    }
}

__global__ void read_in_condition(float *out, const int *ks, int m, int w) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (t >= w) return;
    int i = 0;
    int k;
    for (k = 0; (k = ks[i]) < m; k += 1) {
        out[k + m * (t + w * r)] = (float)t; //~ race write-write
        i++;
    }
}

__global__ void stepped_back_in_condition(float *out, int m, int w) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (t >= w) return;
    for (int k = 0; k = k - 3, k < m; k += 1) {
        out[k + m * (t + w * r)] = (float)t; //~ race write-write
        if (k < -6) break;
    }
}

__global__ void copy_of_earlier_value(float *out, const int *ks, int m, int w) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (t >= w) return;
    int k = ks[t + w * r];
    int q = k;
    for (k = 0; k < m; k += 1) {
        out[q + m * (t + w * r)] = (float)t; //~ race write-write
    }
}

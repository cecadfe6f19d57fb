// expect-verdict: race-free
//--local_size=128 --num_groups=8

__kernel void saxpy(int n, float a, __global const float *x, __global float *y) {
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
        y[i] = a * x[i] + y[i];
    }
}

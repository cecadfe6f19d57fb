#!/bin/bash
# usage: mk.sh NAME  (reads main body from stdin; writes NAME.cu with shift kernel)
name=$1
{
cat <<'H'
#include <cuda_runtime.h>
#include <utility>
#include <cstring>
#include <tuple>
// Kernel: racy iff in and out are one buffer.
__global__ void shift(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) {
        out[i] = in[i + 1];
    }
}
H
cat
} > $name.cu

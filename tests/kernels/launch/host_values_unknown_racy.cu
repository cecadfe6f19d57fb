// expect-verdict: racy
// expect-verdict(known_width): race-free
// Host values the scanner must not take as known. Each kernel writes
// s[t] and s[t + w] before a barrier: with w = 64 and 64 threads the two
// writes never meet; any other w (here: the value the program really passes,
// 32, or a symbolic one) makes two threads write the same element. Each
// launch below passes a width the program changes or shadows in a way a
// token scanner can miss; the checker must leave it unknown.
#include <utility>

__global__ void by_alias(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void by_reference(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void by_swap(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void parenthesized(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void by_lambda(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void member(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void default_arg(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void template_param(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void structured(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void enumerator(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void decltyped(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void switch_jump(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void unsigned_math(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void narrow_cast(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1; //~ race write-write
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
__global__ void known_width(int *out, int w) {
    __shared__ int s[512];
    s[threadIdx.x] = 1;
    s[threadIdx.x + w] = 2;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

void halve(int &x) { x /= 2; }
const int W = 64;
int threads = 64;

struct Runner {
    int width = 64;
    int *d;
    Runner(int w) : width(w) {}
    void run() { member<<<1, 64>>>(d, width); }
};

void run_default(int *d, int width = 64) { default_arg<<<1, 64>>>(d, width); }

template <int W> void run_template(int *d) { template_param<<<1, 64>>>(d, W); }

int main(int argc, char **argv) {
    int *d;
    {
        int width = 64;
        int &alias = width;
        alias = 32;
        by_alias<<<1, 64>>>(d, width);
    }
    {
        int width = 64;
        halve(width);
        by_reference<<<1, 64>>>(d, width);
    }
    {
        int width = 64, other = 32;
        std::swap(width, other);
        by_swap<<<1, 64>>>(d, width);
    }
    {
        int width = 64;
        (width) = 32;
        parenthesized<<<1, 64>>>(d, width);
    }
    {
        int width;
        auto shrink = [&] { width /= 2; };
        width = 64;
        shrink();
        by_lambda<<<1, 64>>>(d, width);
    }
    Runner r(32);
    r.run();
    run_default(d, 32);
    run_template<32>(d);
    {
        auto [W, H] = std::make_pair(32, 1);
        structured<<<1, 64>>>(d, W);
    }
    {
        enum { W = 32 };
        enumerator<<<1, 64>>>(d, W);
    }
    {
        decltype(W + 0) W = 32;
        decltyped<<<1, 64>>>(d, W);
    }
    {
        int width = 32;
        switch (argc) {
        case 1: {
            width = 64;
        case 2:
            switch_jump<<<1, 64>>>(d, width);
        }
        }
    }
    {
        unsigned n = 16;
        int w = (n - 48u) / 2 > 100 ? 32 : 64;
        unsigned_math<<<1, 64>>>(d, w);
    }
    narrow_cast<<<1, 64>>>(d, static_cast<signed char>(224) + 96);
    {
        const int width = 64;
        known_width<<<1, 64>>>(d, width);
    }
    return 0;
}

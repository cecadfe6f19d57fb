// The program: its parameters and the kernel's tile size are defined here,
// before the kernel file is included (the kernel file is not compiled alone).
#define TILE 64

struct Params {
    int n;
    int stride;
};

#include "tile_kernel.cu"

int main() {
    return 0;
}

// One program including the kernel file after a header with a tile of 64.
#include "tile_64.h"
#include "two_program_tile_racy.cu"

int main() {
    return 0;
}

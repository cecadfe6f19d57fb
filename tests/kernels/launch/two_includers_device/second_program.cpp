// Another program including the same kernel file after a tile of 32.
#include "tile_32.h"
#include "two_program_tile_racy.cu"

int main() {
    return 0;
}

// One program including the kernel file after a header with a block of 64.
#include "bins_64.h"
#include "two_program_bins_racy.cu"

int main() {
    return 0;
}

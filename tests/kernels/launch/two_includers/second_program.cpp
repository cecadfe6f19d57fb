// Another program including the same kernel file after a block of 128.
#include "bins_128.h"
#include "two_program_bins_racy.cu"

int main() {
    return 0;
}

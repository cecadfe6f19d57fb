// The program: the kernel file is compiled as part of this translation unit,
// after the header that defines its launch's block size.
#include "bins.h"
#include "merge_bins.cu"

int main() {
    return 0;
}

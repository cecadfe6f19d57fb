// The program's entry: the sizes of every pass.
#include <cstdlib>
#include "halves.h"

void keep(void (*f)(float *, unsigned int));

int main(int argc, char **argv) {
    float *d = nullptr;
    const unsigned int n = 128;
    sort_pass(d, n);
    // Two passes with other sizes: the half is 128 in one, 64 in the other.
    sort_pass_disagree(d, n);
    sort_pass_disagree(d, n / 2);
    // A call with the constant, and the wrapper's address taken: it may be
    // called through the pointer with any size.
    halves_entry_pointer(d, 256);
    keep(halves_entry_pointer);
    // Its other call is in paste.cpp.
    halves_entry_pasted(d, 256);
    // A size read at run time.
    halves_entry_unknown(d, (unsigned int)atoi(argv[argc - 1]));
    return 0;
}

// The program: includes the kernel file and instantiates its template with another type.
#include "template_kernel_racy.cu"

void run_char(int *o) { included_template<char><<<1, 64>>>(o); }

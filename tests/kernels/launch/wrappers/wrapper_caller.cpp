// Another unit of the program: calls the wrapper of wrapper_constant_racy.cu
// with a length beyond the columns.
struct Columns;
void launch_columns_elsewhere(Columns *d, const unsigned int n);

void run_long(Columns *d) { launch_columns_elsewhere(d, 3000); }

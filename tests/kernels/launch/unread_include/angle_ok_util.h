// A header reached through an angle include; it names no kernel.
static int rows_ok_total = 0;

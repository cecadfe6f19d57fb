#define WG 128
#include "alone_scan_racy.cpp"
int main()
{
    scan_racy(0);
    return 0;
}

#define WG 128
#include "alone_scan.cpp"
int main()
{
    scan(0);
    return 0;
}

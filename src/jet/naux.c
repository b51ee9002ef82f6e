/* naux.c -- nhref_jet_pow_si_naux: the number of auxiliary series the power kernel
 * (jet/pow_si.h) needs for an exponent, the same for every number type. */
#include "nhref_jet.h"

unsigned nhref_jet_pow_si_naux(long n)
{
    unsigned long m, pop = 0;
    unsigned top = 0;

    if (n < 3)
        return 0;
    for (m = (unsigned long)n; m != 0; m >>= 1)
        pop += m & 1;
    for (m = (unsigned long)n; m >>= 1;)
        top++;
    return top + (unsigned)pop - 2;
}

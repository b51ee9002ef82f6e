/* version.c -- the library's version and those of the libraries it runs on. */
#include "config.h"

#include <gmp.h>
#include <mpfr.h>

#include "nhref.h"

const char *nhref_version(void)
{
    return PACKAGE_VERSION;
}

const char *nhref_mpfr_version(void)
{
    return mpfr_get_version();
}

const char *nhref_gmp_version(void)
{
    return gmp_version;
}

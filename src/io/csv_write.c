/* csv_write.c -- pieces of the trajectory CSV format (see nhref_io.h). */
#include "nhref_io.h"

#include <stdarg.h>

void nhref_csv_meta(FILE *out, const char *key, const char *fmt, ...)
{
    va_list ap;
    fprintf(out, "# %s: ", key);
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
}

void nhref_csv_value(FILE *out, mpfr_srcptr x, int digits)
{
    if (mpfr_nan_p(x))
        fputs("nan", out);
    else if (mpfr_inf_p(x))
        fputs(mpfr_sgn(x) > 0 ? "inf" : "-inf", out);
    else
        mpfr_fprintf(out, "%.*Re", digits > 1 ? digits - 1 : 0, x);
}

/* fuzz_decimal.c -- libFuzzer harness of the decimal parser, nhref_decimal_set,
 * through which every user value enters (parameters, initial states, times,
 * tape constants, case files, CSV cells).  The first byte picks the precision;
 * the rest is the string.  Invariants: an accepted value is what mpfr_strtofr
 * gives, finite and below the bound; a refusal is explained. */
#include <string.h>

#include "fuzz.h"
#include "nhref_io.h"

static const mpfr_prec_t precs[] = {16, 53, 64, 65, 128, 333, 1000, 4096};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mpfr_prec_t prec = precs[size ? data[0] % (sizeof precs / sizeof precs[0]) : 0];
    char *s = fuzz_string(size ? data + 1 : data, size ? size - 1 : 0), *end, why[400];
    mpfr_t x, r;
    int status;

    mpfr_inits2(prec, x, r, (mpfr_ptr)0);
    mpfr_set_ui(x, 12345, MPFR_RNDN);
    status = nhref_decimal_set(x, s);
    mpfr_strtofr(r, s, &end, 10, MPFR_RNDN);
    if (status == NHREF_OK) {
        if (!mpfr_number_p(x) || !mpfr_equal_p(x, r) || *end != '\0')
            fuzz_fail("'%.80s' accepted as a value mpfr_strtofr does not give", s);
        if (!mpfr_zero_p(x) && mpfr_get_exp(x) > nhref_decimal_max_exp(prec))
            fuzz_fail("'%.80s' accepted above the bound at %ld bits", s, (long)prec);
    } else if (status == NHREF_EPARSE || status == NHREF_ERANGE) {
        if (mpfr_cmp_ui(x, 12345) != 0)
            fuzz_fail("'%.80s' refused but X was changed", s);
        if (status == NHREF_ERANGE && *end != '\0')
            fuzz_fail("'%.80s' out of range though not a whole number", s);
        nhref_decimal_why(why, sizeof why, s, prec, status);
        if (why[0] != '\'' || strlen(why) >= sizeof why - 1)
            fuzz_fail("no reason for '%.80s': '%s'", s, why);
    } else {
        fuzz_fail("status %d for '%.80s'", status, s);
    }
    mpfr_clears(x, r, (mpfr_ptr)0);
    free(s);
    return 0;
}

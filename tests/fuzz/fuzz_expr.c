/* fuzz_expr.c -- libFuzzer harness of the expression parser, nhref_tape_parse
 * (the --stop-when / --event expressions), with the names of the Chaplygin
 * sleigh.  A parsed tape is also evaluated in double and, at 64 bits, in MPFR,
 * and what the printers write of it must parse; a refused one must say where
 * ("column N: ..."). */
#include <string.h>

#include "fuzz.h"
#include "nhref_tape.h"

static const char *const state[] = {"x", "y", "phi", "v", "omega"};
static const char *const param[] = {"m", "J", "a"};

static void evaluate(const nhref_tape_t *tape)
{
    double xd[5] = {0.25, -1, 3, 0.5, -2}, pd[3] = {2, 30, 1}, gd, td = 0.5;
    nhref_tape_d_t *wd;
    nhref_tape_mp_t *wm;
    mpfr_t t, g, x[5], p[3];
    __mpfr_struct xv[5], pv[3];

    /* a constant beyond the double range (6e1000) is refused in double only */
    int st = nhref_tape_d_new(&wd, tape, 53, 0);
    if (st == NHREF_OK) {
        nhref_tape_d_set_params(wd, pd);
        nhref_tape_d_eval(&gd, wd, &td, xd);
        nhref_tape_d_free(wd);
    } else if (st != NHREF_EDOMAIN) {
        fuzz_fail("nhref_tape_d_new refused a parsed tape (status %d)", st);
    }

    if (nhref_tape_mp_new(&wm, tape, 64, 0) != NHREF_OK)
        fuzz_fail("nhref_tape_mp_new refused a parsed tape");
    mpfr_inits2(64, t, g, (mpfr_ptr)0);
    for (int i = 0; i < 5; i++) {
        mpfr_init2(x[i], 64);
        mpfr_set_d(x[i], xd[i], MPFR_RNDN);
        xv[i] = *x[i];
    }
    for (int i = 0; i < 3; i++) {
        mpfr_init2(p[i], 64);
        mpfr_set_d(p[i], pd[i], MPFR_RNDN);
        pv[i] = *p[i];
    }
    mpfr_set_d(t, 0.5, MPFR_RNDN);
    nhref_tape_mp_set_params(wm, pv);
    nhref_tape_mp_eval(g, wm, t, xv);
    nhref_tape_mp_free(wm);
    for (int i = 0; i < 5; i++)
        mpfr_clear(x[i]);
    for (int i = 0; i < 3; i++)
        mpfr_clear(p[i]);
    mpfr_clears(t, g, (mpfr_ptr)0);
}

/* what the printers write (nhref_tape_format, _simplified) is read back by the parser:
 * the grammar's own syntax (a real power with an integer exponent as x^2.0, negative
 * exponents in parentheses) */
static void reread(const nhref_tape_t *tape, const char *e)
{
    char buf[4096], err[512];
    for (int simplified = 0; simplified < 2; simplified++) {
        nhref_tape_t *back = NULL;
        int st = simplified ? nhref_tape_format_simplified(buf, sizeof buf, tape,
                                                           nhref_tape_output(tape, 0), state, param)
                            : nhref_tape_format(buf, sizeof buf, tape, nhref_tape_output(tape, 0),
                                                state, param);
        if (st != 0)
            continue; /* too long to write out */
        st = nhref_tape_parse(&back, buf, 5, state, 3, param, err, sizeof err);
        if (st != NHREF_OK && st != NHREF_ENOMEM)
            fuzz_fail("'%.80s' printed%s as '%.200s', which does not parse: %s", e,
                      simplified ? " (simplified)" : "", buf, err);
        nhref_tape_free(back);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *e = fuzz_string(data, size), err[512];
    nhref_tape_t *tape = NULL;
    int status = nhref_tape_parse(&tape, e, 5, state, 3, param, err, sizeof err);

    if (status == NHREF_OK) {
        if (tape == NULL || nhref_tape_status(tape) != NHREF_OK || nhref_tape_nout(tape) != 1)
            fuzz_fail("parsed '%.80s' into a bad tape", e);
        if (getenv("NHREF_FUZZ_NO_EVAL") == NULL)
            evaluate(tape);
        reread(tape, e);
        nhref_tape_free(tape);
    } else if (status == NHREF_EPARSE) {
        if (tape != NULL || strncmp(err, "column ", 7) != 0)
            fuzz_fail("refused '%.80s' without a column: '%s'", e, err);
    } else if (status != NHREF_ENOMEM) {
        fuzz_fail("status %d for '%.80s'", status, e);
    }
    free(e);
    return 0;
}

/* sleigh.c -- the Chaplygin sleigh's public case PUB-1 (docs/models/chaplygin-sleigh.md)
 * integrated to T = 10 at 40 digits through the installed library; prints x(10).
 * Build: cc sleigh.c $(pkg-config --cflags --libs nhref)   (tests/install.sh does) */
#include <stdio.h>
#include <nhref.h>

int main(void)
{
    nhref_system_t *sys;
    nhref_integrator_t *ig;
    nhref_options_t opt;
    mpfr_t x[5], t, T;
    const char *x0[5] = {"0", "0", "0", "0", "1"};
    mpfr_prec_t p;

    if (nhref_system_new(&sys, nhref_model_find("chaplygin_sleigh")) != NHREF_OK ||
        nhref_system_set_param(sys, "J", "30") != NHREF_OK) /* decimal strings (30: PUB-1) */
        return 1;
    nhref_options_default(&opt);
    opt.digits = 40;
    if (nhref_integrator_new(&ig, sys, &opt) != NHREF_OK)
        return 1;
    p = nhref_integrator_prec(ig);
    for (int i = 0; i < 5; i++) {
        mpfr_init2(x[i], p);
        mpfr_set_str(x[i], x0[i], 10, MPFR_RNDN);
    }
    mpfr_inits2(p, t, T, (mpfr_ptr)0);
    mpfr_set_ui(t, 0, MPFR_RNDN);
    mpfr_set_ui(T, 10, MPFR_RNDN);
    if (nhref_integrate_until(ig, x[0], t, T, NULL) != NHREF_OK)
        return 1;
    mpfr_printf("%.30Re\n", x[0]);
    for (int i = 0; i < 5; i++)
        mpfr_clear(x[i]);
    mpfr_clears(t, T, (mpfr_ptr)0);
    nhref_integrator_free(ig);
    nhref_system_free(sys);
    return 0;
}

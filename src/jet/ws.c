/* ws.c -- the kernels' scratch: nhref_jet_ws_init and nhref_jet_ws_clear.
 *
 * Two temporaries at the working precision: acc accumulates the sums of a
 * recurrence, tmp holds one product.  The kernels never allocate.
 */
#include "nhref_jet.h"

void nhref_jet_ws_init(nhref_jet_ws_t *ws, mpfr_prec_t prec)
{
    mpfr_init2(ws->acc, prec);
    mpfr_init2(ws->tmp, prec);
}

void nhref_jet_ws_clear(nhref_jet_ws_t *ws)
{
    mpfr_clear(ws->acc);
    mpfr_clear(ws->tmp);
}

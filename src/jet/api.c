/* api.c -- the public jet kernels of one number type (compiled once per type, with
 * NHREF_NUM set): nhref_jet_OP (MPFR), nhref_jet_OP_d, nhref_jet_OP_arb are thin
 * wrappers of the kernels of jet/<op>.h, and the scratch workspace of the type. */
#include "jet/jet.h"

/* nhref_jet_ws_init, nhref_jet_ws_init_d, nhref_jet_ws_init_arb */
void NUM_FN(nhref_jet_ws_init)(jet_ws_t *ws, long prec)
{
#ifdef NUM_FIXED_PREC
    prec = NUM_FIXED_PREC;
#endif
    num_init(ws->acc, prec);
    num_init(ws->tmp, prec);
    ws->prec = prec;
}

/* nhref_jet_ws_clear, nhref_jet_ws_clear_d, nhref_jet_ws_clear_arb */
void NUM_FN(nhref_jet_ws_clear)(jet_ws_t *ws)
{
    num_clear(ws->acc);
    num_clear(ws->tmp);
}

/* nhref_jet_const, nhref_jet_const_d, nhref_jet_const_arb */
int NUM_JET_FN(const)(num_ptr w, const char *decimal, unsigned k, jet_ws_t *ws)
{
    return jet_const(w, decimal, k, ws);
}

/* nhref_jet_add, nhref_jet_add_d, nhref_jet_add_arb */
int NUM_JET_FN(add)(num_ptr w, num_srcptr u, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    return jet_add(w, u, v, k, ws);
}

/* nhref_jet_sub, nhref_jet_sub_d, nhref_jet_sub_arb */
int NUM_JET_FN(sub)(num_ptr w, num_srcptr u, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    return jet_sub(w, u, v, k, ws);
}

/* nhref_jet_neg, nhref_jet_neg_d, nhref_jet_neg_arb */
int NUM_JET_FN(neg)(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_neg(w, u, k, ws);
}

/* nhref_jet_mul, nhref_jet_mul_d, nhref_jet_mul_arb */
int NUM_JET_FN(mul)(num_ptr w, num_srcptr u, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    return jet_mul(w, u, v, k, ws);
}

/* nhref_jet_mul_scalar, nhref_jet_mul_scalar_d, nhref_jet_mul_scalar_arb */
int NUM_JET_FN(mul_scalar)(num_ptr w, num_srcptr c, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    return jet_mul_scalar(w, c, v, k, ws);
}

/* nhref_jet_sqr, nhref_jet_sqr_d, nhref_jet_sqr_arb */
int NUM_JET_FN(sqr)(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_sqr(w, u, k, ws);
}

/* nhref_jet_div, nhref_jet_div_d, nhref_jet_div_arb */
int NUM_JET_FN(div)(num_ptr w, num_srcptr u, num_srcptr v, unsigned k, jet_ws_t *ws)
{
    return jet_div(w, u, v, k, ws);
}

/* nhref_jet_div_scalar, nhref_jet_div_scalar_d, nhref_jet_div_scalar_arb */
int NUM_JET_FN(div_scalar)(num_ptr w, num_srcptr u, num_srcptr c, unsigned k, jet_ws_t *ws)
{
    return jet_div_scalar(w, u, c, k, ws);
}

/* nhref_jet_sqrt, nhref_jet_sqrt_d, nhref_jet_sqrt_arb */
int NUM_JET_FN(sqrt)(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_sqrt(w, u, k, ws);
}

/* nhref_jet_sincos, nhref_jet_sincos_d, nhref_jet_sincos_arb */
int NUM_JET_FN(sincos)(num_ptr s, num_ptr c, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_sincos(s, c, NULL, u, k, ws);
}

/* nhref_jet_exp, nhref_jet_exp_d, nhref_jet_exp_arb */
int NUM_JET_FN(exp)(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_exp(w, u, k, ws);
}

/* nhref_jet_log, nhref_jet_log_d, nhref_jet_log_arb */
int NUM_JET_FN(log)(num_ptr w, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_log(w, u, k, ws);
}

/* nhref_jet_atan, nhref_jet_atan_d, nhref_jet_atan_arb */
int NUM_JET_FN(atan)(num_ptr w, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_atan(w, d, u, k, ws);
}

/* nhref_jet_atanh, nhref_jet_atanh_d, nhref_jet_atanh_arb */
int NUM_JET_FN(atanh)(num_ptr w, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_atanh(w, d, u, k, ws);
}

/* nhref_jet_asin, nhref_jet_asin_d, nhref_jet_asin_arb */
int NUM_JET_FN(asin)(num_ptr w, num_ptr q, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_asin(w, q, d, u, k, ws);
}

/* nhref_jet_acos, nhref_jet_acos_d, nhref_jet_acos_arb */
int NUM_JET_FN(acos)(num_ptr w, num_ptr q, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_acos(w, q, d, u, k, ws);
}

/* nhref_jet_sinhcosh, nhref_jet_sinhcosh_d, nhref_jet_sinhcosh_arb */
int NUM_JET_FN(sinhcosh)(num_ptr s, num_ptr c, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_sinhcosh(s, c, u, k, ws);
}

/* nhref_jet_pow, nhref_jet_pow_d, nhref_jet_pow_arb */
int NUM_JET_FN(pow)(num_ptr w, num_ptr l, num_ptr g, num_srcptr u, num_srcptr v, unsigned k,
                    jet_ws_t *ws)
{
    return jet_pow(w, l, g, u, v, k, ws);
}

/* nhref_jet_pow_scalar, nhref_jet_pow_scalar_d, nhref_jet_pow_scalar_arb */
int NUM_JET_FN(pow_scalar)(num_ptr w, num_srcptr u, num_srcptr c, unsigned k, jet_ws_t *ws)
{
    return jet_pow_scalar(w, u, c, k, ws);
}

/* nhref_jet_tanh, nhref_jet_tanh_d, nhref_jet_tanh_arb */
int NUM_JET_FN(tanh)(num_ptr w, num_ptr d, num_srcptr u, unsigned k, jet_ws_t *ws)
{
    return jet_tanh(w, d, u, k, ws);
}

/* nhref_jet_pow_si, nhref_jet_pow_si_d, nhref_jet_pow_si_arb */
int NUM_JET_FN(pow_si)(num_ptr w, num_ptr *aux, num_srcptr u, long n, unsigned k, jet_ws_t *ws)
{
    return jet_pow_si(w, aux, u, n, k, ws);
}

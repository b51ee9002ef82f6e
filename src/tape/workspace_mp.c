/* workspace_mp.c -- allocation of the MPFR interpreter workspace: every series
 * and temporary is initialised here, once, so that evaluation never allocates. */
#include "tape_internal.h"

#include <stdlib.h>

int nhref_tape_mp_new(nhref_tape_mp_t **wsp, const nhref_tape_t *tape, mpfr_prec_t prec,
                      unsigned order)
{
    nhref_tape_mp_t *ws;
    size_t nn = tape->nnodes, k;
    int status;

    *wsp = NULL;
    if (nhref_tape_status(tape) != NHREF_OK)
        return NHREF_ETAPE;
    if (prec < MPFR_PREC_MIN || prec > MPFR_PREC_MAX)
        return NHREF_EINVAL;
    ws = calloc(1, sizeof *ws);
    if (ws == NULL)
        return NHREF_ENOMEM;
    ws->tape = tape;
    ws->prec = prec;
    ws->order = order;
    ws->len = (size_t)order + 1;
    ws->aux_first = malloc((nn ? nn : 1) * sizeof *ws->aux_first);
    for (size_t i = 0; i < nn && ws->aux_first != NULL; i++) {
        ws->aux_first[i] = ws->naux;
        ws->naux += nhref_tape_node_naux(&tape->node[i]);
    }
    ws->coef = malloc((nn ? nn : 1) * ws->len * sizeof *ws->coef);
    ws->aux = malloc((ws->naux ? ws->naux : 1) * ws->len * sizeof *ws->aux);
    ws->auxp = malloc((ws->naux ? ws->naux : 1) * sizeof *ws->auxp);
    ws->param = malloc((tape->nparam ? tape->nparam : 1) * sizeof *ws->param);
    if (ws->aux_first == NULL || ws->coef == NULL || ws->aux == NULL || ws->auxp == NULL ||
        ws->param == NULL) {
        free(ws->aux_first);
        free(ws->coef);
        free(ws->aux);
        free(ws->auxp);
        free(ws->param);
        free(ws);
        return NHREF_ENOMEM;
    }
    for (k = 0; k < nn * ws->len; k++) {
        mpfr_init2(ws->coef + k, prec);
        mpfr_set_zero(ws->coef + k, 1);
    }
    for (k = 0; k < ws->naux * ws->len; k++) {
        mpfr_init2(ws->aux + k, prec);
        mpfr_set_zero(ws->aux + k, 1);
    }
    for (k = 0; k < ws->naux; k++)
        ws->auxp[k] = ws->aux + k * ws->len;
    for (k = 0; k < tape->nparam; k++) {
        mpfr_init2(ws->param + k, prec);
        mpfr_set_nan(ws->param + k);
    }
    nhref_jet_ws_init(&ws->jws, prec);
    *wsp = ws;

    /* constants at this precision; the time series is t + h */
    status = NHREF_OK;
    for (size_t i = 0; i < nn; i++) {
        const nhref_tape_node_t *nd = &tape->node[i];
        if (nd->op == NHREF_OP_CONST &&
            nhref_jet_const(nhref_tape_mp_node(ws, (nhref_node_t)i), nd->str, 0, MPFR_RNDN) !=
                NHREF_OK)
            status = NHREF_EPARSE;
        if (nd->op == NHREF_OP_TIME && order >= 1)
            mpfr_set_ui(nhref_tape_mp_node(ws, (nhref_node_t)i) + 1, 1, MPFR_RNDN);
    }
    if (status != NHREF_OK) {
        nhref_tape_mp_free(ws);
        *wsp = NULL;
    }
    return status;
}

void nhref_tape_mp_free(nhref_tape_mp_t *ws)
{
    size_t k;

    if (ws == NULL)
        return;
    for (k = 0; k < ws->tape->nnodes * ws->len; k++)
        mpfr_clear(ws->coef + k);
    for (k = 0; k < ws->naux * ws->len; k++)
        mpfr_clear(ws->aux + k);
    for (k = 0; k < ws->tape->nparam; k++)
        mpfr_clear(ws->param + k);
    nhref_jet_ws_clear(&ws->jws);
    free(ws->coef);
    free(ws->aux);
    free(ws->auxp);
    free(ws->aux_first);
    free(ws->param);
    free(ws);
}

mpfr_prec_t nhref_tape_mp_prec(const nhref_tape_mp_t *ws)
{
    return ws->prec;
}

unsigned nhref_tape_mp_order(const nhref_tape_mp_t *ws)
{
    return ws->order;
}

mpfr_srcptr nhref_tape_mp_state_series(const nhref_tape_mp_t *ws, size_t i)
{
    return nhref_tape_mp_node(ws, ws->tape->state[i]);
}

/* tails_arb.c -- Taylor-model tails of a tape's jet in Arb (tape/tails_arb.h; the rules
 * are listed there and proved in proofs/rigorous_taylor.md §2).  Compiled with the
 * other sources of every number type; only the Arb instance has content (it reads the
 * interpreter's workspace, tape/interp_core.h). */
#include "tape/interp_core.h"

#if NHREF_NUM == NHREF_NUM_ARB
#include "tape/tails_arb.h"

#define TPREC 64 /* the precision of the ranges and bounds [bits] */
#define SOLVE_PIECES 8 /* a solve's range matrices: over this many pieces of the step */

struct nhref_tails_arb {
    size_t nnodes, len; /* len: the workspace's order + 1 */
    mag_ptr bar;        /* nnodes x len: |v_k| h^k */
    mag_ptr suf;        /* nnodes x (len + 1): suffix sums of bar, suf[len] = 0 */
    mag_ptr R;          /* nnodes: the tails */
    mag_ptr xbar, xsuf; /* 3 x len, 3 x (len + 1): the auxiliary series' (and scratch) */
    mag_ptr hp;         /* len: h^k */
    mag_t m1, m2, m3, m4, m5;
    arb_t r1, r2, r3;
    /* the solves: per group, the range matrix and right-hand side (dim^2 + dim balls),
     * the pointers to them, and the preconditioned solve's workspace */
    size_t nsolve;
    nhref_solve_arb_t **sv;
    arb_ptr *sr;
    arb_srcptr **sp;
    size_t *sd;  /* the groups' dimensions */
    mag_ptr srho; /* the largest dimension: a solve's row bounds rho */
    size_t dmax;
    unsigned char *need; /* nnodes: 1 where a rule reads the node's bars (need_bars) */
};

void nhref_tails_arb_free(nhref_tails_arb_t *tw)
{
    if (tw == NULL)
        return;
    _mag_vec_clear(tw->bar, (slong)(tw->nnodes * tw->len));
    _mag_vec_clear(tw->suf, (slong)(tw->nnodes * (tw->len + 1)));
    _mag_vec_clear(tw->R, (slong)tw->nnodes);
    _mag_vec_clear(tw->xbar, (slong)(3 * tw->len));
    _mag_vec_clear(tw->xsuf, (slong)(3 * (tw->len + 1)));
    _mag_vec_clear(tw->hp, (slong)tw->len);
    mag_clear(tw->m1);
    mag_clear(tw->m2);
    mag_clear(tw->m3);
    mag_clear(tw->m4);
    mag_clear(tw->m5);
    arb_clear(tw->r1);
    arb_clear(tw->r2);
    arb_clear(tw->r3);
    for (size_t g = 0; g < tw->nsolve; g++) {
        for (unsigned q = 0; tw->sv != NULL && q < SOLVE_PIECES; q++)
            nhref_solve_arb_free(tw->sv[g * SOLVE_PIECES + q]);
        if (tw->sr != NULL && tw->sr[g] != NULL)
            _arb_vec_clear(tw->sr[g], (slong)(tw->sd[g] * tw->sd[g] + tw->sd[g]));
        if (tw->sp != NULL)
            free(tw->sp[g]);
    }
    free(tw->sv);
    free(tw->sr);
    free(tw->sp);
    free(tw->sd);
    free(tw->need);
    if (tw->srho != NULL)
        _mag_vec_clear(tw->srho, (slong)tw->dmax);
    free(tw);
}

/* mark the node of S (a series of the workspace; constants and NULL are not nodes) */
static void need_node(nhref_tails_arb_t *tw, const tape_ws_t *ws, num_srcptr s)
{
    if (s != NULL && s >= ws->coef && (size_t)(s - ws->coef) < tw->nnodes * ws->len)
        tw->need[(size_t)(s - ws->coef) / ws->len] = 1;
}

/* tw->need: the nodes whose bars and suffix sums a rule reads (tail_instr): the
 * operands and results of every operation but the linear ones, whose tails are linear
 * in their arguments' (on the skater's tape the bars of every node were a tenth of a
 * validated step) */
static void need_bars(nhref_tails_arb_t *tw, const tape_ws_t *ws)
{
    for (const instr_t *p = ws->prog; p < ws->prog + ws->nprog; p++) {
        switch (p->op) {
        case DOP_PARAM:
        case NHREF_OP_ADD:
        case NHREF_OP_SUB:
        case NHREF_OP_NEG:
        case DOP_MULC:
        case DOP_DIVC:
            break;
        case NHREF_OP_SOLVE: {
            const solve_ws_t *sv = p->sv;
            for (size_t i = 0; i < sv->dim * sv->dim; i++)
                need_node(tw, ws, sv->m[i]);
            for (size_t i = 0; i < sv->dim; i++) {
                need_node(tw, ws, sv->y + i * ws->len);
                need_node(tw, ws, sv->b[i]);
            }
            break;
        }
        default:
            need_node(tw, ws, p->w);
            need_node(tw, ws, p->w2);
            need_node(tw, ws, p->a);
            need_node(tw, ws, p->b);
            break;
        }
    }
}

int nhref_tails_arb_new(nhref_tails_arb_t **twp, const nhref_tape_arb_t *ws)
{
    nhref_tails_arb_t *tw = calloc(1, sizeof *tw);
    *twp = NULL;
    if (tw == NULL)
        return NHREF_ENOMEM;
    tw->nnodes = ws->tape->nnodes;
    tw->len = ws->len;
    tw->bar = _mag_vec_init((slong)(tw->nnodes * tw->len));
    tw->suf = _mag_vec_init((slong)(tw->nnodes * (tw->len + 1)));
    tw->R = _mag_vec_init((slong)tw->nnodes);
    tw->xbar = _mag_vec_init((slong)(3 * tw->len));
    tw->xsuf = _mag_vec_init((slong)(3 * (tw->len + 1)));
    tw->hp = _mag_vec_init((slong)tw->len);
    tw->need = calloc(tw->nnodes > 0 ? tw->nnodes : 1, 1);
    if (tw->need == NULL) {
        nhref_tails_arb_free(tw);
        return NHREF_ENOMEM;
    }
    mag_init(tw->m1);
    mag_init(tw->m2);
    mag_init(tw->m3);
    mag_init(tw->m4);
    mag_init(tw->m5);
    arb_init(tw->r1);
    arb_init(tw->r2);
    arb_init(tw->r3);
    tw->nsolve = ws->nsolve;
    if (tw->nsolve > 0) {
        tw->sv = calloc(tw->nsolve * SOLVE_PIECES, sizeof *tw->sv);
        tw->sr = calloc(tw->nsolve, sizeof *tw->sr);
        tw->sp = calloc(tw->nsolve, sizeof *tw->sp);
        tw->sd = calloc(tw->nsolve, sizeof *tw->sd);
        if (tw->sv == NULL || tw->sr == NULL || tw->sp == NULL || tw->sd == NULL) {
            tw->nsolve = 0;
            nhref_tails_arb_free(tw);
            return NHREF_ENOMEM;
        }
        for (size_t g = 0; g < tw->nsolve; g++) {
            size_t d = ws->solve[g].dim;
            tw->sd[g] = d;
            if (d > tw->dmax)
                tw->dmax = d;
            /* a group that takes another's preconditioner (solve_ws_t.lead) takes its
             * pieces' too: their range matrices are the same */
            for (unsigned q = 0; ws->solve[g].lead == NULL && q < SOLVE_PIECES; q++)
                if ((tw->sv[g * SOLVE_PIECES + q] = nhref_solve_arb_new(d)) == NULL) {
                    nhref_tails_arb_free(tw);
                    return NHREF_ENOMEM;
                }
            tw->sr[g] = _arb_vec_init((slong)(d * d + d));
            tw->sp[g] = malloc(d * d * sizeof(arb_srcptr));
            if (tw->sp[g] == NULL) {
                nhref_tails_arb_free(tw);
                return NHREF_ENOMEM;
            }
            for (size_t i = 0; i < d * d; i++)
                tw->sp[g][i] = tw->sr[g] + i;
        }
    }
    if (tw->dmax > 0)
        tw->srho = _mag_vec_init((slong)tw->dmax);
    need_bars(tw, ws);
    *twp = tw;
    return NHREF_OK;
}

/* ------------------------------------------------------------------ polynomial bounds */
/* BAR_k = |S_k| h^k (k <= N), SUF_k = sum_{j=k..N} BAR_j, SUF_{N+1} = 0 */
static void bars(nhref_tails_arb_t *tw, mag_ptr bar, mag_ptr suf, arb_srcptr s, unsigned N)
{
    for (unsigned k = 0; k <= N; k++) {
        arb_get_mag(bar + k, s + k);
        mag_mul(bar + k, bar + k, tw->hp + k);
    }
    mag_zero(suf + N + 1);
    for (unsigned k = N + 1; k-- > 0;)
        mag_add(suf + k, suf + k + 1, bar + k);
}

/* Z = HP(a, b) = sum_{i+j>N} A_i B_j (ABAR: a's bars, BSUF: b's suffix sums) */
static void hp(mag_t z, mag_srcptr abar, mag_srcptr bsuf, unsigned N)
{
    mag_zero(z);
    for (unsigned i = 1; i <= N; i++)
        mag_addmul(z, abar + i, bsuf + N + 1 - i);
}

/* X = sum_{k<=N} S_k T^k by Horner's rule on balls (T a ball) */
static void horner_ball(arb_ptr x, arb_srcptr s, unsigned N, const arb_t T)
{
    arb_set_round(x, s + N, TPREC);
    for (unsigned k = N; k-- > 0;) {
        arb_mul(x, x, T, TPREC);
        arb_add(x, x, s + k, TPREC);
    }
}

/* tw->r3 = [s, s + 1] h / SOLVE_PIECES for s = PIECE (h: the step's upper bound; the pieces
 * overlap and cover [0, h]) */
static void piece_ball(nhref_tails_arb_t *tw, unsigned piece, unsigned N)
{
    arb_ptr T = tw->r3;
    arf_t u;
    (void)N;
    arf_init(u);
    arf_set_mag(u, tw->hp + 1); /* h itself, exactly (an upper bound of the step) */
    arb_set_ui(T, 2 * piece + 1);
    mag_one(tw->m5);
    arb_add_error_mag(T, tw->m5);
    arb_mul_arf(T, T, u, TPREC);
    arb_div_ui(T, T, 2 * SOLVE_PIECES, TPREC);
    arb_nonnegative_part(T, T);
    arf_clear(u);
}

/* ------------------------------------------------------------------ the workspace's nodes */
static size_t node_of(const tape_ws_t *ws, num_srcptr s)
{
    NHREF_ASSERT(s >= ws->coef && (size_t)(s - ws->coef) < ws->tape->nnodes * ws->len);
    return (size_t)(s - ws->coef) / ws->len;
}

#define BAR(i) (tw->bar + (i) * tw->len)
#define SUF(i) (tw->suf + (i) * (tw->len + 1))
#define OSC(i) (SUF(i) + 1) /* S: the oscillation over [0, h] */
#define SUP(i) (SUF(i))     /* M: the sup over [0, h] */

/* X = rng u: u_0 +- (S_u + R_u) (a ball holding the node's values over the step) */
static void range_of(nhref_tails_arb_t *tw, arb_ptr x, const tape_ws_t *ws, size_t u)
{
    arb_set_round(x, ws->coef + u * ws->len, TPREC);
    mag_add(tw->m5, OSC(u), tw->R + u);
    arb_add_error_mag(x, tw->m5);
}

/* Z = inf |X| (0 where X holds 0) */
static void inf_abs(mag_t z, const arb_t x)
{
    arb_get_mag_lower(z, x);
}

/* Z = X / Y rounded up, infinite where Y is 0 */
static void div_up(mag_t z, const mag_t x, const mag_t y)
{
    if (mag_is_zero(y))
        mag_inf(z);
    else
        mag_div(z, x, y);
}

/* the tail of W = A^n (n >= 2) where A's range may hold 0: the part of degree > N of
 * the majorant series (sum_k |a_k| tau^k)^n over [0, h], by R_m = HP(a, a^(m-1)) + M_a
 * R_(m-1) with the truncated powers' bars (convolutions of the bars: O(n N^2)) */
static void pow_majorant(nhref_tails_arb_t *tw, mag_t z, size_t a, long n, unsigned N)
{
    mag_ptr p = tw->xbar, q = tw->xbar + tw->len, ps = tw->xsuf;
    for (unsigned k = 0; k <= N; k++)
        mag_set(p + k, BAR(a) + k);
    mag_zero(z);
    for (long m = 2; m <= n; m++) {
        /* suffix sums of p (the truncated power a^(m-1)) */
        mag_zero(ps + N + 1);
        for (unsigned k = N + 1; k-- > 0;)
            mag_add(ps + k, ps + k + 1, p + k);
        /* z = HP(a, p) + M_a z */
        mag_mul(z, z, SUP(a));
        hp(tw->m4, BAR(a), ps, N);
        mag_add(z, z, tw->m4);
        /* q = trunc(a p) */
        for (unsigned k = 0; k <= N; k++) {
            mag_zero(q + k);
            for (unsigned i = 0; i <= k; i++)
                mag_addmul(q + k, BAR(a) + i, p + k - i);
        }
        for (unsigned k = 0; k <= N; k++)
            mag_set(p + k, q + k);
    }
}

/* the tail of W = A^e by Miller's rule, e = |exponent| bounded by E (a mag), M = inf|A|
 * (> 0): e^{E S_a / M} (E + 1) HP(a, w) / M, into Z */
static void pow_miller(nhref_tails_arb_t *tw, mag_t z, size_t a, size_t w, const mag_t e,
                       const mag_t m, unsigned N)
{
    hp(z, BAR(a), SUF(w), N);
    mag_one(tw->m4);
    mag_add(tw->m4, tw->m4, e);
    mag_mul(z, z, tw->m4);
    div_up(z, z, m);
    mag_mul(tw->m4, e, OSC(a));
    div_up(tw->m4, tw->m4, m);
    mag_exp(tw->m4, tw->m4);
    mag_mul(z, z, tw->m4);
}

/* ------------------------------------------------------------------ the rules */
static int tail_instr(nhref_tails_arb_t *tw, tape_ws_t *ws, const instr_t *p, unsigned N)
{
    mag_ptr R = tw->R;
    size_t w = node_of(ws, p->w);
    size_t a = p->a != NULL ? node_of(ws, p->a) : 0;
    size_t b = p->b != NULL ? node_of(ws, p->b) : 0;
    mag_ptr t1 = tw->m1, t2 = tw->m2, t3 = tw->m3;
    arb_ptr x = tw->r1, y = tw->r2;

    switch (p->op) {
    case DOP_PARAM:
        mag_zero(R + w);
        return NHREF_OK;
    case NHREF_OP_ADD:
    case NHREF_OP_SUB:
        mag_add(R + w, R + a, R + b);
        return NHREF_OK;
    case NHREF_OP_NEG:
        mag_set(R + w, R + a);
        return NHREF_OK;
    case DOP_MULC: /* the constant is a */
        arb_get_mag(t1, p->a);
        mag_mul(R + w, t1, R + b);
        return NHREF_OK;
    case DOP_DIVC: /* the constant is b */
        arb_get_mag_lower(t1, p->b);
        div_up(R + w, R + a, t1);
        return NHREF_OK;
    case NHREF_OP_MUL:
    case NHREF_OP_SQR:
        if (p->op == NHREF_OP_SQR)
            b = a;
        hp(t1, BAR(a), SUF(b), N);
        mag_addmul(t1, SUP(a), R + b);
        mag_addmul(t1, SUP(b), R + a);
        mag_addmul(t1, R + a, R + b);
        mag_swap(R + w, t1);
        return NHREF_OK;
    case NHREF_OP_DIV:
        /* w - W = (a - W b) / b, a - W b = -high(W B) + (a - A) - W (b - B) */
        hp(t1, BAR(w), SUF(b), N);
        mag_add(t1, t1, R + a);
        mag_addmul(t1, SUP(w), R + b);
        range_of(tw, x, ws, b);
        inf_abs(t2, x);
        div_up(R + w, t1, t2);
        return NHREF_OK;
    case NHREF_OP_SQRT:
        /* w - W = (a - W^2) / (w + W), a - W^2 = -high(W^2) + (a - A) */
        hp(t1, BAR(w), SUF(w), N);
        mag_add(t1, t1, R + a);
        range_of(tw, x, ws, a);
        if (!arb_is_positive(x))
            return NHREF_EDOMAIN;
        arb_sqrt(x, x, TPREC);
        inf_abs(t2, x);
        /* inf W: w_0 - S_w, where positive */
        arb_set_round(y, p->w, TPREC);
        arb_add_error_mag(y, OSC(w));
        if (!arb_is_positive(y))
            return NHREF_EDOMAIN;
        inf_abs(t3, y);
        mag_add_lower(t2, t2, t3);
        div_up(R + w, t1, t2);
        return NHREF_OK;
    case NHREF_OP_EXP:
        /* D = e^{S_a} HP(a, w); R = D + (M_w + D) expm1(R_a) */
        hp(t1, BAR(a), SUF(w), N);
        mag_exp(t2, OSC(a));
        mag_mul(t1, t1, t2);
        mag_add(t2, SUP(w), t1);
        mag_expm1(t3, R + a);
        mag_mul(t2, t2, t3);
        mag_add(R + w, t1, t2);
        return NHREF_OK;
    case NHREF_OP_LOG:
        hp(t1, BAR(w), SUF(a), N);
        mag_add(t1, t1, R + a);
        range_of(tw, x, ws, a);
        if (!arb_is_positive(x))
            return NHREF_EDOMAIN;
        inf_abs(t2, x);
        div_up(R + w, t1, t2);
        return NHREF_OK;
    case NHREF_OP_ATAN:
    case NHREF_OP_ATANH: {
        /* q = 1 +- A^2 truncated (the auxiliary series): W' Q = A' + high, and Q =
         * q + (+-high(A^2)) */
        mag_ptr qb = tw->xbar, qs = tw->xsuf;
        bars(tw, qb, qs, p->aux[0], N);
        hp(t1, BAR(w), qs, N);
        hp(t2, BAR(a), SUF(a), N);
        mag_addmul(t1, OSC(w), t2);
        if (p->op == NHREF_OP_ATAN) {
            mag_add(R + w, t1, R + a); /* inf(1 + A^2) >= 1, |atan'| <= 1 */
            return NHREF_OK;
        }
        /* atanh: divide by inf(1 - rng^2) over A's range (R = 0) and a's */
        arb_set_round(x, p->a, TPREC);
        arb_add_error_mag(x, OSC(a));
        arb_sqr(x, x, TPREC);
        arb_sub_ui(x, x, 1, TPREC);
        arb_neg(x, x);
        if (!arb_is_positive(x))
            return NHREF_EDOMAIN;
        inf_abs(t2, x);
        div_up(t1, t1, t2);
        range_of(tw, x, ws, a);
        arb_sqr(x, x, TPREC);
        arb_sub_ui(x, x, 1, TPREC);
        arb_neg(x, x);
        if (!arb_is_positive(x))
            return NHREF_EDOMAIN;
        inf_abs(t2, x);
        div_up(t2, R + a, t2);
        mag_add(R + w, t1, t2);
        return NHREF_OK;
    }
    case NHREF_OP_ASIN:
    case NHREF_OP_ACOS: {
        /* s = sqrt(1 - A^2), S its truncation (aux[1]); |s - S| <= T = (HP(a, a) +
         * HP(S, S)) / inf(s + S); then (HP(w, S) + S_w T) / inf s + R_a / inf s(rng a) */
        mag_ptr sb = tw->xbar, ss = tw->xsuf;
        bars(tw, sb, ss, p->aux[1], N);
        arb_set_round(x, p->a, TPREC);
        arb_add_error_mag(x, OSC(a));
        arb_sqr(x, x, TPREC);
        arb_sub_ui(x, x, 1, TPREC);
        arb_neg(x, x);
        if (!arb_is_positive(x))
            return NHREF_EDOMAIN;
        arb_sqrt(x, x, TPREC);
        inf_abs(t2, x); /* inf s */
        arb_set_round(y, p->aux[1], TPREC);
        arb_add_error_mag(y, ss + 1);
        if (!arb_is_positive(y))
            return NHREF_EDOMAIN;
        inf_abs(t3, y); /* inf S */
        mag_add_lower(t3, t3, t2);
        hp(t1, BAR(a), SUF(a), N);
        hp(tw->m4, sb, ss, N);
        mag_add(t1, t1, tw->m4);
        div_up(t1, t1, t3); /* T */
        mag_mul(t1, t1, OSC(w));
        hp(tw->m4, BAR(w), ss, N);
        mag_add(t1, t1, tw->m4);
        div_up(t1, t1, t2);
        range_of(tw, x, ws, a);
        arb_sqr(x, x, TPREC);
        arb_sub_ui(x, x, 1, TPREC);
        arb_neg(x, x);
        if (!arb_is_positive(x))
            return NHREF_EDOMAIN;
        arb_sqrt(x, x, TPREC);
        inf_abs(t2, x);
        div_up(t2, R + a, t2);
        mag_add(R + w, t1, t2);
        return NHREF_OK;
    }
    case NHREF_OP_TANH: {
        /* z = 1 - W^2 truncated (aux[0]): e^{(1 + M_w) S_a} (S_a HP(w, w) + HP(a, z)) + R_a */
        mag_ptr zb = tw->xbar, zs = tw->xsuf;
        bars(tw, zb, zs, p->aux[0], N);
        hp(t1, BAR(w), SUF(w), N);
        mag_mul(t1, t1, OSC(a));
        hp(t2, BAR(a), zs, N);
        mag_add(t1, t1, t2);
        mag_one(t2);
        mag_add(t2, t2, SUP(w));
        mag_mul(t2, t2, OSC(a));
        mag_exp(t2, t2);
        mag_mul(t1, t1, t2);
        mag_add(R + w, t1, R + a);
        return NHREF_OK;
    }
    case NHREF_OP_SIN:
    case NHREF_OP_SINH: {
        size_t c = node_of(ws, p->w2);
        hp(t1, BAR(a), SUF(c), N);
        hp(t2, BAR(a), SUF(w), N);
        mag_add(t1, t1, t2);
        if (p->op == NHREF_OP_SIN) {
            mag_add(R + w, t1, R + a);
        } else {
            mag_exp(t2, OSC(a));
            mag_mul(t1, t1, t2);
            range_of(tw, x, ws, a);
            arb_get_mag(t2, x);
            mag_exp(t2, t2); /* cosh, |sinh| <= e^{|x|} */
            mag_mul(t2, t2, R + a);
            mag_add(R + w, t1, t2);
        }
        mag_set(R + c, R + w);
        return NHREF_OK;
    }
    case NHREF_OP_POWI:
    case DOP_POWC: {
        /* the exponent's bound E, the base's polynomial range A */
        int isint = p->op == NHREF_OP_POWI;
        long n = p->n;
        if (isint && n == 0) {
            mag_zero(R + w);
            return NHREF_OK;
        }
        if (isint && n == 1) {
            mag_set(R + w, R + a);
            return NHREF_OK;
        }
        if (isint)
            mag_set_ui(t3, (ulong)labs(n));
        else
            arb_get_mag(t3, p->b);
        arb_set_round(x, p->a, TPREC);
        arb_add_error_mag(x, OSC(a));
        if (!isint && !arb_is_positive(x))
            return NHREF_EDOMAIN;
        inf_abs(t2, x);
        if (!mag_is_zero(t2))
            pow_miller(tw, t1, a, w, t3, t2, N);
        else if (isint && n >= 2)
            pow_majorant(tw, t1, a, n, N);
        else
            return NHREF_EDOMAIN;
        /* + E sup |rng a|^(e - 1) R_a */
        if (!mag_is_zero(R + a)) {
            range_of(tw, x, ws, a);
            if (isint) {
                if (n - 1 >= 0) {
                    arb_get_mag(t2, x);
                    mag_pow_ui(t2, t2, (ulong)(n - 1));
                } else {
                    arb_get_mag_lower(t2, x);
                    if (mag_is_zero(t2))
                        return NHREF_EDOMAIN;
                    mag_pow_ui_lower(t2, t2, (ulong)(1 - n));
                    mag_one(tw->m4);
                    div_up(t2, tw->m4, t2);
                }
            } else {
                if (!arb_is_positive(x))
                    return NHREF_EDOMAIN;
                arb_sub_ui(y, p->b, 1, TPREC);
                arb_pow(x, x, y, TPREC);
                arb_get_mag(t2, x);
            }
            mag_mul(t2, t2, t3);
            mag_mul(t2, t2, R + a);
            mag_add(t1, t1, t2);
        }
        mag_swap(R + w, t1);
        return NHREF_OK;
    }
    case NHREF_OP_POW: {
        /* w = exp(g), g = v l, l = log u (aux[0], aux[1]); u = a, v = b */
        mag_ptr lb = tw->xbar, ls = tw->xsuf;
        mag_ptr gb = tw->xbar + tw->len, gs = tw->xsuf + tw->len + 1;
        bars(tw, lb, ls, p->aux[0], N);
        bars(tw, gb, gs, p->aux[1], N);
        /* R_l = (HP(l, u) + R_u) / inf rng u */
        hp(t1, lb, SUF(a), N);
        mag_add(t1, t1, R + a);
        range_of(tw, x, ws, a);
        if (!arb_is_positive(x))
            return NHREF_EDOMAIN;
        inf_abs(t2, x);
        div_up(t1, t1, t2); /* R_l */
        /* R_g = HP(v, l) + M_v R_l + M_l R_v + R_v R_l */
        hp(t2, BAR(b), ls, N);
        mag_addmul(t2, SUP(b), t1);
        mag_addmul(t2, ls, R + b);
        mag_addmul(t2, R + b, t1);
        /* R_w = D + (M_w + D) expm1(R_g), D = e^{S_g} HP(g, w) */
        hp(t1, gb, SUF(w), N);
        mag_exp(t3, gs + 1);
        mag_mul(t1, t1, t3);
        mag_add(t3, SUP(w), t1);
        mag_expm1(t2, t2);
        mag_mul(t3, t3, t2);
        mag_add(R + w, t1, t3);
        return NHREF_OK;
    }
    case NHREF_OP_SOLVE: {
        solve_ws_t *sv = p->sv;
        size_t d = sv->dim, g = p->sv - ws->solve;
        arb_ptr mr = tw->sr[g], rho = tw->sr[g] + d * d;
        /* rho_i = sum_j (HP(m_ij, y_j) + R_m_ij M_y_j) + R_b_i over the whole step */
        for (size_t j = 0; j < d; j++)
            mag_zero(R + node_of(ws, sv->y + j * ws->len));
        for (size_t i = 0; i < d; i++) {
            mag_zero(tw->srho + i);
            for (size_t j = 0; j < d; j++) {
                size_t m = node_of(ws, sv->m[i * d + j]), yj = node_of(ws, sv->y + j * ws->len);
                hp(t2, BAR(m), SUF(yj), N);
                mag_add(tw->srho + i, tw->srho + i, t2);
                mag_addmul(tw->srho + i, R + m, SUP(yj));
            }
            mag_add(tw->srho + i, tw->srho + i, R + node_of(ws, sv->b[i]));
        }
        /* on each piece of the step, the enclosure of M^-1 (0 +- rho) over the range
         * matrix there (a range over the whole step may hold a singular matrix where the
         * pieces' do not) */
        for (unsigned piece = 0; piece < SOLVE_PIECES; piece++) {
            nhref_solve_arb_t *pc;
            if (sv->lead != NULL) {
                /* the lead group's matrix nodes: its range matrix and preconditioner on
                 * this piece, computed by its rule (earlier in the program) */
                pc = tw->sv[(size_t)(sv->lead - ws->solve) * SOLVE_PIECES + piece];
            } else {
                pc = tw->sv[g * SOLVE_PIECES + piece];
                piece_ball(tw, piece, N);
                for (size_t i = 0; i < d; i++)
                    for (size_t j = 0; j < d; j++) {
                        size_t m = node_of(ws, sv->m[i * d + j]);
                        horner_ball(mr + i * d + j, ws->coef + m * ws->len, N, tw->r3);
                        arb_add_error_mag(mr + i * d + j, R + m);
                    }
                if (nhref_solve_arb_precond(pc, tw->sp[g], TPREC) != NHREF_OK)
                    return NHREF_EDOMAIN;
            }
            for (size_t i = 0; i < d; i++) {
                arb_zero(rho + i);
                arb_add_error_mag(rho + i, tw->srho + i);
            }
            if (nhref_solve_arb_apply(rho, pc, rho, TPREC) != NHREF_OK)
                return NHREF_EDOMAIN;
            for (size_t j = 0; j < d; j++) {
                mag_ptr ry = R + node_of(ws, sv->y + j * ws->len);
                arb_get_mag(t1, rho + j);
                if (mag_cmp(t1, ry) > 0)
                    mag_swap(ry, t1);
            }
        }
        return NHREF_OK;
    }
    default:
        return NHREF_ETAPE;
    }
}

int nhref_tails_arb_eval(nhref_tails_arb_t *tw, nhref_tape_arb_t *ws, unsigned N, const mag_t h,
                         mag_srcptr rin, mag_ptr rout, mag_ptr top)
{
    const nhref_tape_t *tape = ws->tape;
    const instr_t *end = ws->prog + ws->nprog;

    if (N < 1 || N > ws->order || tw->len != ws->len || tw->nnodes != tape->nnodes)
        return NHREF_EINVAL;
    /* order N of every node (the states hold theirs) */
    for (const instr_t *p = ws->prog; p < end; p++) {
        int status = jet_op(ws, p->op, p->w, p->w2, p->du, p->a, p->b, p->aux, p->n, p->sv, N);
        if (status != NHREF_OK)
            return status;
    }
    mag_one(tw->hp);
    for (unsigned k = 1; k <= N; k++)
        mag_mul(tw->hp + k, tw->hp + k - 1, h);
    /* the bars of every node that holds its own series; no tail but the states' */
    for (size_t i = 0; i < tape->nnodes; i++) {
        mag_zero(tw->R + i);
        if ((size_t)ws->rep[i] == i && tw->need[i])
            bars(tw, BAR(i), SUF(i), ws->coef + i * ws->len, N);
    }
    for (size_t i = 0; i < tape->nstate; i++) {
        size_t s = node_of(ws, ws->xs[i]);
        if (rin != NULL)
            mag_set(tw->R + s, rin + i);
    }
    for (const instr_t *p = ws->prog; p < end; p++) {
        int status = tail_instr(tw, ws, p, N);
        if (status != NHREF_OK)
            return status;
    }
    for (size_t i = 0; i < tape->nstate; i++) {
        mag_set(rout + i, tw->R + node_of(ws, ws->fs[i]));
        if (top != NULL)
            arb_get_mag(top + i, ws->fs[i] + N);
    }
    return NHREF_OK;
}

#else
/* the other number types have no tails (ISO C wants a declaration) */
typedef int nhref_tails_arb_none;
#endif

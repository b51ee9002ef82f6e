/* affine_rolling.c -- the physics shared by the affine-rolling models (see
 * affine_rolling.h), in the vocabulary of build.h.  Spec: shared/models/affine-rolling.md §1,
 * (1.3), (2.1).
 */
#include <stdio.h>

#include "models/affine_rolling.h"
#include "nhref_status.h"

/* ------------------------------------------------------------------ applicability */
nhref_node_t nhref_aff_gate(nhref_tape_t *tp, nhref_node_t s)
{
    return SQRT(NEG(s));
}

/* ------------------------------------------------------------------ shapes */
void nhref_aff_spheroid_profile(nhref_tape_t *tp, const nhref_aff_shape_t *sh, nhref_node_t g3,
                                nhref_node_t f[4])
{
    /* h = sqrt(a^2 + (c^2 - a^2) g3^2), f1 = -a^2/h, f2 = s - c^2 g3/h,
     * f1' = a^2 (c^2 - a^2) g3 / h^3, f2' = -a^2 c^2 / h^3 */
    nhref_node_t a2 = SQR(sh->p[0]), c2 = SQR(sh->p[1]);
    nhref_node_t e = SUB(c2, a2);
    nhref_node_t h = SQRT(ADD(a2, MUL(e, SQR(g3))));
    nhref_node_t h3 = MUL(h, SQR(h));
    f[0] = NEG(DIV(a2, h));
    f[1] = SUB(sh->p[2], DIV(MUL(c2, g3), h));
    f[2] = DIV(MUL(MUL(a2, e), g3), h3);
    f[3] = NEG(DIV(MUL(a2, c2), h3));
}

/* ellipsoid: h = sqrt(sum a_j^2 gamma_j^2) */
static nhref_node_t ellipsoid_h(nhref_tape_t *tp, const nhref_aff_shape_t *sh, nhref_v3_t g,
                                nhref_v3_t *a2g)
{
    for (int i = 0; i < 3; i++)
        a2g->c[i] = MUL(SQR(sh->p[i]), g.c[i]);
    return SQRT(DOT(*a2g, g));
}

nhref_v3_t nhref_aff_rho(nhref_tape_t *tp, const nhref_aff_shape_t *sh, nhref_v3_t g)
{
    switch (sh->kind) {
    case NHREF_AFF_SPHERE:
        return VSCALE(NEG(sh->p[0]), g);
    case NHREF_AFF_ELLIPSOID: {
        nhref_v3_t a2g, r;
        nhref_node_t h = ellipsoid_h(tp, sh, g, &a2g);
        for (int i = 0; i < 3; i++)
            r.c[i] = SUB(sh->p[3 + i], DIV(a2g.c[i], h));
        return r;
    }
    default: {
        nhref_node_t f[4];
        nhref_aff_spheroid_profile(tp, sh, g.c[2], f);
        return V3(MUL(f[0], g.c[0]), MUL(f[0], g.c[1]), f[1]);
    }
    }
}

nhref_v3_t nhref_aff_rho_dot(nhref_tape_t *tp, const nhref_aff_shape_t *sh, nhref_v3_t g,
                             nhref_v3_t w)
{
    switch (sh->kind) {
    case NHREF_AFF_SPHERE:
        return VSCALE(NEG(sh->p[0]), w);
    case NHREF_AFF_ELLIPSOID: {
        /* rho_i' = -(a_i^2/h) (w_i - gamma_i h'/h),  h' = <a^2 gamma, w>/h */
        nhref_v3_t a2g, r;
        nhref_node_t h = ellipsoid_h(tp, sh, g, &a2g);
        nhref_node_t k = DIV(DOT(a2g, w), SQR(h));
        for (int i = 0; i < 3; i++) {
            nhref_node_t a2h = DIV(SQR(sh->p[i]), h);
            r.c[i] = MUL(a2h, SUB(MUL(g.c[i], k), w.c[i]));
        }
        return r;
    }
    default: {
        /* rho' = (f1 w1 + f1' w3 gamma1, f1 w2 + f1' w3 gamma2, f2' w3) */
        nhref_node_t f[4];
        nhref_aff_spheroid_profile(tp, sh, g.c[2], f);
        nhref_node_t k = MUL(f[2], w.c[2]);
        return V3(ADD(MUL(f[0], w.c[0]), MUL(k, g.c[0])), ADD(MUL(f[0], w.c[1]), MUL(k, g.c[1])),
                  MUL(f[3], w.c[2]));
    }
    }
}

/* ------------------------------------------------------------------ dynamics */
nhref_v3_t nhref_aff_omega(nhref_tape_t *tp, nhref_v3_t M, nhref_v3_t rho, nhref_v3_t q,
                           nhref_node_t m, nhref_v3_t inertia)
{
    nhref_node_t r2 = MUL(m, DOT(rho, rho));
    nhref_v3_t zeta = VSCALE(m, CROSS(rho, q));
    nhref_v3_t N = VADD(M, zeta), a, arho;
    nhref_node_t one = CONST("1"), D, lambda;

    for (int i = 0; i < 3; i++)
        a.c[i] = DIV(one, ADD(inertia.c[i], r2));
    arho = DIAG(a, rho);
    D = SUB(one, MUL(m, DOT(arho, rho)));
    lambda = DIV(MUL(m, DOT(arho, N)), D);
    return VADD(DIAG(a, N), VSCALE(lambda, arho));
}

nhref_v3_t nhref_aff_mdot(nhref_tape_t *tp, nhref_v3_t M, nhref_v3_t omega, nhref_v3_t rho,
                          nhref_v3_t rho_dot, nhref_v3_t gamma, nhref_v3_t q, nhref_node_t m,
                          nhref_node_t g)
{
    nhref_v3_t wr = CROSS(omega, rho);
    nhref_v3_t s = CROSS(M, omega);
    nhref_v3_t t = CROSS(rho_dot, wr);
    nhref_v3_t u = CROSS(q, VADD(rho_dot, wr));
    nhref_v3_t sum = VADD(t, u);
    if (g != ZERO)
        sum = VADD(sum, VSCALE(g, CROSS(rho, gamma)));
    return VADD(s, VSCALE(m, sum));
}

/* ------------------------------------------------------------------ full phase space */
void nhref_aff_full_eval(nhref_tape_t *tp, const nhref_aff_full_params_t *P,
                         nhref_aff_full_state_t *S)
{
    nhref_v3_t e3 = V3(ZERO, ZERO, CONST("1"));
    nhref_node_t x1, x2;

    S->M = STATES3(0);
    S->alpha = STATES3(3);
    S->beta = STATES3(6);
    S->gamma = STATES3(9);
    S->u = STATES3(12);
    S->rho = nhref_aff_rho(tp, &P->shape, S->gamma);
    /* x = u + B rho, B rho = (<alpha,rho>, <beta,rho>, <gamma,rho>) */
    S->x = VADD(S->u, V3(DOT(S->alpha, S->rho), DOT(S->beta, S->rho), DOT(S->gamma, S->rho)));
    x1 = S->x.c[0];
    x2 = S->x.c[1];
    /* V(x) = v + K x + eta e3 x x */
    S->V[0] = ADD(ADD(P->v[0], ADD(MUL(P->k[0], x1), MUL(P->k[1], x2))), NEG(MUL(P->eta, x2)));
    S->V[1] = ADD(ADD(P->v[1], ADD(MUL(P->k[2], x1), MUL(P->k[3], x2))), MUL(P->eta, x1));
    /* W = sigma rho x E3 */
    S->W = VSCALE(P->sigma, CROSS(S->rho, e3));
    /* q = B^T V + W = V1 alpha + V2 beta + W */
    S->q = VADD(VADD(VSCALE(S->V[0], S->alpha), VSCALE(S->V[1], S->beta)), S->W);
    S->omega = nhref_aff_omega(tp, S->M, S->rho, S->q, P->m, P->inertia);
}

void nhref_aff_full_rhs(nhref_tape_t *tp, const nhref_aff_full_params_t *P)
{
    nhref_aff_full_state_t S;
    nhref_v3_t w, rho_dot, c;

    nhref_aff_full_eval(tp, P, &S);
    w = CROSS(S.gamma, S.omega); /* gamma' */
    rho_dot = nhref_aff_rho_dot(tp, &P->shape, S.gamma, w);
    OUT3(0, nhref_aff_mdot(tp, S.M, S.omega, S.rho, rho_dot, S.gamma, S.q, P->m, P->g));
    OUT3(3, CROSS(S.alpha, S.omega));
    OUT3(6, CROSS(S.beta, S.omega));
    OUT3(9, w);
    /* u' = B (rho x Omega + W) + V */
    c = VADD(CROSS(S.rho, S.omega), S.W);
    OUT3(12, V3(ADD(DOT(S.alpha, c), S.V[0]), ADD(DOT(S.beta, c), S.V[1]), DOT(S.gamma, c)));
}

void nhref_aff_full_energies(nhref_tape_t *tp, const nhref_aff_full_params_t *P,
                             const nhref_aff_full_state_t *S, nhref_node_t e[4])
{
    nhref_v3_t e3 = V3(ZERO, ZERO, CONST("1"));
    nhref_v3_t Iw = DIAG(P->inertia, S->omega);
    nhref_v3_t ws = VADD(S->omega, VSCALE(P->sigma, e3)); /* Omega + sigma E3 */
    nhref_v3_t Iws = DIAG(P->inertia, ws);
    nhref_v3_t rw = CROSS(S->rho, S->omega), rws = CROSS(S->rho, ws);
    nhref_v3_t rg = CROSS(S->rho, S->gamma);
    nhref_node_t m = P->m;
    nhref_node_t pot = NEG(MUL(MUL(m, P->g), DOT(S->rho, S->gamma)));
    nhref_node_t kin = MUL(CONST("0.5"), ADD(DOT(Iw, S->omega), MUL(m, DOT(rw, rw))));
    nhref_node_t kins = MUL(CONST("0.5"), MUL(m, DOT(rws, rws)));
    /* 1/2 m eta^2 (|rho|^2 - |u|^2) */
    nhref_node_t cent =
        MUL(CONST("0.5"), MUL(MUL(m, SQR(P->eta)), SUB(DOT(S->rho, S->rho), DOT(S->u, S->u))));
    /* E_rot: - eta <I Omega + m rho x (Omega x rho), gamma> */
    nhref_v3_t mom = VADD(Iw, VSCALE(m, CROSS(S->rho, CROSS(S->omega, S->rho))));
    nhref_node_t rot = NEG(MUL(P->eta, DOT(mom, S->gamma)));

    e[0] = ADD(kin, pot);
    e[1] = ADD(ADD(e[0], rot), cent);
    e[2] = ADD(ADD(MUL(CONST("0.5"), DOT(Iws, ws)), kins), pot);
    /* E_mov = 1/2<I Omega,Omega> + <I Omega, -eta gamma + sigma E3> + 1/2 m |rho x (Omega + sigma E3)|^2
     *         - m eta <rho x (Omega + sigma E3), rho x gamma> + cent + pot */
    e[3] = MUL(CONST("0.5"), DOT(Iw, S->omega));
    e[3] = ADD(e[3], DOT(Iw, VADD(VSCALE(NEG(P->eta), S->gamma), VSCALE(P->sigma, e3))));
    e[3] = ADD(e[3], kins);
    e[3] = SUB(e[3], MUL(MUL(m, P->eta), DOT(rws, rg)));
    e[3] = ADD(ADD(e[3], cent), pot);
}

void nhref_aff_full_invariants(nhref_tape_t *tp, const nhref_aff_full_state_t *S, size_t first,
                               nhref_node_t gate)
{
    nhref_node_t one = CONST("1");
    OUT(first + 0, ADD(DOT(S->M, S->alpha), gate));
    OUT(first + 1, ADD(DOT(S->M, S->beta), gate));
    OUT(first + 2, ADD(DOT(S->M, S->gamma), gate));
    OUT(first + 3, SUB(DOT(S->alpha, S->alpha), one));
    OUT(first + 4, SUB(DOT(S->beta, S->beta), one));
    OUT(first + 5, SUB(DOT(S->gamma, S->gamma), one));
    OUT(first + 6, DOT(S->alpha, S->beta));
    OUT(first + 7, DOT(S->alpha, S->gamma));
    OUT(first + 8, DOT(S->beta, S->gamma));
    OUT(first + 9, S->x.c[2]);
}

/* ------------------------------------------------------------------ checks */
void nhref_aff_init_tol(mpfr_t tol, mpfr_prec_t prec)
{
    mpfr_t b;
    mpfr_init2(b, 64);
    mpfr_set_str(tol, "1e-20", 10, MPFR_RNDN);
    mpfr_set_ui_2exp(b, 1, 16 - (mpfr_exp_t)prec, MPFR_RNDN);
    mpfr_max(tol, tol, b, MPFR_RNDN);
    mpfr_clear(b);
}

static void dot3(mpfr_t d, mpfr_srcptr a, mpfr_srcptr b)
{
    mpfr_t t;
    mpfr_init2(t, mpfr_get_prec(d));
    mpfr_mul(d, a, b, MPFR_RNDN);
    mpfr_mul(t, a + 1, b + 1, MPFR_RNDN);
    mpfr_add(d, d, t, MPFR_RNDN);
    mpfr_mul(t, a + 2, b + 2, MPFR_RNDN);
    mpfr_add(d, d, t, MPFR_RNDN);
    mpfr_clear(t);
}

int nhref_aff_check_dot(mpfr_srcptr a, mpfr_srcptr b, long want, const char *what, char *why,
                        size_t len)
{
    mpfr_prec_t prec = mpfr_get_prec(a) + 32;
    mpfr_t d, tol;
    int bad;

    mpfr_inits2(prec, d, tol, (mpfr_ptr)0);
    nhref_aff_init_tol(tol, mpfr_get_prec(a));
    dot3(d, a, b);
    mpfr_sub_si(d, d, want, MPFR_RNDN);
    bad = !(mpfr_cmpabs(d, tol) <= 0);
    if (bad)
        snprintf(why, len,
                 "initial state: %s = %ld is violated by %.3g (tolerance %.3g; the state must "
                 "lie on the phase manifold)",
                 what, want, mpfr_get_d(d, MPFR_RNDN), mpfr_get_d(tol, MPFR_RNDN));
    mpfr_clears(d, tol, (mpfr_ptr)0);
    return bad ? NHREF_EPARAM : NHREF_OK;
}

int nhref_aff_check_frame(mpfr_srcptr alpha, mpfr_srcptr beta, mpfr_srcptr gamma, char *why,
                          size_t len)
{
    const struct {
        mpfr_srcptr a, b;
        long want;
        const char *what;
    } c[6] = {
        {alpha, alpha, 1, "|alpha|^2"},  {beta, beta, 1, "|beta|^2"},
        {gamma, gamma, 1, "|gamma|^2"},  {alpha, beta, 0, "<alpha,beta>"},
        {alpha, gamma, 0, "<alpha,gamma>"}, {beta, gamma, 0, "<beta,gamma>"},
    };
    int status;
    mpfr_t d;

    for (int i = 0; i < 6; i++)
        if ((status = nhref_aff_check_dot(c[i].a, c[i].b, c[i].want, c[i].what, why, len)) !=
            NHREF_OK)
            return status;
    /* right-handed: det(alpha, beta, gamma) = <alpha x beta, gamma> = +1 (orthonormal: +-1) */
    mpfr_init2(d, mpfr_get_prec(alpha) + 32);
    {
        mpfr_t t, u;
        mpfr_inits2(mpfr_get_prec(d), t, u, (mpfr_ptr)0);
        mpfr_mul(t, alpha + 1, beta + 2, MPFR_RNDN);
        mpfr_mul(u, alpha + 2, beta + 1, MPFR_RNDN);
        mpfr_sub(t, t, u, MPFR_RNDN);
        mpfr_mul(d, t, gamma + 0, MPFR_RNDN);
        mpfr_mul(t, alpha + 2, beta + 0, MPFR_RNDN);
        mpfr_mul(u, alpha + 0, beta + 2, MPFR_RNDN);
        mpfr_sub(t, t, u, MPFR_RNDN);
        mpfr_fma(d, t, gamma + 1, d, MPFR_RNDN);
        mpfr_mul(t, alpha + 0, beta + 1, MPFR_RNDN);
        mpfr_mul(u, alpha + 1, beta + 0, MPFR_RNDN);
        mpfr_sub(t, t, u, MPFR_RNDN);
        mpfr_fma(d, t, gamma + 2, d, MPFR_RNDN);
        mpfr_clears(t, u, (mpfr_ptr)0);
    }
    status = mpfr_sgn(d) > 0 ? NHREF_OK : NHREF_EPARAM;
    if (status != NHREF_OK)
        snprintf(why, len,
                 "initial state: the frame (alpha, beta, gamma) must be right-handed "
                 "(alpha x beta = gamma), its determinant is %.3g",
                 mpfr_get_d(d, MPFR_RNDN));
    mpfr_clear(d);
    return status;
}

int nhref_aff_check_positive(mpfr_srcptr p, const size_t *idx, const char *const *names, size_t n,
                             char *why, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (mpfr_sgn(p + idx[i]) <= 0) {
            snprintf(why, len, "parameter %s must be > 0 (admissible range: %s > 0)", names[i],
                     names[i]);
            return NHREF_EPARAM;
        }
    return NHREF_OK;
}

/* affine_rolling.c -- tape-building helpers of the affine-rolling models (see
 * affine_rolling.h).  Spec: shared/models/affine-rolling.md §1, (1.3), (2.1).
 */
#include <stdio.h>

#include "affine_rolling.h"
#include "nhref_status.h"

/* ------------------------------------------------------------------ scalars */
nhref_node_t aff_add(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b)
{
    if (a == AFF_ZERO)
        return b;
    if (b == AFF_ZERO)
        return a;
    return nhref_tape_add(tp, a, b);
}

nhref_node_t aff_neg(nhref_tape_t *tp, nhref_node_t a)
{
    return a == AFF_ZERO ? AFF_ZERO : nhref_tape_neg(tp, a);
}

nhref_node_t aff_sub(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b)
{
    if (b == AFF_ZERO)
        return a;
    if (a == AFF_ZERO)
        return nhref_tape_neg(tp, b);
    return nhref_tape_sub(tp, a, b);
}

nhref_node_t aff_mul(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b)
{
    if (a == AFF_ZERO || b == AFF_ZERO)
        return AFF_ZERO;
    return nhref_tape_mul(tp, a, b);
}

nhref_node_t aff_sqr(nhref_tape_t *tp, nhref_node_t a)
{
    return a == AFF_ZERO ? AFF_ZERO : nhref_tape_sqr(tp, a);
}

nhref_node_t aff_half(nhref_tape_t *tp, nhref_node_t a)
{
    return aff_mul(tp, nhref_tape_const(tp, "0.5"), a);
}

nhref_node_t aff_node(nhref_tape_t *tp, nhref_node_t a)
{
    return a == AFF_ZERO ? nhref_tape_const(tp, "0") : a;
}

nhref_node_t aff_gate(nhref_tape_t *tp, nhref_node_t s)
{
    if (s == AFF_ZERO)
        return AFF_ZERO;
    return nhref_tape_sqrt(tp, nhref_tape_neg(tp, s));
}

/* ------------------------------------------------------------------ vectors */
aff_v3 aff_vec(nhref_node_t x, nhref_node_t y, nhref_node_t z)
{
    aff_v3 v = {{x, y, z}};
    return v;
}

aff_v3 aff_states(nhref_tape_t *tp, size_t first)
{
    return aff_vec(nhref_tape_state(tp, first), nhref_tape_state(tp, first + 1),
                   nhref_tape_state(tp, first + 2));
}

aff_v3 aff_params(nhref_tape_t *tp, size_t i, size_t j, size_t k)
{
    return aff_vec(nhref_tape_param(tp, i), nhref_tape_param(tp, j), nhref_tape_param(tp, k));
}

aff_v3 aff_vadd(nhref_tape_t *tp, aff_v3 a, aff_v3 b)
{
    return aff_vec(aff_add(tp, a.c[0], b.c[0]), aff_add(tp, a.c[1], b.c[1]),
                   aff_add(tp, a.c[2], b.c[2]));
}

aff_v3 aff_vsub(nhref_tape_t *tp, aff_v3 a, aff_v3 b)
{
    return aff_vec(aff_sub(tp, a.c[0], b.c[0]), aff_sub(tp, a.c[1], b.c[1]),
                   aff_sub(tp, a.c[2], b.c[2]));
}

aff_v3 aff_vneg(nhref_tape_t *tp, aff_v3 a)
{
    return aff_vec(aff_neg(tp, a.c[0]), aff_neg(tp, a.c[1]), aff_neg(tp, a.c[2]));
}

aff_v3 aff_vscale(nhref_tape_t *tp, nhref_node_t s, aff_v3 a)
{
    return aff_vec(aff_mul(tp, s, a.c[0]), aff_mul(tp, s, a.c[1]), aff_mul(tp, s, a.c[2]));
}

aff_v3 aff_cross(nhref_tape_t *tp, aff_v3 a, aff_v3 b)
{
    return aff_vec(aff_sub(tp, aff_mul(tp, a.c[1], b.c[2]), aff_mul(tp, a.c[2], b.c[1])),
                   aff_sub(tp, aff_mul(tp, a.c[2], b.c[0]), aff_mul(tp, a.c[0], b.c[2])),
                   aff_sub(tp, aff_mul(tp, a.c[0], b.c[1]), aff_mul(tp, a.c[1], b.c[0])));
}

nhref_node_t aff_dot(nhref_tape_t *tp, aff_v3 a, aff_v3 b)
{
    return aff_add(tp, aff_add(tp, aff_mul(tp, a.c[0], b.c[0]), aff_mul(tp, a.c[1], b.c[1])),
                   aff_mul(tp, a.c[2], b.c[2]));
}

aff_v3 aff_diag(nhref_tape_t *tp, aff_v3 d, aff_v3 a)
{
    return aff_vec(aff_mul(tp, d.c[0], a.c[0]), aff_mul(tp, d.c[1], a.c[1]),
                   aff_mul(tp, d.c[2], a.c[2]));
}

void aff_set_outputs(nhref_tape_t *tp, size_t first, aff_v3 a)
{
    for (size_t i = 0; i < 3; i++)
        nhref_tape_set_output(tp, first + i, aff_node(tp, a.c[i]));
}

/* ------------------------------------------------------------------ shapes */
void aff_spheroid_profile(nhref_tape_t *tp, const aff_shape_t *sh, nhref_node_t g3,
                          nhref_node_t f[4])
{
    /* h = sqrt(a^2 + (c^2 - a^2) g3^2), f1 = -a^2/h, f2 = s - c^2 g3/h,
     * f1' = a^2 (c^2 - a^2) g3 / h^3, f2' = -a^2 c^2 / h^3 */
    nhref_node_t a2 = nhref_tape_sqr(tp, sh->p[0]), c2 = nhref_tape_sqr(tp, sh->p[1]);
    nhref_node_t e = nhref_tape_sub(tp, c2, a2);
    nhref_node_t h = nhref_tape_sqrt(tp, nhref_tape_add(tp, a2, nhref_tape_mul(tp, e, nhref_tape_sqr(tp, g3))));
    nhref_node_t h3 = nhref_tape_mul(tp, h, nhref_tape_sqr(tp, h));
    f[0] = nhref_tape_neg(tp, nhref_tape_div(tp, a2, h));
    f[1] = nhref_tape_sub(tp, sh->p[2], nhref_tape_div(tp, nhref_tape_mul(tp, c2, g3), h));
    f[2] = nhref_tape_div(tp, nhref_tape_mul(tp, nhref_tape_mul(tp, a2, e), g3), h3);
    f[3] = nhref_tape_neg(tp, nhref_tape_div(tp, nhref_tape_mul(tp, a2, c2), h3));
}

/* ellipsoid: h = sqrt(sum a_j^2 gamma_j^2) */
static nhref_node_t ellipsoid_h(nhref_tape_t *tp, const aff_shape_t *sh, aff_v3 g, aff_v3 *a2g)
{
    for (int i = 0; i < 3; i++)
        a2g->c[i] = nhref_tape_mul(tp, nhref_tape_sqr(tp, sh->p[i]), g.c[i]);
    return nhref_tape_sqrt(tp, aff_dot(tp, *a2g, g));
}

aff_v3 aff_rho(nhref_tape_t *tp, const aff_shape_t *sh, aff_v3 g)
{
    switch (sh->kind) {
    case AFF_SPHERE:
        return aff_vscale(tp, nhref_tape_neg(tp, sh->p[0]), g);
    case AFF_ELLIPSOID: {
        aff_v3 a2g, r;
        nhref_node_t h = ellipsoid_h(tp, sh, g, &a2g);
        for (int i = 0; i < 3; i++)
            r.c[i] = nhref_tape_sub(tp, sh->p[3 + i], nhref_tape_div(tp, a2g.c[i], h));
        return r;
    }
    default: {
        nhref_node_t f[4];
        aff_spheroid_profile(tp, sh, g.c[2], f);
        return aff_vec(nhref_tape_mul(tp, f[0], g.c[0]), nhref_tape_mul(tp, f[0], g.c[1]), f[1]);
    }
    }
}

aff_v3 aff_rho_dot(nhref_tape_t *tp, const aff_shape_t *sh, aff_v3 g, aff_v3 w)
{
    switch (sh->kind) {
    case AFF_SPHERE:
        return aff_vscale(tp, nhref_tape_neg(tp, sh->p[0]), w);
    case AFF_ELLIPSOID: {
        /* rho_i' = -(a_i^2/h) (w_i - gamma_i h'/h),  h' = <a^2 gamma, w>/h */
        aff_v3 a2g, r;
        nhref_node_t h = ellipsoid_h(tp, sh, g, &a2g);
        nhref_node_t k = nhref_tape_div(tp, aff_dot(tp, a2g, w), nhref_tape_sqr(tp, h));
        for (int i = 0; i < 3; i++) {
            nhref_node_t a2h = nhref_tape_div(tp, nhref_tape_sqr(tp, sh->p[i]), h);
            r.c[i] = nhref_tape_mul(tp, a2h, nhref_tape_sub(tp, nhref_tape_mul(tp, g.c[i], k), w.c[i]));
        }
        return r;
    }
    default: {
        /* rho' = (f1 w1 + f1' w3 gamma1, f1 w2 + f1' w3 gamma2, f2' w3) */
        nhref_node_t f[4];
        aff_spheroid_profile(tp, sh, g.c[2], f);
        nhref_node_t k = nhref_tape_mul(tp, f[2], w.c[2]);
        return aff_vec(nhref_tape_add(tp, nhref_tape_mul(tp, f[0], w.c[0]), nhref_tape_mul(tp, k, g.c[0])),
                       nhref_tape_add(tp, nhref_tape_mul(tp, f[0], w.c[1]), nhref_tape_mul(tp, k, g.c[1])),
                       nhref_tape_mul(tp, f[3], w.c[2]));
    }
    }
}

/* ------------------------------------------------------------------ dynamics */
aff_v3 aff_omega(nhref_tape_t *tp, aff_v3 M, aff_v3 rho, aff_v3 q, nhref_node_t m,
                 aff_v3 inertia)
{
    nhref_node_t r2 = nhref_tape_mul(tp, m, aff_dot(tp, rho, rho));
    aff_v3 zeta = aff_vscale(tp, m, aff_cross(tp, rho, q));
    aff_v3 N = aff_vadd(tp, M, zeta), a, arho;
    nhref_node_t one = nhref_tape_const(tp, "1"), D, lambda;

    for (int i = 0; i < 3; i++)
        a.c[i] = nhref_tape_div(tp, one, nhref_tape_add(tp, inertia.c[i], r2));
    arho = aff_diag(tp, a, rho);
    D = nhref_tape_sub(tp, one, nhref_tape_mul(tp, m, aff_dot(tp, arho, rho)));
    lambda = nhref_tape_div(tp, nhref_tape_mul(tp, m, aff_dot(tp, arho, N)), D);
    return aff_vadd(tp, aff_diag(tp, a, N), aff_vscale(tp, lambda, arho));
}

aff_v3 aff_mdot(nhref_tape_t *tp, aff_v3 M, aff_v3 omega, aff_v3 rho, aff_v3 rho_dot,
                aff_v3 gamma, aff_v3 q, nhref_node_t m, nhref_node_t g)
{
    aff_v3 wr = aff_cross(tp, omega, rho);
    aff_v3 s = aff_cross(tp, M, omega);
    aff_v3 t = aff_cross(tp, rho_dot, wr);
    aff_v3 u = aff_cross(tp, q, aff_vadd(tp, rho_dot, wr));
    aff_v3 sum = aff_vadd(tp, t, u);
    if (g != AFF_ZERO)
        sum = aff_vadd(tp, sum, aff_vscale(tp, g, aff_cross(tp, rho, gamma)));
    return aff_vadd(tp, s, aff_vscale(tp, m, sum));
}

/* ------------------------------------------------------------------ full phase space */
void aff_full_eval(nhref_tape_t *tp, const aff_full_params_t *P, aff_full_state_t *S)
{
    aff_v3 e3 = aff_vec(AFF_ZERO, AFF_ZERO, nhref_tape_const(tp, "1"));
    nhref_node_t x1, x2;

    S->M = aff_states(tp, 0);
    S->alpha = aff_states(tp, 3);
    S->beta = aff_states(tp, 6);
    S->gamma = aff_states(tp, 9);
    S->u = aff_states(tp, 12);
    S->rho = aff_rho(tp, &P->shape, S->gamma);
    /* x = u + B rho, B rho = (<alpha,rho>, <beta,rho>, <gamma,rho>) */
    S->x = aff_vadd(tp, S->u, aff_vec(aff_dot(tp, S->alpha, S->rho), aff_dot(tp, S->beta, S->rho),
                                      aff_dot(tp, S->gamma, S->rho)));
    x1 = S->x.c[0];
    x2 = S->x.c[1];
    /* V(x) = v + K x + eta e3 x x */
    S->V[0] = aff_add(tp, aff_add(tp, P->v[0], aff_add(tp, aff_mul(tp, P->k[0], x1), aff_mul(tp, P->k[1], x2))),
                      aff_neg(tp, aff_mul(tp, P->eta, x2)));
    S->V[1] = aff_add(tp, aff_add(tp, P->v[1], aff_add(tp, aff_mul(tp, P->k[2], x1), aff_mul(tp, P->k[3], x2))),
                      aff_mul(tp, P->eta, x1));
    /* W = sigma rho x E3 */
    S->W = aff_vscale(tp, P->sigma, aff_cross(tp, S->rho, e3));
    /* q = B^T V + W = V1 alpha + V2 beta + W */
    S->q = aff_vadd(tp, aff_vadd(tp, aff_vscale(tp, S->V[0], S->alpha), aff_vscale(tp, S->V[1], S->beta)),
                    S->W);
    S->omega = aff_omega(tp, S->M, S->rho, S->q, P->m, P->inertia);
}

void aff_full_rhs(nhref_tape_t *tp, const aff_full_params_t *P)
{
    aff_full_state_t S;
    aff_v3 w, rho_dot, c;

    aff_full_eval(tp, P, &S);
    w = aff_cross(tp, S.gamma, S.omega); /* gamma' */
    rho_dot = aff_rho_dot(tp, &P->shape, S.gamma, w);
    aff_set_outputs(tp, 0, aff_mdot(tp, S.M, S.omega, S.rho, rho_dot, S.gamma, S.q, P->m, P->g));
    aff_set_outputs(tp, 3, aff_cross(tp, S.alpha, S.omega));
    aff_set_outputs(tp, 6, aff_cross(tp, S.beta, S.omega));
    aff_set_outputs(tp, 9, w);
    /* u' = B (rho x Omega + W) + V */
    c = aff_vadd(tp, aff_cross(tp, S.rho, S.omega), S.W);
    aff_set_outputs(tp, 12, aff_vec(aff_add(tp, aff_dot(tp, S.alpha, c), S.V[0]),
                                    aff_add(tp, aff_dot(tp, S.beta, c), S.V[1]),
                                    aff_dot(tp, S.gamma, c)));
}

void aff_full_energies(nhref_tape_t *tp, const aff_full_params_t *P, const aff_full_state_t *S,
                       nhref_node_t e[4])
{
    aff_v3 e3 = aff_vec(AFF_ZERO, AFF_ZERO, nhref_tape_const(tp, "1"));
    aff_v3 Iw = aff_diag(tp, P->inertia, S->omega);
    aff_v3 ws = aff_vadd(tp, S->omega, aff_vscale(tp, P->sigma, e3)); /* Omega + sigma E3 */
    aff_v3 Iws = aff_diag(tp, P->inertia, ws);
    aff_v3 rw = aff_cross(tp, S->rho, S->omega), rws = aff_cross(tp, S->rho, ws);
    aff_v3 rg = aff_cross(tp, S->rho, S->gamma);
    nhref_node_t m = P->m;
    nhref_node_t pot = aff_neg(tp, aff_mul(tp, aff_mul(tp, m, P->g), aff_dot(tp, S->rho, S->gamma)));
    nhref_node_t kin = aff_half(tp, aff_add(tp, aff_dot(tp, Iw, S->omega), aff_mul(tp, m, aff_dot(tp, rw, rw))));
    nhref_node_t kins = aff_half(tp, aff_mul(tp, m, aff_dot(tp, rws, rws)));
    /* 1/2 m eta^2 (|rho|^2 - |u|^2) */
    nhref_node_t cent = aff_half(tp, aff_mul(tp, aff_mul(tp, m, aff_sqr(tp, P->eta)),
                                             aff_sub(tp, aff_dot(tp, S->rho, S->rho), aff_dot(tp, S->u, S->u))));
    /* E_rot: - eta <I Omega + m rho x (Omega x rho), gamma> */
    aff_v3 mom = aff_vadd(tp, Iw, aff_vscale(tp, m, aff_cross(tp, S->rho, aff_cross(tp, S->omega, S->rho))));
    nhref_node_t rot = aff_neg(tp, aff_mul(tp, P->eta, aff_dot(tp, mom, S->gamma)));

    e[0] = aff_add(tp, kin, pot);
    e[1] = aff_add(tp, aff_add(tp, e[0], rot), cent);
    e[2] = aff_add(tp, aff_add(tp, aff_half(tp, aff_dot(tp, Iws, ws)), kins), pot);
    /* E_mov = 1/2<I Omega,Omega> + <I Omega, -eta gamma + sigma E3> + 1/2 m |rho x (Omega + sigma E3)|^2
     *         - m eta <rho x (Omega + sigma E3), rho x gamma> + cent + pot */
    e[3] = aff_half(tp, aff_dot(tp, Iw, S->omega));
    e[3] = aff_add(tp, e[3], aff_dot(tp, Iw, aff_vadd(tp, aff_vscale(tp, aff_neg(tp, P->eta), S->gamma),
                                                      aff_vscale(tp, P->sigma, e3))));
    e[3] = aff_add(tp, e[3], kins);
    e[3] = aff_sub(tp, e[3], aff_mul(tp, aff_mul(tp, m, P->eta), aff_dot(tp, rws, rg)));
    e[3] = aff_add(tp, aff_add(tp, e[3], cent), pot);
}

/* ------------------------------------------------------------------ checks */
void aff_init_tol(mpfr_t tol, mpfr_prec_t prec)
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

int aff_check_dot(mpfr_srcptr a, mpfr_srcptr b, long want, const char *what, char *why,
                  size_t len)
{
    mpfr_prec_t prec = mpfr_get_prec(a) + 32;
    mpfr_t d, tol;
    int bad;

    mpfr_inits2(prec, d, tol, (mpfr_ptr)0);
    aff_init_tol(tol, mpfr_get_prec(a));
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

int aff_check_frame(mpfr_srcptr alpha, mpfr_srcptr beta, mpfr_srcptr gamma, char *why,
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
        if ((status = aff_check_dot(c[i].a, c[i].b, c[i].want, c[i].what, why, len)) != NHREF_OK)
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

int aff_check_positive(mpfr_srcptr p, const size_t *idx, const char *const *names, size_t n,
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

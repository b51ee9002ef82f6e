/* affine_rolling.h -- internal: the physics shared by the affine-rolling models
 * (gen, red, cbcat, cbv, revcat, hcat): the body shapes of spec §1 (rho(gamma)
 * and its directional derivative), the inverse map M -> Omega (1.3), the
 * momentum equation (2.1), the full phase space of spec §2 and its moving
 * energies, and the checks of initial states (unit vectors, orthonormal frames).
 *
 * Spec: shared/models/affine-rolling.md.  Internal to libnhref (hidden symbols,
 * prefix nhref_aff_): the models use these so that each equation of the spec is
 * written once.  Written in the vocabulary of build.h: 3-vectors nhref_v3_t whose
 * components may be ZERO (folded, never on the tape).
 */
#ifndef NHREF_AFFINE_ROLLING_H
#define NHREF_AFFINE_ROLLING_H

#include <stddef.h>

#include <mpfr.h>

#include "models/build.h"

/* applicability gate: sqrt(-s) for a constant S >= 0 (a sum of squares of the
 * parameter combinations that must vanish): 0 when S = 0, NaN otherwise (ZERO
 * for S = ZERO).  Added to a first integral, it makes the integral NaN for the
 * parameters where it is not conserved (the integral tape's convention). */
nhref_node_t nhref_aff_gate(nhref_tape_t *tp, nhref_node_t s);

/* ------------------------------------------------------------------ shapes (spec §1 table) */
enum {
    NHREF_AFF_SPHERE,    /* rho = -r gamma (linear in gamma)             p: r */
    NHREF_AFF_ELLIPSOID, /* rho_i = d_i - a_i^2 gamma_i / h (degree 0)   p: a1 a2 a3 d1 d2 d3 */
    NHREF_AFF_SPHEROID   /* revolution: f1 = -a^2/h, f2 = s - c^2 g3/h,
                      h = sqrt(a^2 + (c^2 - a^2) g3^2)            p: a c s */
};

typedef struct {
    int kind;
    nhref_node_t p[6]; /* the shape's parameter nodes, in the order above */
} nhref_aff_shape_t;

/* rho(gamma) of shape SH */
nhref_v3_t nhref_aff_rho(nhref_tape_t *tp, const nhref_aff_shape_t *sh, nhref_v3_t gamma);
/* D rho(gamma) w (w = gamma x Omega gives rho') */
nhref_v3_t nhref_aff_rho_dot(nhref_tape_t *tp, const nhref_aff_shape_t *sh, nhref_v3_t gamma,
                             nhref_v3_t w);
/* spheroid profile: f1, f2 and their derivatives in gamma3 */
void nhref_aff_spheroid_profile(nhref_tape_t *tp, const nhref_aff_shape_t *sh, nhref_node_t g3,
                                nhref_node_t f[4]);

/* ------------------------------------------------------------------ dynamics */
/* Omega from M by (1.3): zeta = m rho x q, a_i = 1/(I_i + m|rho|^2), N = M + zeta,
 * D = 1 - m sum a_i rho_i^2, lambda* = m (sum a_i rho_i N_i)/D,
 * Omega_i = a_i (N_i + lambda* rho_i).  Q may have ZERO components. */
nhref_v3_t nhref_aff_omega(nhref_tape_t *tp, nhref_v3_t M, nhref_v3_t rho, nhref_v3_t q,
                           nhref_node_t m, nhref_v3_t inertia);
/* (2.1): M' = M x Omega + m rho' x (Omega x rho) + m g rho x gamma
 *             + m q x (rho' + Omega x rho);  G may be ZERO */
nhref_v3_t nhref_aff_mdot(nhref_tape_t *tp, nhref_v3_t M, nhref_v3_t omega, nhref_v3_t rho,
                          nhref_v3_t rho_dot, nhref_v3_t gamma, nhref_v3_t q, nhref_node_t m,
                          nhref_node_t g);

/* ------------------------------------------------------------------ the full phase space (gen, cbv) */
/* Parameters of the full model (spec §2): V(x) = (v1 + k11 x1 + k12 x2 - eta x2,
 * v2 + k21 x1 + k22 x2 + eta x1, 0) (translation + turntable + linear field),
 * W(rho) = sigma rho x E3 (cat's toy).  Unused entries are ZERO. */
typedef struct {
    nhref_node_t m, g, sigma, eta, v[2], k[4];
    nhref_v3_t inertia;
    nhref_aff_shape_t shape;
} nhref_aff_full_params_t;

/* Everything (2.1)-(2.3) and the integrals need at a state of the 15-state
 * phase space (M, alpha, beta, gamma, u), states 0..14. */
typedef struct {
    nhref_v3_t M, alpha, beta, gamma, u;
    nhref_v3_t rho, x;  /* contact point: body frame C->P, space frame O->P */
    nhref_node_t V[2];  /* V(x), space frame (third component 0) */
    nhref_v3_t W, q, omega; /* W(rho), q = B^T V + W, Omega (1.3) */
} nhref_aff_full_state_t;

void nhref_aff_full_eval(nhref_tape_t *tp, const nhref_aff_full_params_t *P,
                         nhref_aff_full_state_t *S);
/* outputs 0..14: (2.1)-(2.3) */
void nhref_aff_full_rhs(nhref_tape_t *tp, const nhref_aff_full_params_t *P);
/* the moving energies of spec §2 at S: E (item 2), E_rot (2.4), E_cat (2.5), E_mov (2.6) */
void nhref_aff_full_energies(nhref_tape_t *tp, const nhref_aff_full_params_t *P,
                             const nhref_aff_full_state_t *S, nhref_node_t e[4]);

/* the phase-manifold invariants at S, outputs FIRST..FIRST+9: <M,alpha>, <M,beta>,
 * <M,gamma> (each + GATE; ZERO: none), |alpha|^2 - 1, |beta|^2 - 1, |gamma|^2 - 1,
 * <alpha,beta>, <alpha,gamma>, <beta,gamma>, and x3, the height of the contact point */
void nhref_aff_full_invariants(nhref_tape_t *tp, const nhref_aff_full_state_t *S, size_t first,
                               nhref_node_t gate);

/* ------------------------------------------------------------------ checks (MPFR) */
/* The tolerance of the initial-state checks at precision PREC:
 * max(1e-20, 2^(16 - PREC)), so rounded decimal input passes at any precision
 * and a state off the phase manifold by more than 1e-20 is refused. */
void nhref_aff_init_tol(mpfr_t tol, mpfr_prec_t prec);
/* |<a,b> - want| <= tol (A, B: 3 values each); else writes WHY naming WHAT */
int nhref_aff_check_dot(mpfr_srcptr a, mpfr_srcptr b, long want, const char *what, char *why,
                        size_t len);
/* a right-handed orthonormal frame (alpha, beta, gamma) within the tolerance */
int nhref_aff_check_frame(mpfr_srcptr alpha, mpfr_srcptr beta, mpfr_srcptr gamma, char *why,
                          size_t len);
/* P[i] > 0 for each i of IDX (N of them), with names NAMES */
int nhref_aff_check_positive(mpfr_srcptr p, const size_t *idx, const char *const *names, size_t n,
                             char *why, size_t len);

#endif /* NHREF_AFFINE_ROLLING_H */

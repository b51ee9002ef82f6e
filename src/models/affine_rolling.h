/* affine_rolling.h -- tape-building helpers shared by the affine-rolling models
 * (gen, red, cbcat, cbv, revcat, hcat): 3-vectors of tape nodes, the body
 * shapes of spec §1 (rho(gamma) and its directional derivative), the inverse
 * map M -> Omega (1.3), the momentum equation (2.1), and the checks of
 * initial states (unit vectors, orthonormal frames, contact height).
 *
 * Spec: shared/models/affine-rolling.md.  Internal to libnhref: the models use
 * these so that each equation of the spec is written once.
 *
 * Zero nodes.  AFF_ZERO stands for an exact zero that never reaches the tape:
 * the aff_* arithmetic below folds it (0 + a = a, 0 * a = 0, ...), so a vector
 * such as E3 = (0, 0, 1) or W = sigma (rho2, -rho1, 0) costs no operations on
 * its zero components.  aff_node() turns it into the constant "0" where a real
 * node is needed (an output).
 */
#ifndef NHREF_AFFINE_ROLLING_H
#define NHREF_AFFINE_ROLLING_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_tape.h"

#define AFF_ZERO (-2)

/* a 3-vector of nodes (components may be AFF_ZERO) */
typedef struct {
    nhref_node_t c[3];
} aff_v3;

/* scalar arithmetic that folds AFF_ZERO */
nhref_node_t aff_add(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b);
nhref_node_t aff_sub(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b);
nhref_node_t aff_neg(nhref_tape_t *tp, nhref_node_t a);
nhref_node_t aff_mul(nhref_tape_t *tp, nhref_node_t a, nhref_node_t b);
nhref_node_t aff_sqr(nhref_tape_t *tp, nhref_node_t a);
nhref_node_t aff_half(nhref_tape_t *tp, nhref_node_t a);
/* a real node for A (the constant 0 for AFF_ZERO) */
nhref_node_t aff_node(nhref_tape_t *tp, nhref_node_t a);
/* applicability gate: sqrt(-s) for a constant S >= 0 (a sum of squares of
 * the parameter combinations that must vanish): 0 when S = 0, NaN otherwise.  Added to a first integral, it makes the integral NaN for the
 * parameters where it is not conserved (the integral tape's convention). */
nhref_node_t aff_gate(nhref_tape_t *tp, nhref_node_t s);

/* vectors */
aff_v3 aff_vec(nhref_node_t x, nhref_node_t y, nhref_node_t z);
aff_v3 aff_states(nhref_tape_t *tp, size_t first);            /* states first..first+2 */
aff_v3 aff_params(nhref_tape_t *tp, size_t i, size_t j, size_t k);
aff_v3 aff_vadd(nhref_tape_t *tp, aff_v3 a, aff_v3 b);
aff_v3 aff_vsub(nhref_tape_t *tp, aff_v3 a, aff_v3 b);
aff_v3 aff_vneg(nhref_tape_t *tp, aff_v3 a);
aff_v3 aff_vscale(nhref_tape_t *tp, nhref_node_t s, aff_v3 a);
aff_v3 aff_cross(nhref_tape_t *tp, aff_v3 a, aff_v3 b);
nhref_node_t aff_dot(nhref_tape_t *tp, aff_v3 a, aff_v3 b);
/* diag(d) a, componentwise */
aff_v3 aff_diag(nhref_tape_t *tp, aff_v3 d, aff_v3 a);
/* output vector A into outputs first..first+2 */
void aff_set_outputs(nhref_tape_t *tp, size_t first, aff_v3 a);

/* ------------------------------------------------------------------ shapes (spec §1 table) */
enum {
    AFF_SPHERE,    /* rho = -r gamma (linear in gamma)             p: r */
    AFF_ELLIPSOID, /* rho_i = d_i - a_i^2 gamma_i / h (degree 0)   p: a1 a2 a3 d1 d2 d3 */
    AFF_SPHEROID   /* revolution: f1 = -a^2/h, f2 = s - c^2 g3/h,
                      h = sqrt(a^2 + (c^2 - a^2) g3^2)            p: a c s */
};

typedef struct {
    int kind;
    nhref_node_t p[6]; /* the shape's parameter nodes, in the order above */
} aff_shape_t;

/* rho(gamma) of shape SH */
aff_v3 aff_rho(nhref_tape_t *tp, const aff_shape_t *sh, aff_v3 gamma);
/* D rho(gamma) w (w = gamma x Omega gives rho') */
aff_v3 aff_rho_dot(nhref_tape_t *tp, const aff_shape_t *sh, aff_v3 gamma, aff_v3 w);
/* spheroid profile: f1, f2 and their derivatives in gamma3 */
void aff_spheroid_profile(nhref_tape_t *tp, const aff_shape_t *sh, nhref_node_t g3,
                          nhref_node_t f[4]);

/* ------------------------------------------------------------------ dynamics */
/* Omega from M by (1.3): zeta = m rho x q, a_i = 1/(I_i + m|rho|^2), N = M + zeta,
 * D = 1 - m sum a_i rho_i^2, lambda* = m (sum a_i rho_i N_i)/D,
 * Omega_i = a_i (N_i + lambda* rho_i).  Q may have AFF_ZERO components. */
aff_v3 aff_omega(nhref_tape_t *tp, aff_v3 M, aff_v3 rho, aff_v3 q, nhref_node_t m,
                 aff_v3 inertia);
/* (2.1): M' = M x Omega + m rho' x (Omega x rho) + m g rho x gamma
 *             + m q x (rho' + Omega x rho);  G may be AFF_ZERO */
aff_v3 aff_mdot(nhref_tape_t *tp, aff_v3 M, aff_v3 omega, aff_v3 rho, aff_v3 rho_dot,
                aff_v3 gamma, aff_v3 q, nhref_node_t m, nhref_node_t g);

/* ------------------------------------------------------------------ the full phase space (gen, cbv) */
/* Parameters of the full model (spec §2): V(x) = (v1 + k11 x1 + k12 x2 - eta x2,
 * v2 + k21 x1 + k22 x2 + eta x1, 0) (translation + turntable + linear field),
 * W(rho) = sigma rho x E3 (cat's toy).  Unused entries are AFF_ZERO. */
typedef struct {
    nhref_node_t m, g, sigma, eta, v[2], k[4];
    aff_v3 inertia;
    aff_shape_t shape;
} aff_full_params_t;

/* Everything (2.1)-(2.3) and the integrals need at a state of the 15-state
 * phase space (M, alpha, beta, gamma, u), states 0..14. */
typedef struct {
    aff_v3 M, alpha, beta, gamma, u;
    aff_v3 rho, x;      /* contact point: body frame C->P, space frame O->P */
    nhref_node_t V[2];  /* V(x), space frame (third component 0) */
    aff_v3 W, q, omega; /* W(rho), q = B^T V + W, Omega (1.3) */
} aff_full_state_t;

void aff_full_eval(nhref_tape_t *tp, const aff_full_params_t *P, aff_full_state_t *S);
/* outputs 0..14: (2.1)-(2.3) */
void aff_full_rhs(nhref_tape_t *tp, const aff_full_params_t *P);
/* the moving energies of spec §2 at S: E (item 2), E_rot (2.4), E_cat (2.5), E_mov (2.6) */
void aff_full_energies(nhref_tape_t *tp, const aff_full_params_t *P, const aff_full_state_t *S,
                       nhref_node_t e[4]);

/* ------------------------------------------------------------------ checks (MPFR) */
/* The tolerance of the initial-state checks at precision PREC:
 * max(1e-20, 2^(16 - PREC)), so rounded decimal input passes at any precision
 * and a state off the phase manifold by more than 1e-20 is refused. */
void aff_init_tol(mpfr_t tol, mpfr_prec_t prec);
/* |<a,b> - want| <= tol (A, B: 3 values each); else writes WHY naming WHAT */
int aff_check_dot(mpfr_srcptr a, mpfr_srcptr b, long want, const char *what, char *why,
                  size_t len);
/* a right-handed orthonormal frame (alpha, beta, gamma) within the tolerance */
int aff_check_frame(mpfr_srcptr alpha, mpfr_srcptr beta, mpfr_srcptr gamma, char *why,
                    size_t len);
/* P[i] > 0 for each i of IDX (N of them), with names NAMES */
int aff_check_positive(mpfr_srcptr p, const size_t *idx, const char *const *names, size_t n,
                       char *why, size_t len);

#endif /* NHREF_AFFINE_ROLLING_H */

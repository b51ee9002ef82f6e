/* nhref_tape.h -- the tape: a model's right-hand side as a list of elementary
 * operations (SSA form), and the interpreters that evaluate it.
 *
 * A model is written once, as a tape builder: it asks for the input nodes
 * (time t, state components, parameters, decimal constants), combines them
 * with the operations below and marks which nodes are the outputs.  The tape
 * knows nothing of precision or of derivatives; the interpreters evaluate it
 *   - as a function f(t, x)                   (nhref_tape_mp_eval),
 *   - as Taylor coefficients of the solution of x' = f(t, x) (nhref_tape_mp_ode_jet),
 * in MPFR at a precision fixed when the interpreter workspace is allocated, in
 * IEEE double (nhref_tape_d_*, the fast path) and in Arb ball arithmetic
 * (nhref_tape_arb_*, nhref_arb.h; rigorous).  The three interpreters are one
 * source compiled once per number type.
 *
 * Building.  Builder calls return a node (an index >= 0).  Errors are sticky:
 * a failing call returns NHREF_NODE_INVALID and records the status in the
 * tape; any call given an invalid node returns NHREF_NODE_INVALID without a
 * new error; nhref_tape_status() tells the first error.  So a builder can be
 * written as straight-line code that reads like the equations, with one status
 * check at the end.
 *
 * Nodes whose inputs are all parameters or constants are "constant": the
 * interpreters evaluate them once, when the parameters are set, and their
 * Taylor coefficients of order >= 1 are zero.  sin and cos of the same node
 * share one sin/cos pair of nodes (sinh and cosh one sinh/cosh pair), as do
 * repeated constants.
 *
 * Bounded work: every interpreter (double, MPFR, Arb) evaluates sin and cos of an
 * argument of magnitude 2^(64 max(P, 64)) or more (P the working precision; the
 * bound of nhref_decimal_max_exp) as undefined -- NaN and NHREF_EDOMAIN, Arb
 * indeterminate -- instead of reducing it by pi at about its exponent in bits (a
 * computed value such as exp(exp(20)) is about 2^(7 10^8)).
 */
#ifndef NHREF_TAPE_H
#define NHREF_TAPE_H

#include <stddef.h>

#include <mpfr.h>

#include "nhref_status.h"

NHREF_BEGIN_DECLS

/* Operations of the tape: X(name, arity, printable name). */
#define NHREF_TAPE_OP_LIST(X)                                                                      \
    X(CONST, 0, "const")                                                                           \
    X(TIME, 0, "t")                                                                                \
    X(STATE, 0, "state")                                                                           \
    X(PARAM, 0, "param")                                                                           \
    X(ADD, 2, "add")                                                                               \
    X(SUB, 2, "sub")                                                                               \
    X(NEG, 1, "neg")                                                                               \
    X(MUL, 2, "mul")                                                                               \
    X(SQR, 1, "sqr")                                                                               \
    X(DIV, 2, "div")                                                                               \
    X(SQRT, 1, "sqrt")                                                                             \
    X(SIN, 1, "sin")                                                                               \
    X(COS, 1, "cos")                                                                               \
    X(EXP, 1, "exp")                                                                               \
    X(LOG, 1, "log")                                                                               \
    X(ATAN, 1, "atan")                                                                             \
    X(ATANH, 1, "atanh")                                                                           \
    X(TANH, 1, "tanh")                                                                             \
    X(POWI, 1, "powi")                                                                             \
    X(SOLVE, 0, "solve")                                                                           \
    X(ASIN, 1, "asin")                                                                             \
    X(ACOS, 1, "acos")                                                                             \
    X(SINH, 1, "sinh")                                                                             \
    X(COSH, 1, "cosh")                                                                             \
    X(POW, 2, "pow")

typedef enum {
#define NHREF_X_OP(name, arity, str) NHREF_OP_##name,
    NHREF_TAPE_OP_LIST(NHREF_X_OP)
#undef NHREF_X_OP
    NHREF_OP_COUNT
} nhref_op_t;

typedef struct nhref_tape nhref_tape_t;
typedef int nhref_node_t;
#define NHREF_NODE_INVALID (-1)

/* nhref_tape_new -- an empty tape with NSTATE state inputs, NPARAM parameter
 * inputs and NOUT outputs (for an ODE right-hand side, NOUT >= NSTATE and
 * output i is dx_i/dt for i < NSTATE).
 * Returns: NHREF_OK; NHREF_EINVAL if nout = 0; NHREF_ENOMEM. */
int nhref_tape_new(nhref_tape_t **tape, size_t nstate, size_t nparam, size_t nout);
void nhref_tape_free(nhref_tape_t *tape);

/* Input nodes: the time t, state component i < nstate, parameter i < nparam,
 * and a constant given as a decimal string ("0.5", "-2", "1e-3"; parsed by
 * each interpreter at its own precision, never through double). */
nhref_node_t nhref_tape_time(nhref_tape_t *tape);
nhref_node_t nhref_tape_state(nhref_tape_t *tape, size_t i);
nhref_node_t nhref_tape_param(nhref_tape_t *tape, size_t i);
nhref_node_t nhref_tape_const(nhref_tape_t *tape, const char *decimal);

/* Operations.  Domain restrictions are checked by the interpreters. */
nhref_node_t nhref_tape_add(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b);
nhref_node_t nhref_tape_sub(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b);
nhref_node_t nhref_tape_neg(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_mul(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b);
nhref_node_t nhref_tape_sqr(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_div(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b);
nhref_node_t nhref_tape_sqrt(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_sin(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_cos(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_exp(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_log(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_atan(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_atanh(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_tanh(nhref_tape_t *tape, nhref_node_t a);
/* asin(a) and acos(a), defined for |a| <= 1 (differentiable, so their Taylor
 * coefficients of order >= 1 exist, for |a| < 1); sinh(a) and cosh(a), made as
 * one pair of nodes per argument, like sin and cos.  Each returns the new node (or
 * the pair's existing one), or NHREF_NODE_INVALID for an invalid argument (a sticky
 * NHREF_EINVAL, or the tape's earlier error) or NHREF_ENOMEM.
 * Source: Moore 1966, ch. 11 (their Taylor coefficients: nhref_jet.h). */
nhref_node_t nhref_tape_asin(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_acos(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_sinh(nhref_tape_t *tape, nhref_node_t a);
nhref_node_t nhref_tape_cosh(nhref_tape_t *tape, nhref_node_t a);
/* nhref_tape_pow -- a^b, the real power of a positive base: defined for a > 0 and
 * any b (a <= 0 is undefined at evaluation, also when b happens to be an integer:
 * integer powers of any base are nhref_tape_powi).  Evaluated as the number type's
 * pow at order 0; its Taylor coefficients by Miller's recurrence when b is constant
 * (depends on parameters and constants only), else as exp(b log a).  Returns as
 * the builders above.  Cost per order k of a jet: two sums of k products (constant b),
 * else three (nhref_jet_pow_scalar, nhref_jet_pow). */
nhref_node_t nhref_tape_pow(nhref_tape_t *tape, nhref_node_t a, nhref_node_t b);
/* nhref_tape_powi -- a^n for an integer n with |n| <= NHREF_TAPE_POWI_MAX =
 * 2^31 - 1 (NHREF_EINVAL otherwise, as for any builder error: sticky, the node
 * NHREF_NODE_INVALID).  a = 0 with n < 0 is undefined at evaluation. */
#define NHREF_TAPE_POWI_MAX 2147483647L
nhref_node_t nhref_tape_powi(nhref_tape_t *tape, nhref_node_t a, long n);

/* nhref_tape_solve -- the solution y of the dense linear system M y = b of size N
 * (at most NHREF_TAPE_SOLVE_MAX): M is given as N * N nodes, row-major, b as N
 * nodes; the N components of y are new nodes written to Y (NHREF_NODE_INVALID on
 * error).  For small mass-matrix and KKT systems (docs/architecture.md): the interpreters
 * factor M_0 once per jet by Gaussian elimination with partial pivoting and take
 * the Taylor coefficients from y_k = M_0^-1 (b_k - sum_{j=1..k} M_j y_{k-j}).  A
 * singular M_0 (Arb: a pivot ball containing 0) is NHREF_EDOMAIN at evaluation.
 * Returns NHREF_OK, NHREF_EINVAL (N = 0 or too large, an invalid node), NHREF_ENOMEM,
 * or the tape's earlier error (sticky, as every builder call).
 * Cost per order k of a jet: about N^2 (k + 1) multiply-adds, plus N^3 / 3 at k = 0.
 * Source: Jorba & Zou 2005 §2 (linear recurrences); Golub & Van Loan, Matrix
 * Computations, §3.4 (partial pivoting). */
#define NHREF_TAPE_SOLVE_MAX 64
int nhref_tape_solve(nhref_tape_t *tape, nhref_node_t *y, size_t n, const nhref_node_t *m,
                     const nhref_node_t *b);

/* nhref_tape_set_output -- output I (< nout) is NODE.
 * Returns NHREF_OK or NHREF_EINVAL (and records it). */
int nhref_tape_set_output(nhref_tape_t *tape, size_t i, nhref_node_t node);

/* nhref_tape_output -- the node of output I (NHREF_NODE_INVALID if I >= nout or unset). */
nhref_node_t nhref_tape_output(const nhref_tape_t *tape, size_t i);

/* nhref_tape_status -- the first error met while building, NHREF_ETAPE if an
 * output is not set, else NHREF_OK. */
int nhref_tape_status(const nhref_tape_t *tape);

/* Sizes and introspection. */
size_t nhref_tape_nstate(const nhref_tape_t *tape);
size_t nhref_tape_nparam(const nhref_tape_t *tape);
size_t nhref_tape_nout(const nhref_tape_t *tape);
size_t nhref_tape_nnodes(const nhref_tape_t *tape);
/* Number of nonlinear non-constant nodes (products, quotients, elementary
 * functions): the K_eff of the cost floor of docs/performance.md. */
size_t nhref_tape_nnonlinear(const nhref_tape_t *tape);
const char *nhref_tape_op_name(nhref_op_t op);

/* nhref_tape_node_inputs -- the inputs NODE of TAPE depends on, a mask of
 * NHREF_TAPE_READS_TIME, _STATE and _PARAM (0: a function of constants only; an
 * invalid NODE: 0; memory short: all three).  Cost: one pass over the nodes before
 * NODE. */
#define NHREF_TAPE_READS_TIME 1u
#define NHREF_TAPE_READS_STATE 2u
#define NHREF_TAPE_READS_PARAM 4u
unsigned nhref_tape_node_inputs(const nhref_tape_t *tape, nhref_node_t node);

/* nhref_tape_states_read -- USED[i] = 1 for every state variable i that an output of
 * TAPE depends on, else 0 (USED: nstate flags).  Returns NHREF_OK, or NHREF_ENOMEM
 * (USED unchanged).  Cost: one pass over the nodes. */
int nhref_tape_states_read(const nhref_tape_t *tape, char *used);

/* nhref_tape_copy -- append SRC's nodes to DST (both with the same numbers of states,
 * parameters and outputs; DST's own nodes stay) and make DST's outputs SRC's.
 * Returns NHREF_OK; NHREF_ETAPE (SRC has a build error or other sizes); NHREF_ENOMEM.
 * Cost: one pass over SRC's nodes. */
int nhref_tape_copy(nhref_tape_t *dst, const nhref_tape_t *src);

/* nhref_tape_parse -- a tape with NSTATE states and NPARAM parameters whose one
 * output is the expression EXPR, e.g. "theta - 1.5" or "x^2 + y^2 - 4*r^2".
 * Grammar: + - * / (left associative), unary - and +, ^ (right associative,
 * binding tighter than a unary sign on its left: -x^2 = -(x^2), 2^-x = 2^(-x),
 * a^b^c = a^(b^c)), parentheses, numbers (decimal strings, kept exact), the
 * names t, pi, the state names STATE[0..nstate-1] and parameter names
 * PARAM[0..nparam-1], and the functions sin cos tan exp log sqrt asin acos atan
 * atanh sinh cosh tanh (NHREF_TAPE_PARSE_FUNCTIONS, for messages and docs).
 * Powers: an exponent written as an integer literal (x^2, x^-3, x^(2), x^(-3))
 *          is an integer power of any base (nhref_tape_powi); any other exponent
 *          (x^1.5, x^2.0, x^(1/3), x^a, 2^t, x^(n+1)) is a real power, defined for
 *          a positive base only (nhref_tape_pow): (-8)^(1/3) and 0^0.5 are
 *          undefined (NaN, NHREF_EDOMAIN where evaluated).  There is no pow().
 * Limits:  parentheses (groups and function arguments) and exponents of
 *          exponents (a^b^c...) nest at most NHREF_TAPE_PARSE_MAX_DEPTH = 1000
 *          levels (the parser recurses once per level, about 0.25 KB of stack
 *          each); integer-literal exponents are at most
 *          NHREF_TAPE_PARSE_MAX_EXPONENT = 2^31 - 1 in magnitude;
 *          a number must be a finite decimal below 2^4096 (about 1.04e1233)
 *          in magnitude and not underflow (nhref_decimal_set at 64 bits), so
 *          that sin and cos of it reduce their argument in bounded time.
 * Returns: NHREF_OK; NHREF_EPARSE with "column N: what was expected" in ERR,
 *          the limit named when one is exceeded ("column 1001: parentheses
 *          nested deeper than 1000 levels ..."); NHREF_ENOMEM.
 * Cost:    one pass over EXPR; the tape has O(strlen(EXPR)) nodes. */
#define NHREF_TAPE_PARSE_MAX_DEPTH 1000
#define NHREF_TAPE_PARSE_FUNCTIONS "sin cos tan exp log sqrt asin acos atan atanh sinh cosh tanh"

/* nhref_tape_parse_reserved -- are the LEN bytes at NAME a name the grammar reserves (a
 * function of NHREF_TAPE_PARSE_FUNCTIONS, t or pi)?  1 or 0.  Model files refuse such a
 * state or parameter name; a case's value "sqrt(2)/2" is an expression, not a sweep. */
int nhref_tape_parse_reserved(const char *name, size_t len);
#define NHREF_TAPE_PARSE_MAX_EXPONENT 2147483647L
int nhref_tape_parse(nhref_tape_t **tape, const char *expr, size_t nstate,
                     const char *const *state, size_t nparam, const char *const *param, char *err,
                     size_t errlen);

/* nhref_tape_parse_node -- the same grammar into the tape T under construction (its
 * inputs: T's), the expression's value in *NODE: several expressions on one tape share
 * their inputs and common nodes.  STATE and PARAM name T's state inputs and parameters
 * (NSTATE and NPARAM of them, at most T's).
 * Returns NHREF_OK; NHREF_EPARSE ("column N: ..." in ERR); NHREF_ENOMEM.  On error the
 * nodes made so far stay on T (unused).  Cost: one pass over EXPR. */
int nhref_tape_parse_node(nhref_tape_t *t, nhref_node_t *node, const char *expr, size_t nstate,
                          const char *const *state, size_t nparam, const char *const *param,
                          char *err, size_t errlen);

/* nhref_tape_format -- NODE of TAPE as an expression of the grammar above, for people:
 * states and parameters named by STATE and PARAM (NULL: x0, x1, ..., p0, ...), products
 * by 1 and sums with 0 left out, parentheses only where the precedence needs them (a
 * real power with an integer constant exponent written x^2.0, not read back as an
 * integer power);
 * shared subexpressions are written out each time.  Into BUF (LEN bytes).
 * Returns 0; -1 if the expression does not fit (BUF then says so) or NODE is invalid.
 * Cost: the length of the written expression. */
int nhref_tape_format(char *buf, size_t len, const nhref_tape_t *tape, nhref_node_t node,
                      const char *const *state, const char *const *param);

/* nhref_tape_format_simplified -- the same, expanded and collected: a sum of terms
 * c*f1^e1*f2^e2... with exact rational c (GMP) and the atoms f (names, functions of
 * simplified arguments, parenthesized quotients) in alphabetical order, like terms
 * added, zeros dropped (d^2L/dv^2 of m/2*v^2 reads m, not m/2*2).  Beyond 48 terms, an
 * exponent beyond NHREF_TAPE_PARSE_MAX_EXPONENT (the parser would not read it back) or
 * a written form too long it falls back to nhref_tape_format.  Returns as it.
 * Cost: the expansion, at most 48^2 products of terms per node. */
int nhref_tape_format_simplified(char *buf, size_t len, const nhref_tape_t *tape, nhref_node_t node,
                                 const char *const *state, const char *const *param);

/* ------------------------------------------------------------------ tangent tapes
 * Forward-mode differentiation of a tape by source transformation: the result
 * is an ordinary tape, so every interpreter and scheme evaluates, expands and
 * integrates it at any precision.  Nothing about a model is written twice.
 */

/* nhref_tape_linearize -- the variational equations of the ODE x' = f(t, x)
 * whose right-hand side is outputs 0..n-1 of F (n = nstate of F):
 * *OUT has n (1 + M) states (x, w_1, ..., w_M), F's parameters, and n (1 + M)
 * outputs (f(t, x), J w_1, ..., J w_M) with J = df/dx at (t, x).
 * Returns NHREF_OK; NHREF_ETAPE if F has a build error or nout < nstate;
 * NHREF_ENOMEM.  Cost of the new tape: about (1 + 3M) times F's nodes. */
int nhref_tape_linearize(nhref_tape_t **out, const nhref_tape_t *f, size_t m);

/* nhref_tape_params_as_states -- the ODE x' = f(t, x, p) of F (outputs 0..n-1, n =
 * nstate of F) with the K parameters p_PIDX[0..k-1] made states of zero derivative:
 * *OUT has n + K states (x, then p_PIDX[0], ..., p_PIDX[k-1]), F's nparam parameters
 * (those K unused) and nout + K outputs (f, K zeros, then F's outputs n..nout-1).
 * A flow of *OUT from a box of its last K states is the flow of F for every value of
 * those parameters in the box (the validated integrator's parameter sets).
 * Returns NHREF_OK; NHREF_ETAPE (F has a build error or nout < nstate); NHREF_EINVAL
 * (an index >= nparam, or given twice); NHREF_ENOMEM.
 * Cost: one pass over F's nodes; the new tape has F's nodes and one more. */
int nhref_tape_params_as_states(nhref_tape_t **out, const nhref_tape_t *f, size_t k,
                                const size_t *pidx);

/* nhref_tape_divergence -- a tape with F's inputs and one output,
 * div(rho f) = sum_i d(rho f_i)/dx_i (rho = 1 when RHO is NULL; else RHO's
 * output 0, a tape with the same inputs as F): the condition for the density
 * rho to be invariant is that this vanishes.  For rho = 1 it is the trace of
 * the Jacobian.
 * Returns NHREF_OK; NHREF_ETAPE if F or RHO has a build error or their inputs
 * differ; NHREF_ENOMEM.  Cost: about 3 nstate times F's nodes. */
int nhref_tape_divergence(nhref_tape_t **out, const nhref_tape_t *f, const nhref_tape_t *rho);

/* nhref_tape_gradient -- a tape with F's inputs and nstate outputs, the gradient
 * d F_K / d x_i (i < nstate) of F's output K (e.g. of a first integral: the
 * normal of its level set).
 * Returns NHREF_OK; NHREF_ETAPE (F has a build error or K >= nout);
 * NHREF_ENOMEM. */
int nhref_tape_gradient(nhref_tape_t **out, const nhref_tape_t *f, size_t k);

/* nhref_tape_lagrange -- the equations of motion of a Lagrangian system with m
 * constraints affine in the velocities (Lagrange-d'Alembert): SRC has 2n states (n
 * coordinates q, then their velocities v), any parameters, and 1 + m + n outputs: the
 * Lagrangian L, the constraints g_k = A_k(t, q) v + b_k(t, q), the generalized forces
 * Q_i.  *OUT has SRC's inputs and 2n outputs, v and v', where v' solves the KKT system
 *     [M A^T; A 0] [v'; mu] = [dL/dq + Q - C; -(dg/dq v + dg/dt)],
 * M = d^2 L / dv^2, C = d/dq (dL/dv) v + d/dt (dL/dv), A = dg/dv, on the tape (one
 * SOLVE of size N = n + m <= NHREF_TAPE_SOLVE_MAX), pruned to the nodes it needs.  A
 * singular KKT matrix is NHREF_EDOMAIN where the tape is evaluated.  L need not be
 * quadratic in v: M then depends on v, and must be invertible on the constraints.
 * *KKT (if KKT is not NULL) has SRC's inputs and N^2 + N outputs, the KKT matrix
 * row-major then the right-hand side: to print the equations, and to say which row is
 * dependent where the solve fails.
 * Returns NHREF_OK; NHREF_EINVAL (constraint *BAD is not affine in the velocities: its
 * A reads them; otherwise *BAD = m); NHREF_ETAPE (SRC has a build error or other
 * sizes, or N is too large); NHREF_ENOMEM.  Cost of the new tape: about (3 + n) passes
 * over SRC's nodes.
 * Source: A. M. Bloch, Nonholonomic Mechanics and Control (2003), §5.2. */
int nhref_tape_lagrange(nhref_tape_t **out, nhref_tape_t **kkt, const nhref_tape_t *src, size_t n,
                        size_t m, size_t *bad);

/* nhref_tape_expand_products -- *OUT = SRC (same inputs and outputs) with its products of
 * two linear forms of the state (sums of states times constants: parameters and
 * constants only) and squares of one written as sums over the monomials x_p x_q, with
 * constant coefficients, when the monomials those products make (*NMONO) are fewer than
 * the products (*NCAND; either pointer may be NULL): fewer products of two series per
 * Taylor order, e.g. (a x + b y) y and (c x + d y) x become sums over x^2, x y, y^2.
 * Otherwise *OUT is a copy of SRC.  The values are SRC's up to rounding (the sums are
 * regrouped).  For the model compiler (explicit ODEs written as products of linear
 * forms, model files).
 * Returns NHREF_OK, SRC's build error, or NHREF_ENOMEM.
 * Cost: two passes over SRC's nodes, plus nstate^2 per candidate. */
int nhref_tape_expand_products(nhref_tape_t **out, const nhref_tape_t *src, size_t *ncand,
                               size_t *nmono);

/* nhref_tape_fold_linear -- *OUT = SRC (same inputs and outputs) with its linear
 * combinations folded: a value that a sum, difference, negation, product by a constant
 * (a node of parameters and constants only) or quotient by one computes from other
 * values (the atoms: states, the time, products of two series, functions) is rebuilt
 * as sum_j c_j a_j + c_0, with each coefficient c_j one constant node evaluated once
 * per parameter set, where that takes fewer operations: c1 (c2 x) becomes (c1 c2) x,
 * (c1 x + c2 y)/d becomes (c1/d) x + (c2/d) y, and Cramer's rule written out, sums of
 * products of parameters by sums of products by parameters, becomes one product by a
 * constant per atom.  *NBEFORE and *NAFTER (either may be NULL): the cost per Taylor
 * coefficient of SRC's program and of *OUT's (tape/program.h): its instructions, a
 * product by a constant counted 2 and a quotient by one 3; when folding costs no less,
 * *OUT is a copy of SRC and *NAFTER = *NBEFORE.  The values are SRC's up to rounding (the
 * coefficients are multiplied out and the sums regrouped).  For the model compiler
 * (model files); the built-in models' tapes are not folded.
 * Returns NHREF_OK, SRC's build error, or NHREF_ENOMEM.
 * Cost: a few passes over SRC's nodes, times the terms of a combination (at most 64;
 * a combination of more is kept as an atom). */
int nhref_tape_fold_linear(nhref_tape_t **out, const nhref_tape_t *src, size_t *nbefore,
                           size_t *nafter);

/* nhref_tape_select -- a tape whose COUNT outputs are SRC's outputs FIRST, ...,
 * FIRST + COUNT - 1, with only the nodes they need (SRC's inputs); FIRST = 0 and
 * COUNT = nout prunes SRC.
 * Returns NHREF_OK, SRC's build error, NHREF_EINVAL (outputs out of range, COUNT = 0),
 * or NHREF_ENOMEM.  Cost: two passes over SRC's nodes. */
int nhref_tape_select(nhref_tape_t **out, const nhref_tape_t *src, size_t first, size_t count);

/* ------------------------------------------------------------------ MPFR interpreters
 * A workspace holds, for every node, its Taylor coefficients up to a maximal
 * order at a precision fixed at allocation.  Vectors are contiguous arrays of
 * MPFR numbers passed as mpfr_ptr / mpfr_srcptr (an `mpfr_t v[n]` is passed as
 * `v[0]`).  One workspace must not be used by two threads at once.
 */
typedef struct nhref_tape_mp nhref_tape_mp_t;

/* nhref_tape_mp_new -- a workspace for TAPE at PREC bits, for jets up to
 * order ORDER (0 for plain evaluation).  TAPE must outlive the workspace and
 * have status NHREF_OK.  Parameters start as NaN: set them before use.
 * Returns: NHREF_OK; NHREF_ETAPE for a tape with a build error; NHREF_EINVAL
 * for prec outside [MPFR_PREC_MIN, MPFR_PREC_MAX]; NHREF_EPARSE if a constant
 * string is malformed; NHREF_EDOMAIN if a constant overflows the number type
 * (e.g. 6e1000 in double); NHREF_ENOMEM.
 * Cost: (nnodes + aux) * (ORDER + 1) mpfr_init2 calls, once. */
int nhref_tape_mp_new(nhref_tape_mp_t **ws, const nhref_tape_t *tape, mpfr_prec_t prec,
                      unsigned order);
void nhref_tape_mp_free(nhref_tape_mp_t *ws);
mpfr_prec_t nhref_tape_mp_prec(const nhref_tape_mp_t *ws);
unsigned nhref_tape_mp_order(const nhref_tape_mp_t *ws);

/* nhref_tape_mp_set_params -- set the parameters (nparam values, rounded to
 * the workspace precision) and evaluate the constant nodes.
 * Returns: NHREF_OK; NHREF_EDOMAIN if a constant node is undefined (e.g. the
 * square root of a negative parameter combination); the workspace then
 * evaluates that node, and whatever depends on it, as NaN. */
int nhref_tape_mp_set_params(nhref_tape_mp_t *ws, mpfr_srcptr params);

/* nhref_tape_mp_eval -- OUT = the nout outputs at (T, X).
 * Shapes:    out: nout values (each rounded at its own precision); x: nstate.
 * Precision: each operation correctly rounded at the workspace precision.
 * Returns:   NHREF_OK; NHREF_EDOMAIN if any operation is undefined at its
 *            arguments (sqrt or log of a negative number, division by zero,
 *            atanh outside (-1, 1), asin or acos outside [-1, 1], a real power
 *            of a base <= 0, a non-finite result): the operation gives
 *            NaN and the evaluation goes on, so outputs that do not depend on
 *            it are still valid.
 * Cost:      one MPFR operation per node. */
int nhref_tape_mp_eval(mpfr_ptr out, nhref_tape_mp_t *ws, mpfr_srcptr t, mpfr_srcptr x);

/* nhref_tape_mp_ode_jet -- Taylor coefficients of order 0..ORDER of the
 * solution of x' = f(t, x) through (T, X), where f is outputs 0..nstate-1.
 * Read them with nhref_tape_mp_state_series.  Order 0 of every node equals
 * what nhref_tape_mp_eval computes, bit for bit.
 * Returns:   NHREF_OK; NHREF_EINVAL if ORDER exceeds the workspace's or
 *            nout < nstate; NHREF_EDOMAIN if an operation is undefined at the
 *            order-0 values (or not differentiable there: a division by an
 *            order-0 value of zero, sqrt of 0, asin or acos of +-1, at higher
 *            orders): the jet is then unusable.
 * Cost:      about K_eff (ORDER + 1)(ORDER + 2)/2 multiply-adds, K_eff =
 *            nhref_tape_nnonlinear(); no allocation.
 * Source:    Jorba & Zou, Exp. Math. 14(1) (2005), §2. */
int nhref_tape_mp_ode_jet(nhref_tape_mp_t *ws, mpfr_srcptr t, mpfr_srcptr x, unsigned order);

/* The ORDER + 1 coefficients of state component I from the last
 * nhref_tape_mp_ode_jet (valid until the next call). */
mpfr_srcptr nhref_tape_mp_state_series(const nhref_tape_mp_t *ws, size_t i);

/* ------------------------------------------------------------------ double interpreters
 * The same interpreter, from the same source, in IEEE double: the fast path.
 * Constants are the decimal strings correctly rounded to double; constant nodes
 * are evaluated once when the parameters are set.  Same semantics and statuses
 * as the MPFR interpreters; the jet recurrences are the double kernels of
 * nhref_jet.h, inlined. */
typedef struct nhref_tape_d nhref_tape_d_t;

/* As nhref_tape_mp_new, ..., nhref_tape_mp_state_series, in double (PREC is
 * ignored: 53 bits; T passed by address like every value of the interpreters).
 * Statuses as the MPFR functions. */
int nhref_tape_d_new(nhref_tape_d_t **ws, const nhref_tape_t *tape, long prec, unsigned order);
void nhref_tape_d_free(nhref_tape_d_t *ws);
long nhref_tape_d_prec(const nhref_tape_d_t *ws);
unsigned nhref_tape_d_order(const nhref_tape_d_t *ws);
int nhref_tape_d_set_params(nhref_tape_d_t *ws, const double *params);
int nhref_tape_d_eval(double *out, nhref_tape_d_t *ws, const double *t, const double *x);
int nhref_tape_d_ode_jet(nhref_tape_d_t *ws, const double *t, const double *x, unsigned order);
const double *nhref_tape_d_state_series(const nhref_tape_d_t *ws, size_t i);

NHREF_END_DECLS

#endif /* NHREF_TAPE_H */

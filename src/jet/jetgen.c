/* jetgen.c -- the jet generator: C for the double-precision Taylor jets of the built-in
 * models, written at build time (src/Makefile.am runs it; the output is never
 * committed).
 *
 * For every model of the registry, the right-hand side's tape is compiled into its
 * program exactly as the interpreter compiles it (tape/program.c), and becomes C in
 * one of two forms (tests/check_tape.c compares both with the interpreter for every
 * model):
 *
 *  - unrolled (the small models: at most UNROLL_BUDGET terms of sums to order KMAX,
 *    and only the operations of unrollable_op), in the manner of Jorba and Zou's
 *    `taylor' translator: one function per order K >= 1, straight-line arithmetic on
 *    constant indices with every sum written out in the double kernels' own tree (the
 *    interpreter's values, bit for bit), and the same functions in an FMA variant
 *    (fused multiply-adds in the sums; compiled with target("fma"), run only on a CPU
 *    with FMA, see tape/interp.c);
 *  - the loop form (the others): one loop over the orders K whose body is the
 *    program's instructions as calls of the interpreter's always-inlined jet_op with
 *    constant arguments, then the state coefficients of order K + 1: the interpreter
 *    specialised to one tape (no dispatch, every address resolved at compile time).
 *
 * Sizes: the unrolled jets (12 models, 26,400 terms, both variants) and the loop form
 * (8 models) make 1.9 MB of C; tape/interp.c's double instance then compiles in about
 * 2.5 minutes.  Unrolling every model was tried: 5 MB of C that took more than 20
 * minutes and 4 GB to compile (through jet_op's inlining at each order).  Measured
 * (bench_heyoka, sleigh at tolerance 1e-8): loop form 6.5 us, unrolled 5.2 us,
 * unrolled with FMA 4.7 us per integration.
 *
 * The output is included by tape/interp.c in its double instance.  A workspace uses a
 * generated jet when its tape has the fingerprint of a model's tape
 * (nhref_tape_fingerprint: two 64-bit hashes of the structure, not of the parameter
 * values) and its order is at most NHREF_GEN_KMAX; its series then have the length
 * NHREF_GEN_KMAX + 1 that the offsets assume.  Any other tape, and any order above,
 * is interpreted.
 *
 * Usage: jetgen [KMAX] > jets_gen_d.c      (KMAX: 1..64, default 20: the highest order
 *                                            the double path uses, 16 digits)
 */
#define _GNU_SOURCE /* asprintf */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_model.h"
#include "nhref_status.h"
#include "nhref_tape.h"
#include "tape/program.h"
#include "tape/tape_internal.h"

static const char *op_name(int op)
{
    switch (op) {
    case NHREF_OP_ADD:
        return "NHREF_OP_ADD";
    case NHREF_OP_SUB:
        return "NHREF_OP_SUB";
    case NHREF_OP_NEG:
        return "NHREF_OP_NEG";
    case NHREF_OP_MUL:
        return "NHREF_OP_MUL";
    case NHREF_OP_SQR:
        return "NHREF_OP_SQR";
    case NHREF_OP_DIV:
        return "NHREF_OP_DIV";
    case NHREF_OP_SQRT:
        return "NHREF_OP_SQRT";
    case NHREF_OP_SIN:
        return "NHREF_OP_SIN";
    case NHREF_OP_EXP:
        return "NHREF_OP_EXP";
    case NHREF_OP_LOG:
        return "NHREF_OP_LOG";
    case NHREF_OP_ATAN:
        return "NHREF_OP_ATAN";
    case NHREF_OP_ATANH:
        return "NHREF_OP_ATANH";
    case NHREF_OP_TANH:
        return "NHREF_OP_TANH";
    case NHREF_OP_POWI:
        return "NHREF_OP_POWI";
    case NHREF_OP_SOLVE:
        return "NHREF_OP_SOLVE";
    case NHREF_PROG_MULC:
        return "NHREF_PROG_MULC";
    case NHREF_PROG_DIVC:
        return "NHREF_PROG_DIVC";
    default:
        return NULL;
    }
}

/* a series of the coefficients: "c + OFFSET" or "NULL" */
static void series(FILE *out, nhref_node_t node, const nhref_node_t *rep, unsigned len)
{
    if (node == NHREF_NODE_INVALID)
        fputs("NULL", out);
    else
        fprintf(out, "c + %lu", (unsigned long)rep[node] * len);
}

/* ------------------------------------------------------------------ unrolled form
 * A model whose program uses only the operations below, and whose jet to KMAX is at
 * most UNROLL_BUDGET terms, gets one function per order K >= 1 with every sum written
 * out: plain arithmetic on constant indices, no loop, no call, no branch.  The
 * expressions are those of the double kernels (num/num_d.h, jet/<op>.h) operation for
 * operation, so the values are the interpreter's, bit for bit:
 *   - a sum of products is num_d_dot's tree: partial sums s_r of the terms r, r + 4,
 *     r + 8, ... left to right, then (s0 + s1) + (s2 + s3) with the absent ones left
 *     out, and 0.0 when empty;
 *   - each kernel's statement order and roundings (num_cauchy, num_cauchy_sym,
 *     num_cauchy_w, num_dot, num_dot_sym, num_div_ui as a product by the rounded
 *     reciprocal).
 * Order 0 calls the kernels as the loop form does (sin, cos, exp, sqrt of the values,
 * and their domain checks).  From order 1 on, nothing is checked inside: a NaN or an
 * infinity of order K reaches every node that uses it at order K (each recurrence is
 * affine in its arguments' coefficients of order K) and so the states' coefficients of
 * order K + 1, which are checked (their products by 0.0, summed: NaN iff one is not
 * finite), as the interpreter does with NUM_LAZY_CHECKS.
 * The budget keeps the generated C small enough to compile in seconds; larger models
 * (and models with other operations) get the loop form. */
#define UNROLL_BUDGET 6000

static int unrollable_op(int op)
{
    switch (op) {
    case NHREF_OP_ADD:
    case NHREF_OP_SUB:
    case NHREF_OP_NEG:
    case NHREF_OP_MUL:
    case NHREF_OP_SQR:
    case NHREF_OP_DIV:
    case NHREF_OP_SQRT:
    case NHREF_OP_SIN:
    case NHREF_OP_EXP:
    case NHREF_PROG_MULC:
    case NHREF_PROG_DIVC:
        return 1;
    default:
        return 0;
    }
}

/* the terms of the sums of order K of instruction Q (products, 2 for SIN) */
static unsigned long unroll_terms(const nhref_prog_instr_t *q, unsigned k)
{
    switch (q->op) {
    case NHREF_OP_MUL:
        return k + 1;
    case NHREF_OP_SQR:
        return (k + 1) / 2 + 1;
    case NHREF_OP_SIN:
        return 2 * k;
    case NHREF_OP_DIV:
    case NHREF_OP_EXP:
        return k;
    case NHREF_OP_SQRT:
        return k / 2 + 1;
    default:
        return 1;
    }
}

/* the terms of the whole unrolled jet to KMAX, or ULONG_MAX if an operation is not
 * in the unrolled set */
static unsigned long unroll_size(const nhref_program_t *pg, unsigned kmax)
{
    unsigned long n = 0;
    for (size_t i = 0; i < pg->nprog; i++) {
        if (!unrollable_op(pg->prog[i].op))
            return ULONG_MAX;
        for (unsigned k = 1; k < kmax; k++)
            n += unroll_terms(&pg->prog[i], k);
    }
    return n;
}

/* a series' base offset in c[] */
static unsigned long off(const nhref_program_t *pg, nhref_node_t node, unsigned len)
{
    return (unsigned long)pg->rep[node] * len;
}

/* A + X Y: in the generic variant "(A + X * Y)" (two roundings, as the kernels); in the
 * FMA variant one fused multiply-add.  Returns a new string (the caller frees it). */
static char *mac(int fma, const char *a, const char *x, const char *y)
{
    char *r = NULL;
    int n = fma ? asprintf(&r, "__builtin_fma(%s, %s, %s)", x, y, a)
                : asprintf(&r, "(%s + %s * %s)", a, x, y);
    if (n < 0) {
        fputs("jetgen: out of memory\n", stderr);
        exit(1);
    }
    return r;
}

/* "XA[I]" as a new string */
static char *ref(char xa, long i)
{
    char *r = NULL;
    if (asprintf(&r, "%c[%ld]", xa, i) < 0) {
        fputs("jetgen: out of memory\n", stderr);
        exit(1);
    }
    return r;
}

/* num_d_dot's tree as a new string: sum_{i < L} X[x + i xs] Y[y + i ys] (with the
 * weights (W0 + i) when WEIGHTED: num_d_dot_w with dw = 1, ((double)w X) Y).  Partial
 * sum s_r = t_r + t_{r+4} + ... left to right (FMA variant: t_r, then fused
 * multiply-adds), then (s0 + s1) + (s2 + s3); "0.0" when empty. */
static char *dot(int fma, char xa, long x, long xs, char ya, long y, long ys, long len,
                 int weighted, long w0)
{
    char *acc[4] = {NULL, NULL, NULL, NULL}, *r = NULL;
    long nacc = len < 4 ? len : 4;
    int n;

    if (len <= 0)
        return strdup("0.0");
    for (long q = 0; q < nacc; q++) {
        for (long i = q; i < len; i += 4) {
            char *xi = ref(xa, x + i * xs), *yi = ref(ya, y + i * ys), *t;
            if (weighted) {
                char *wx = NULL;
                if (asprintf(&wx, "(%ld.0 * %s)", w0 + i, xi) < 0)
                    exit(1);
                free(xi);
                xi = wx;
            }
            if (acc[q] == NULL) {
                if (asprintf(&t, "%s * %s", xi, yi) < 0)
                    exit(1);
            } else {
                t = mac(fma, acc[q], xi, yi);
            }
            free(acc[q]);
            acc[q] = t;
            free(xi);
            free(yi);
        }
    }
    switch (nacc) {
    case 1:
        n = asprintf(&r, "(%s)", acc[0]);
        break;
    case 2:
        n = asprintf(&r, "(%s + %s)", acc[0], acc[1]);
        break;
    case 3:
        n = asprintf(&r, "((%s + %s) + %s)", acc[0], acc[1], acc[2]);
        break;
    default:
        n = asprintf(&r, "((%s + %s) + (%s + %s))", acc[0], acc[1], acc[2], acc[3]);
        break;
    }
    for (int q = 0; q < 4; q++)
        free(acc[q]);
    if (n < 0)
        exit(1);
    return r;
}

/* print "INDENT TARGET = EXPR;" and free EXPR */
static void assign(FILE *out, char xa, long i, char *expr)
{
    fprintf(out, "    %c[%ld] = %s;\n", xa, i, expr);
    free(expr);
}

/* the statements of order K of instruction Q (FMA: the FMA variant) */
static int emit_instr_k(FILE *out, const nhref_program_t *pg, const nhref_prog_instr_t *q,
                        unsigned k, unsigned len, int fma)
{
    long w = (long)off(pg, q->node, len), K = k;
    long a = q->a != NHREF_NODE_INVALID ? (long)off(pg, q->a, len) : -1;
    long b = q->b != NHREF_NODE_INVALID ? (long)off(pg, q->b, len) : -1;
    char *h, *e, *e2, *x, *y;

    switch (q->op) {
    case NHREF_OP_ADD:
        fprintf(out, "    c[%ld] = c[%ld] + c[%ld];\n", w + K, a + K, b + K);
        break;
    case NHREF_OP_SUB:
        fprintf(out, "    c[%ld] = c[%ld] - c[%ld];\n", w + K, a + K, b + K);
        break;
    case NHREF_OP_NEG:
        fprintf(out, "    c[%ld] = -c[%ld];\n", w + K, a + K);
        break;
    case NHREF_PROG_MULC: /* jet_mul_scalar_k: the constant (order 0 of a) times b_k */
        fprintf(out, "    c[%ld] = c[%ld] * c[%ld];\n", w + K, a, b + K);
        break;
    case NHREF_PROG_DIVC: /* jet_div_scalar_k: a_k over the constant */
        fprintf(out, "    c[%ld] = c[%ld] / c[%ld];\n", w + K, a + K, b);
        break;
    case NHREF_OP_MUL: /* num_cauchy: (dot + u_0 v_k) + u_k v_0 */
        h = dot(fma, 'c', a + 1, 1, 'c', b + K - 1, -1, K - 1, 0, 0);
        x = ref('c', a), y = ref('c', b + K);
        e = mac(fma, h, x, y);
        free(x), free(y), x = ref('c', a + K), y = ref('c', b);
        assign(out, 'c', w + K, mac(fma, e, x, y));
        free(h), free(e), free(x), free(y);
        break;
    case NHREF_OP_SQR: /* num_cauchy_sym: (2 dot [+ u_{k/2}^2]) + (2 u_0) u_k */
        h = dot(fma, 'c', a + 1, 1, 'c', a + K - 1, -1, (K + 1) / 2 - 1, 0, 0);
        if (asprintf(&e, "2 * %s", h) < 0)
            exit(1);
        if (K % 2 == 0) {
            x = ref('c', a + K / 2);
            e2 = mac(fma, e, x, x);
            free(e), free(x), e = e2;
        }
        if (asprintf(&x, "(2 * c[%ld])", a) < 0)
            exit(1);
        y = ref('c', a + K);
        assign(out, 'c', w + K, mac(fma, e, x, y));
        free(h), free(e), free(x), free(y);
        break;
    case NHREF_OP_SIN: { /* jet_sincos_k with the series du_j = j u_j */
        long s = w, co = (long)off(pg, q->w2, len), du = (long)(q->sin * len);
        fprintf(out, "    d[%ld] = c[%ld] * %ld.0;\n", du + K, a + K, K);
        x = ref('d', du + K);
        h = dot(fma, 'd', du + 1, 1, 'c', co + K - 1, -1, K - 1, 0, 0);
        y = ref('c', co);
        e = mac(fma, h, x, y);
        fprintf(out, "    c[%ld] = %s * (1.0 / %ld.0);\n", s + K, e, K);
        free(h), free(e), free(y);
        h = dot(fma, 'd', du + 1, 1, 'c', s + K - 1, -1, K - 1, 0, 0);
        y = ref('c', s);
        e = mac(fma, h, x, y);
        fprintf(out, "    c[%ld] = -(%s * (1.0 / %ld.0));\n", co + K, e, K);
        free(h), free(e), free(x), free(y);
        break;
    }
    case NHREF_OP_DIV: /* jet_div: (u_k - dot(v_1.., w_{k-1}..)) / v_0 */
        h = dot(fma, 'c', b + 1, 1, 'c', w + K - 1, -1, K, 0, 0);
        fprintf(out, "    c[%ld] = (c[%ld] + -%s) / c[%ld];\n", w + K, a + K, h, b);
        free(h);
        break;
    case NHREF_OP_SQRT: /* jet_sqrt: ((u_k - (2 dot [+ w_{k/2}^2])) / w_0) / 2 */
        h = dot(fma, 'c', w + 1, 1, 'c', w + K - 1, -1, (K - 1) / 2, 0, 0);
        if (asprintf(&e, "2 * %s", h) < 0)
            exit(1);
        if (K % 2 == 0) {
            x = ref('c', w + K / 2);
            e2 = mac(fma, e, x, x);
            free(e), free(x), e = e2;
        }
        fprintf(out, "    c[%ld] = ((c[%ld] + -(%s)) / c[%ld]) * 0.5;\n", w + K, a + K, e, w);
        free(h), free(e);
        break;
    case NHREF_OP_EXP: /* jet_exp: (dot_w + (k u_k) w_0) / k */
        h = dot(fma, 'c', a + 1, 1, 'c', w + K - 1, -1, K - 1, 1, 1);
        if (asprintf(&x, "(%ld.0 * c[%ld])", K, a + K) < 0)
            exit(1);
        y = ref('c', w);
        e = mac(fma, h, x, y);
        fprintf(out, "    c[%ld] = %s * (1.0 / %ld.0);\n", w + K, e, K);
        free(h), free(e), free(x), free(y);
        break;
    default:
        return -1;
    }
    return 0;
}

/* the call of the interpreter's jet_op for instruction Q at order K (a C expression
 * or the variable k), returning its status when not NHREF_OK */
static void emit_jet_op(FILE *out, const nhref_program_t *pg, const nhref_prog_instr_t *q,
                        unsigned len, const char *k, const char *indent)
{
    fprintf(out, "%sif ((st = jet_op(ws, %s, ", indent, op_name(q->op));
    series(out, q->node, pg->rep, len);
    fputs(", ", out);
    series(out, q->w2, pg->rep, len);
    if (q->op == NHREF_OP_SIN)
        fprintf(out, ", NUM_CAUCHY_DU ? d + %lu : NULL, ", (unsigned long)q->sin * len);
    else
        fputs(", NULL, ", out);
    series(out, q->a, pg->rep, len);
    fputs(", ", out);
    series(out, q->b, pg->rep, len);
    fprintf(out, ", ws->auxp + %zu, %ldL, ", q->aux, q->n);
    if (q->op == NHREF_OP_SOLVE)
        fprintf(out, "ws->solve + %zu", q->solve);
    else
        fputs("NULL", out);
    fprintf(out, ", %s)) != NHREF_OK)\n%s    return st;\n", k, indent);
}

/* the loop form of a model's jet (index MI): gen_MI, a loop over the orders whose
 * body calls jet_op for every instruction, then sets the states' coefficients */
static void emit_loop(FILE *out, const nhref_program_t *pg, const nhref_tape_t *tape, size_t mi,
                      unsigned kmax)
{
    unsigned len = kmax + 1;

    fprintf(out, "static int gen_%zu(tape_ws_t *ws, unsigned order)\n{\n", mi);
    fputs("    num_ptr c = ws->coef, d = ws->du;\n    int fin = 1, st;\n    (void)d;\n", out);
    fputs("    for (unsigned k = 0; k < order; k++) {\n", out);
    for (size_t i = 0; i < pg->nprog; i++)
        emit_jet_op(out, pg, &pg->prog[i], len, "k", "        ");
    for (size_t i = 0; i < tape->nstate; i++) {
        unsigned long x = off(pg, tape->state[i], len), f = off(pg, tape->out[i], len);
        fprintf(out, "        num_div_ui(c + %lu + k + 1, c + %lu + k, k + 1, 53);\n", x, f);
        fprintf(out, "        fin &= num_is_finite(c + %lu + k + 1);\n", x);
    }
    fputs("    }\n    return fin ? NHREF_OK : NHREF_EDOMAIN;\n}\n", out);
}

/* the unrolled jet of a model (index MI), in the generic variant or (FMA) the FMA
 * variant, whose functions end in _fma and are compiled for a CPU with fused
 * multiply-add (target("fma"); interp.c calls them only on such a CPU): gen_MI_K for
 * K = 1..KMAX-1, and gen_MI (order 0 by the kernels, then the orders K below the order
 * asked) */
static void emit_unrolled(FILE *out, const nhref_program_t *pg, const nhref_tape_t *tape,
                          size_t mi, unsigned kmax, int fma)
{
    unsigned len = kmax + 1;
    const char *sfx = fma ? "_fma" : "", *attr = fma ? "noinline, target(\"fma\")" : "noinline";

    for (unsigned k = 1; k < kmax; k++) {
        fprintf(out, "static __attribute__((%s)) double gen_%zu_%u%s(double *c, double *d)\n{\n",
                attr, mi, k, sfx);
        fputs("    (void)d;\n", out);
        for (size_t i = 0; i < pg->nprog; i++)
            emit_instr_k(out, pg, &pg->prog[i], k, len, fma);
        /* the states' coefficients of order k + 1, and their products by 0.0 */
        for (size_t i = 0; i < tape->nstate; i++)
            fprintf(out, "    c[%lu] = c[%lu] * (1.0 / %u.0);\n",
                    off(pg, tape->state[i], len) + k + 1, off(pg, tape->out[i], len) + k, k + 1);
        fputs("    return ", out);
        for (size_t i = 0; i < tape->nstate; i++)
            fprintf(out, "%sc[%lu] * 0.0", i > 0 ? " + " : "", off(pg, tape->state[i], len) + k + 1);
        fputs(";\n}\n", out);
    }
    fprintf(out, "static int gen_%zu%s(tape_ws_t *ws, unsigned order)\n{\n", mi, sfx);
    fputs("    num_ptr c = ws->coef, d = ws->du;\n    double z = 0;\n    int st;\n    (void)d;\n",
          out);
    for (size_t i = 0; i < pg->nprog; i++)
        emit_jet_op(out, pg, &pg->prog[i], len, "0", "    ");
    for (size_t i = 0; i < tape->nstate; i++) {
        unsigned long x = off(pg, tape->state[i], len), f = off(pg, tape->out[i], len);
        fprintf(out, "    num_div_ui(c + %lu, c + %lu, 1, 53);\n", x + 1, f);
        fprintf(out, "    z += c[%lu] * 0.0;\n", x + 1);
    }
    /* direct calls, one predictable branch each */
    for (unsigned k = 1; k < kmax; k++)
        fprintf(out, "    if (order > %u)\n        z += gen_%zu_%u%s(c, d);\n", k, mi, k, sfx);
    fputs("    return z == z ? NHREF_OK : NHREF_EDOMAIN; /* NaN iff a state coefficient is "
          "not finite */\n}\n",
          out);
}

/* the functions of model M (index MI) and its table entry; 0 or -1 */
static int model(FILE *out, FILE *table, size_t mi, const nhref_model_t *m, unsigned kmax)
{
    nhref_tape_t *tape;
    nhref_program_t pg;
    uint64_t fp[2];
    unsigned long size;

    /* the tape as nhref_system_new builds it */
    if (nhref_tape_new(&tape, m->nstate, m->nparam, m->nstate) != NHREF_OK ||
        m->build_rhs(tape) != NHREF_OK || nhref_tape_status(tape) != NHREF_OK) {
        fprintf(stderr, "jetgen: model %s: its tape does not build\n", m->name);
        nhref_tape_free(tape);
        return -1;
    }
    if (nhref_program_build(&pg, tape) != NHREF_OK) {
        fprintf(stderr, "jetgen: model %s: out of memory\n", m->name);
        nhref_tape_free(tape);
        return -1;
    }
    nhref_tape_fingerprint(fp, tape);
    for (size_t i = 0; i < pg.nprog; i++)
        if (op_name(pg.prog[i].op) == NULL) {
            fprintf(stderr, "jetgen: model %s: unexpected operation %d\n", m->name, pg.prog[i].op);
            nhref_program_free(&pg);
            nhref_tape_free(tape);
            return -1;
        }
    size = unroll_size(&pg, kmax);
    if (size <= UNROLL_BUDGET) {
        fprintf(out, "\n/* %s: %zu nodes, %zu instructions; unrolled, %lu terms */\n", m->name,
                tape->nnodes, pg.nprog, size);
        emit_unrolled(out, &pg, tape, mi, kmax, 0);
        fputs("#if NHREF_GEN_FMA\n", out);
        emit_unrolled(out, &pg, tape, mi, kmax, 1);
        fputs("#endif\n", out);
    } else {
        fprintf(out, "\n/* %s: %zu nodes, %zu instructions */\n", m->name, tape->nnodes,
                pg.nprog);
        emit_loop(out, &pg, tape, mi, kmax);
    }
    fprintf(table,
            "    {{0x%016llxULL, 0x%016llxULL}, %zu, \"%s\", gen_fma_or_generic(gen_%zu, gen_%zu%s)},\n",
            (unsigned long long)fp[0], (unsigned long long)fp[1], tape->nnodes, m->name, mi, mi,
            size <= UNROLL_BUDGET ? "_fma" : "");
    nhref_program_free(&pg);
    nhref_tape_free(tape);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned kmax = 20;
    FILE *table = tmpfile();
    int c;

    if (argc > 2 || (argc == 2 && (kmax = (unsigned)atoi(argv[1])) == 0) || kmax > 64) {
        fprintf(stderr, "usage: jetgen [KMAX] > jets_gen_d.c   (KMAX: 1..64, default 20)\n");
        return 2;
    }
    if (table == NULL) {
        perror("jetgen: tmpfile");
        return 1;
    }
    printf("/* jets_gen_d.c -- GENERATED at build time by src/jet/jetgen.c from the built-in\n"
           " * models' tapes: the double-precision Taylor jets to order %u, for\n"
           " * tape/interp.c (double instance).  Do not edit; never committed. */\n\n",
           kmax);
    printf("#define NHREF_GEN_KMAX %u\n", kmax);
    for (size_t i = 0; i < nhref_model_count(); i++)
        if (model(stdout, table, i, nhref_model_get(i), kmax) != 0)
            return 1;
    /* the table: each model's generic jet and its FMA variant (the generic one for the
     * loop form), the latter only where interp.c compiles the FMA variants */
    printf("\n#if !NHREF_GEN_FMA\n#define gen_fma_or_generic(generic, fma) generic, generic\n"
           "#else\n#define gen_fma_or_generic(generic, fma) generic, fma\n#endif\n");
    printf("static const gen_jet_t gen_jets[] = {\n");
    rewind(table);
    while ((c = getc(table)) != EOF)
        putchar(c);
    printf("};\n#undef gen_fma_or_generic\n");
    fclose(table);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("jetgen: stdout");
        return 1;
    }
    return 0;
}

/* jit_emit.c -- C for the double-precision Taylor jet of one tape: the text compiled by
 * the run-time compiler (tape/jit.c) and by the build-time generator (tools/jetgen.c,
 * whose header comment describes the two forms, unrolled and loop).  A type-independent
 * object: it reads the tape's program (tape/program.h), never a workspace. */
#define _GNU_SOURCE /* vasprintf */
#include "tape/jit_emit.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_status.h"
#include "tape/program.h"
#include "tape/tape_internal.h"

/* set when a string of the text could not be allocated (fmt) */
static _Thread_local int emit_oom;

/* the C name of instruction OP (the loop form's jet_op calls): every tape operation,
 * from the list that defines them (NHREF_TAPE_OP_LIST), and the program's own
 * operations; NULL for anything else (model() refuses the model) */
static const char *op_name(int op)
{
    switch (op) {
#define NHREF_X_OP(name, arity, str)                                                               \
    case NHREF_OP_##name:                                                                          \
        return "NHREF_OP_" #name;
        NHREF_TAPE_OP_LIST(NHREF_X_OP)
#undef NHREF_X_OP
    case NHREF_PROG_MULC:
        return "NHREF_PROG_MULC";
    case NHREF_PROG_DIVC:
        return "NHREF_PROG_DIVC";
    case NHREF_PROG_POWC:
        return "NHREF_PROG_POWC";
    default:
        return NULL;
    }
}

/* ------------------------------------------------------------------ unrolled form
 * A model whose program uses only the operations of unroll_terms, in which every
 * instruction feeds an output, and whose jet to KMAX is at most UNROLL_BUDGET terms of
 * sums, gets one function per order K >= 1 with every sum written out: plain
 * arithmetic on constant indices, no loop, no call, no branch.  The expressions are
 * those of the double kernels (num/num_d.h, jet/<op>.h) operation for operation, so
 * the values are the interpreter's, bit for bit:
 *   - a sum of products is num_d_dot's tree: partial sums s_r of the terms r, r + 4,
 *     r + 8, ... left to right, then (s0 + s1) + (s2 + s3) with the absent ones left
 *     out, and 0.0 when empty;
 *   - each kernel's statement order and roundings (num_cauchy, num_cauchy_sym,
 *     num_cauchy_w, num_dot, num_dot_sym, num_div_ui as a product by the rounded
 *     reciprocal).
 * Order 0 calls the kernels as the loop form does (sin, cos, exp, sqrt of the values,
 * and their domain checks).  From order 1 on, nothing is checked inside: a NaN or an
 * infinity of order K reaches every instruction that uses it at order K (each
 * recurrence is affine in its arguments' coefficients of order K, and inf times 0 is
 * NaN), hence, since every instruction feeds an output, the states' coefficients of
 * order K + 1, which are checked (their products by 0.0, summed: NaN iff one is not
 * finite).  So the status is the interpreter's.
 * The budget bounds the C to compile (about 2.5 minutes for tape/interp.c's double
 * instance at 26,400 terms in two variants); larger models, and models with other
 * operations, get the loop form. */
#define UNROLL_BUDGET 6000

/* the terms of the sums of order K of instruction Q (1: a linear operation), or 0 if
 * its operation is not unrolled */
static unsigned long unroll_terms(const nhref_prog_instr_t *q, unsigned k)
{
    switch (q->op) {
    case NHREF_OP_ADD:
    case NHREF_OP_SUB:
    case NHREF_OP_NEG:
    case NHREF_PROG_MULC:
    case NHREF_PROG_DIVC:
        return 1;
    case NHREF_OP_MUL:
        return k + 1;
    case NHREF_OP_SQR:
        return (k + 1) / 2 + 1;
    case NHREF_OP_POWI: /* u^2 only: jet_pow_si's orders k >= 1 are jet_sqr's */
        return q->n == 2 ? (k + 1) / 2 + 1 : 0;
    case NHREF_OP_SIN:
        return 2 * k;
    case NHREF_OP_DIV:
    case NHREF_OP_EXP:
        return k;
    case NHREF_OP_SQRT:
        return k / 2 + 1;
    default:
        return 0;
    }
}

/* nonzero if every instruction of PG feeds an output of TAPE (through the
 * instructions after it): its node, or a SIN's COS, is an output or an argument of an
 * instruction that feeds one */
static int all_feed_outputs(const nhref_program_t *pg, const nhref_tape_t *tape)
{
    char *used = calloc(tape->nnodes, 1);
    int all = used != NULL;

    for (size_t i = 0; all && i < tape->nout; i++)
        used[pg->rep[tape->out[i]]] = 1;
    for (size_t i = pg->nprog; all && i-- > 0;) {
        const nhref_prog_instr_t *q = &pg->prog[i];
        if (!used[q->node] && (q->w2 == NHREF_NODE_INVALID || !used[q->w2]))
            all = 0;
        if (q->a != NHREF_NODE_INVALID)
            used[q->a] = 1;
        if (q->b != NHREF_NODE_INVALID)
            used[q->b] = 1;
    }
    free(used);
    return all;
}

/* the terms of the whole unrolled jet to KMAX, or ULONG_MAX if PG cannot be unrolled
 * (an operation of the loop form only, or an instruction that feeds no output) */
static unsigned long unroll_size(const nhref_program_t *pg, const nhref_tape_t *tape, unsigned kmax)
{
    unsigned long n = 0;
    for (size_t i = 0; i < pg->nprog; i++) {
        if (unroll_terms(&pg->prog[i], 1) == 0)
            return ULONG_MAX;
        for (unsigned k = 1; k < kmax; k++)
            n += unroll_terms(&pg->prog[i], k);
    }
    return all_feed_outputs(pg, tape) ? n : ULONG_MAX;
}

/* a series' base offset in c[] */
static long off(const nhref_program_t *pg, nhref_node_t node, unsigned len)
{
    return node == NHREF_NODE_INVALID ? -1 : (long)pg->rep[node] * len;
}

/* a series of the coefficients for jet_op: "c + OFFSET" or "NULL" */
static void series(FILE *out, const nhref_program_t *pg, nhref_node_t node, unsigned len)
{
    if (node == NHREF_NODE_INVALID)
        fputs("0", out);
    else
        fprintf(out, "c + %ld", off(pg, node, len));
}

/* a new string from the format, freed by the callers; NULL when memory is short (then
 * emit_oom is set, and nhref_jit_emit fails once the text is written) */
static __attribute__((format(printf, 1, 2))) char *fmt(const char *f, ...)
{
    char *r;
    va_list ap;
    int n;

    va_start(ap, f);
    n = vasprintf(&r, f, ap);
    va_end(ap);
    if (n < 0) {
        emit_oom = 1;
        return NULL;
    }
    return r;
}

/* the variants of the text (the FMA argument of the functions below) */
enum { EMIT_GENERIC = 0, EMIT_FMA = 1, EMIT_FMA_LANES = 2 };

/* A + X Y, freeing A: in the generic variant (A + X * Y), two roundings as in the
 * kernels; in the FMA variant one fused multiply-add (in four lanes: jit_vfma, the text's
 * own, one fused multiply-add per lane) */
static char *mac(int fma, char *a, const char *x, const char *y)
{
    char *r = fma == EMIT_FMA         ? fmt("__builtin_fma(%s, %s, %s)", x, y, a)
              /* an addend without a series ("0.0", "2 * 0.0": +0) is a scalar: broadcast */
              : fma == EMIT_FMA_LANES ? fmt(strchr(a, '[') ? "jit_vfma(%s, %s, %s)"
                                                           : "jit_vfma(%s, %s, jit_zero + (%s))",
                                            x, y, a)
                                      : fmt("(%s + %s * %s)", a, x, y);
    free(a);
    return r;
}

/* num_d_dot's tree: sum_{i < L} X[x + i xs] Y[y + i ys] (with the weights (W0 + i)
 * when WEIGHTED: num_d_dot_w with dw = 1, ((double)w X) Y).  Partial sum s_r = t_r +
 * t_{r+4} + ... left to right (FMA variant: t_r, then fused multiply-adds), then
 * (s0 + s1) + (s2 + s3); "0.0" when empty.  X, Y: the arrays' names. */
static char *dot(int fma, char xa, long x, long xs, char ya, long y, long ys, long len,
                 int weighted, long w0)
{
    char *acc[4] = {NULL, NULL, NULL, NULL}, *r;
    long nacc = len < 4 ? len : 4;

    if (len <= 0)
        return fmt("0.0");
    for (long q = 0; q < nacc; q++)
        for (long i = q; i < len; i += 4) {
            char *xi = weighted ? fmt("(%ld.0 * %c[%ld])", w0 + i, xa, x + i * xs)
                                : fmt("%c[%ld]", xa, x + i * xs);
            char *yi = fmt("%c[%ld]", ya, y + i * ys);
            acc[q] = acc[q] == NULL ? fmt("%s * %s", xi, yi) : mac(fma, acc[q], xi, yi);
            free(xi);
            free(yi);
        }
    r = nacc == 1   ? fmt("(%s)", acc[0])
        : nacc == 2 ? fmt("(%s + %s)", acc[0], acc[1])
        : nacc == 3 ? fmt("((%s + %s) + %s)", acc[0], acc[1], acc[2])
                    : fmt("((%s + %s) + (%s + %s))", acc[0], acc[1], acc[2], acc[3]);
    for (int q = 0; q < 4; q++)
        free(acc[q]);
    return r;
}

/* num_dot_sym's sum without its initial value: 2 dot [+ MID^2] over the series at
 * offset U (coefficients 1.. against K-1 down, LEN terms), MID the middle coefficient
 * when K is even; freed by the caller */
static char *sym(int fma, long u, long k, long len)
{
    char *h = dot(fma, 'c', u + 1, 1, 'c', u + k - 1, -1, len, 0, 0), *e = fmt("2 * %s", h);
    free(h);
    if (k % 2 == 0) {
        char *m = fmt("c[%ld]", u + k / 2);
        e = mac(fma, e, m, m);
        free(m);
    }
    return e;
}

/* "    c[W] = X * Y;" style statements: print "    NAME[I] = EXPR;" and free EXPR */
static void assign(FILE *out, char name, long i, char *expr)
{
    fprintf(out, "    %c[%ld] = %s;\n", name, i, expr);
    free(expr);
}

/* the statements of order K of instruction Q (FMA: the FMA variant); the kernel each
 * one mirrors is named */
static void emit_instr_k(FILE *out, const nhref_program_t *pg, const nhref_prog_instr_t *q, long k,
                         unsigned len, int fma)
{
    long w = off(pg, q->node, len), a = off(pg, q->a, len), b = off(pg, q->b, len);
    char *h, *x, *y;

    switch (q->op) {
    case NHREF_OP_ADD:
        assign(out, 'c', w + k, fmt("c[%ld] + c[%ld]", a + k, b + k));
        break;
    case NHREF_OP_SUB:
        assign(out, 'c', w + k, fmt("c[%ld] - c[%ld]", a + k, b + k));
        break;
    case NHREF_OP_NEG:
        assign(out, 'c', w + k, fmt("-c[%ld]", a + k));
        break;
    case NHREF_PROG_MULC: /* jet_mul_scalar_k: the constant (order 0 of a) times b_k */
        assign(out, 'c', w + k, fmt("c[%ld] * c[%ld]", a, b + k));
        break;
    case NHREF_PROG_DIVC: /* jet_div_scalar_k: a_k over the constant */
        assign(out, 'c', w + k, fmt("c[%ld] / c[%ld]", a + k, b));
        break;
    case NHREF_OP_MUL: /* num_cauchy: (dot + u_0 v_k) + u_k v_0 */
        h = dot(fma, 'c', a + 1, 1, 'c', b + k - 1, -1, k - 1, 0, 0);
        x = fmt("c[%ld]", a), y = fmt("c[%ld]", b + k);
        h = mac(fma, h, x, y);
        free(x), free(y), x = fmt("c[%ld]", a + k), y = fmt("c[%ld]", b);
        assign(out, 'c', w + k, mac(fma, h, x, y));
        free(x), free(y);
        break;
    case NHREF_OP_POWI: /* n = 2 only (unroll_terms): jet_pow_si runs jet_sqr at k >= 1 */
    case NHREF_OP_SQR: /* num_cauchy_sym: (2 dot [+ u_{k/2}^2]) + (2 u_0) u_k */
        x = fmt("(2 * c[%ld])", a), y = fmt("c[%ld]", a + k);
        assign(out, 'c', w + k, mac(fma, sym(fma, a, k, (k + 1) / 2 - 1), x, y));
        free(x), free(y);
        break;
    case NHREF_OP_SIN: { /* jet_sincos_k with the series du_j = j u_j */
        long s = w, co = off(pg, q->w2, len), du = (long)(q->sin * len);
        assign(out, 'd', du + k, fmt("c[%ld] * %ld.0", a + k, k));
        x = fmt("d[%ld]", du + k);
        y = fmt("c[%ld]", co);
        h = mac(fma, dot(fma, 'd', du + 1, 1, 'c', co + k - 1, -1, k - 1, 0, 0), x, y);
        assign(out, 'c', s + k, fmt("%s * (1.0 / %ld.0)", h, k));
        free(h), free(y), y = fmt("c[%ld]", s);
        h = mac(fma, dot(fma, 'd', du + 1, 1, 'c', s + k - 1, -1, k - 1, 0, 0), x, y);
        assign(out, 'c', co + k, fmt("-(%s * (1.0 / %ld.0))", h, k));
        free(h), free(x), free(y);
        break;
    }
    case NHREF_OP_DIV: /* jet_div: (u_k + -dot(v_1.., w_{k-1}..)) / v_0 */
        h = dot(fma, 'c', b + 1, 1, 'c', w + k - 1, -1, k, 0, 0);
        assign(out, 'c', w + k, fmt("(c[%ld] + -%s) / c[%ld]", a + k, h, b));
        free(h);
        break;
    case NHREF_OP_SQRT: /* jet_sqrt: ((u_k + -(2 dot [+ w_{k/2}^2])) / w_0) 2^-1 */
        h = sym(fma, w, k, (k - 1) / 2);
        assign(out, 'c', w + k, fmt("((c[%ld] + -(%s)) / c[%ld]) * 0.5", a + k, h, w));
        free(h);
        break;
    case NHREF_OP_EXP: /* num_cauchy_w without DU: (dot_w + (k u_k) w_0) / k */
        x = fmt("(%ld.0 * c[%ld])", k, a + k), y = fmt("c[%ld]", w);
        h = mac(fma, dot(fma, 'c', a + 1, 1, 'c', w + k - 1, -1, k - 1, 1, 1), x, y);
        assign(out, 'c', w + k, fmt("%s * (1.0 / %ld.0)", h, k));
        free(h), free(x), free(y);
        break;
    }
}

/* the call of the interpreter's jet_op for instruction Q at order K (a C expression
 * or the variable k), returning its status when not NHREF_OK */
static void emit_jet_op(FILE *out, const nhref_program_t *pg, const nhref_prog_instr_t *q,
                        unsigned len, const char *k, const char *indent)
{
    fprintf(out, "%sif ((st = jet_op(ws, %s, ", indent, op_name(q->op));
    series(out, pg, q->node, len);
    fputs(", ", out);
    series(out, pg, q->w2, len);
    if (q->op == NHREF_OP_SIN)
        fprintf(out, ", JIT_CAUCHY_DU ? d + %lu : 0, ", (unsigned long)q->sin * len);
    else
        fputs(", 0, ", out);
    series(out, pg, q->a, len);
    fputs(", ", out);
    series(out, pg, q->b, len);
    fprintf(out, ", ws->auxp + %zu, %ldL, ", q->aux, q->n);
    if (q->op == NHREF_OP_SOLVE)
        fprintf(out, "ws->solve + %zu", q->solve);
    else
        fputs("0", out);
    fprintf(out, ", %s)) != NHREF_OK)\n%s    return st;\n", k, indent);
}

/* the loop form of a model's jet (index MI): gen_MI, a loop over the orders whose
 * body calls jet_op for every instruction, then sets the states' coefficients */
static void emit_loop(FILE *out, const nhref_program_t *pg, const nhref_tape_t *tape,
                      const char *mi, unsigned kmax)
{
    unsigned len = kmax + 1;

    fprintf(out, "static int gen_%s(tape_ws_t *ws, unsigned order)\n{\n", mi);
    fputs("    num_ptr c = ws->coef, d = ws->du;\n    int fin = 1, st;\n    (void)d;\n", out);
    fputs("    for (unsigned k = 0; k < order; k++) {\n", out);
    for (size_t i = 0; i < pg->nprog; i++)
        emit_jet_op(out, pg, &pg->prog[i], len, "k", "        ");
    for (size_t i = 0; i < tape->nstate; i++) {
        long x = off(pg, tape->state[i], len), f = off(pg, tape->out[i], len);
        fprintf(out, "        num_div_ui(c + %ld + k + 1, c + %ld + k, k + 1, 53);\n", x, f);
        fprintf(out, "        fin &= num_is_finite(c + %ld + k + 1);\n", x);
    }
    fputs("    }\n    return fin ? NHREF_OK : NHREF_EDOMAIN;\n}\n", out);
}

/* the functions gen_MI_K<SFX> of the unrolled form for K = 1..KMAX-1, of type T *(T *c,
 * T *d) with the attributes ATTR: the statements of order K of every instruction (FMA:
 * the variant), then the states' coefficients of order K + 1, returning the sum of their
 * products by 0.0 (NaN iff one is not finite).  T: "double", or "jit_v" for the four
 * lanes (the same statements on vectors) */
static void emit_orders(FILE *out, const nhref_program_t *pg, const nhref_tape_t *tape,
                        const char *mi, unsigned kmax, int fma, const char *type, const char *sfx,
                        const char *attr)
{
    unsigned len = kmax + 1;

    for (unsigned k = 1; k < kmax; k++) {
        fprintf(out, "static __attribute__((%s)) %s gen_%s_%u%s(%s *c, %s *d)\n{\n", attr, type, mi,
                k, sfx, type, type);
        fputs("    (void)d;\n", out);
        for (size_t i = 0; i < pg->nprog; i++)
            emit_instr_k(out, pg, &pg->prog[i], k, len, fma);
        /* the states' coefficients of order k + 1, and their products by 0.0 */
        for (size_t i = 0; i < tape->nstate; i++)
            assign(out, 'c', off(pg, tape->state[i], len) + k + 1,
                   fmt("c[%ld] * (1.0 / %u.0)", off(pg, tape->out[i], len) + k, k + 1));
        fputs("    return ", out);
        for (size_t i = 0; i < tape->nstate; i++)
            fprintf(out, "%sc[%ld] * 0.0", i > 0 ? " + " : "",
                    off(pg, tape->state[i], len) + k + 1);
        fputs(";\n}\n", out);
    }
}

/* the unrolled jet of a model (index MI), in the generic variant or (FMA) the FMA
 * variant, whose functions end in _fma and are compiled for a CPU with fused
 * multiply-add (target("fma"); interp.c calls them only on such a CPU): gen_MI_K for
 * K = 1..KMAX-1, and gen_MI (order 0 by the kernels, then the orders K below the order
 * asked) */
static void emit_unrolled(FILE *out, const nhref_program_t *pg, const nhref_tape_t *tape,
                          const char *mi, unsigned kmax, int fma)
{
    unsigned len = kmax + 1;
    const char *sfx = fma ? "_fma" : "", *attr = fma ? "noinline, target(\"fma\")" : "noinline";

    emit_orders(out, pg, tape, mi, kmax, fma, "double", sfx, attr);
    fprintf(out, "static int gen_%s%s(tape_ws_t *ws, unsigned order)\n{\n", mi, sfx);
    fputs("    num_ptr c = ws->coef, d = ws->du;\n    double z = 0;\n    int st;\n    (void)d;\n",
          out);
    for (size_t i = 0; i < pg->nprog; i++)
        emit_jet_op(out, pg, &pg->prog[i], len, "0", "    ");
    for (size_t i = 0; i < tape->nstate; i++) {
        long x = off(pg, tape->state[i], len), f = off(pg, tape->out[i], len);
        fprintf(out, "    num_div_ui(c + %ld, c + %ld, 1, 53);\n", x + 1, f);
        fprintf(out, "    z += c[%ld] * 0.0;\n", x + 1);
    }
    /* direct calls, one predictable branch each */
    for (unsigned k = 1; k < kmax; k++)
        fprintf(out, "    if (order > %u)\n        z += gen_%s_%u%s(c, d);\n", k, mi, k, sfx);
    fputs("    return z == z ? NHREF_OK : NHREF_EDOMAIN; /* NaN iff a state coefficient is "
          "not finite */\n}\n",
          out);
}
/* 1 if every instruction of PG has a four-lane order 0 (emit_instr0_lanes), else 0 */
static int lanes0_form(const nhref_program_t *pg)
{
    for (size_t i = 0; i < pg->nprog; i++)
        switch (pg->prog[i].op) {
        case NHREF_OP_ADD:
        case NHREF_OP_SUB:
        case NHREF_OP_NEG:
        case NHREF_PROG_MULC:
        case NHREF_PROG_DIVC:
        case NHREF_OP_MUL:
        case NHREF_OP_SQR:
        case NHREF_OP_DIV:
        case NHREF_OP_SQRT:
        case NHREF_OP_EXP:
        case NHREF_OP_SIN:
            break;
        default: /* POWI: num_pow_si's order 0 */
            return 0;
        }
    return 1;
}

/* the statements of order 0 of instruction Q in four lanes: the kernels' order 0
 * (jet/<op>.h with k = 0 and num/num_v.h: one IEEE operation, or libm's exp, sin, cos and
 * sqrt lane by lane), so each lane is the interpreter's value bit for bit; then the
 * result's products by 0.0 into z (NaN iff a lane's result is not finite) */
static void emit_instr0_lanes(FILE *out, const nhref_program_t *pg, const nhref_prog_instr_t *q,
                              unsigned len)
{
    long w = off(pg, q->node, len), a = off(pg, q->a, len), b = off(pg, q->b, len);

    switch (q->op) {
    case NHREF_OP_ADD:
        fprintf(out, "    c[%ld] = c[%ld] + c[%ld];\n", w, a, b);
        break;
    case NHREF_OP_SUB:
        fprintf(out, "    c[%ld] = c[%ld] - c[%ld];\n", w, a, b);
        break;
    case NHREF_OP_NEG:
        fprintf(out, "    c[%ld] = -c[%ld];\n", w, a);
        break;
    case NHREF_PROG_MULC: /* jet_mul_scalar_k: the constant times b_0 */
    case NHREF_OP_MUL:    /* jet_mul_k: num_mul */
        fprintf(out, "    c[%ld] = c[%ld] * c[%ld];\n", w, a, b);
        break;
    case NHREF_PROG_DIVC: /* jet_div_scalar_k */
    case NHREF_OP_DIV:    /* jet_div: num_div */
        fprintf(out, "    c[%ld] = c[%ld] / c[%ld];\n", w, a, b);
        break;
    case NHREF_OP_SQR: /* num_sqr */
        fprintf(out, "    c[%ld] = c[%ld] * c[%ld];\n", w, a, a);
        break;
    case NHREF_OP_SQRT: /* num_sqrt: NaN below 0 */
        fprintf(out,
                "    for (int l = 0; l < 4; l++)\n        c[%ld][l] = c[%ld][l] < 0 ? "
                "__builtin_nan(\"\") : sqrt(c[%ld][l]);\n",
                w, a, a);
        break;
    case NHREF_OP_EXP: /* num_exp */
        fprintf(out, "    for (int l = 0; l < 4; l++)\n        c[%ld][l] = exp(c[%ld][l]);\n", w,
                a);
        break;
    case NHREF_OP_SIN: { /* num_sin_cos, and du_0 = 0; the argument in a local, so that
                          * the compiler makes the two calls one sincos (as in num_d.h:
                          * glibc's sincos is its sin and cos, bit for bit) */
        long co = off(pg, q->w2, len), du = (long)(q->sin * len);
        fprintf(out,
                "    for (int l = 0; l < 4; l++) {\n        double x_ = c[%ld][l];\n"
                "        c[%ld][l] = sin(x_);\n        c[%ld][l] = cos(x_);\n    }\n"
                "    d[%ld] = (jit_v){0.0, 0.0, 0.0, 0.0};\n",
                a, w, co, du);
        fprintf(out, "    z += c[%ld] * 0.0;\n", co);
        break;
    }
    }
    fprintf(out, "    z += c[%ld] * 0.0;\n", w);
}

/* the four-lane orders of a model (index MI; FMA: EMIT_GENERIC or EMIT_FMA_LANES): the
 * statements of emit_unrolled's gen_MI_K on jit_v, four doubles (a vector of GCC's
 * extension, which acts lane by lane: lane l of each operation is the double operation
 * on lane l, so lane l of the jet is emit_unrolled's jet of lane l, bit for bit, FMA
 * variant included), and gen_MI_v[_fma], orders 1 .. ORDER - 1 */
static void emit_lanes(FILE *out, const nhref_program_t *pg, const nhref_tape_t *tape,
                       const char *mi, unsigned kmax, int fma)
{
    const char *sfx = fma ? "_fma" : "", *attr = fma ? "noinline, target(\"avx,fma\")" : "noinline";

    emit_orders(out, pg, tape, mi, kmax, fma, "jit_v", fma ? "_v_fma" : "_v", attr);
    /* the same target as the functions it calls: a vector is returned in a register of
     * the target's width */
    fprintf(out, "static %sint gen_%s_v%s(jit_v *c, jit_v *d, unsigned order)\n{\n",
            fma ? "__attribute__((target(\"avx,fma\"))) " : "", mi, sfx);
    fputs("    jit_v z = {0.0, 0.0, 0.0, 0.0};\n", out);
    for (unsigned k = 1; k < kmax; k++)
        fprintf(out, "    if (order > %u)\n        z += gen_%s_%u_v%s(c, d);\n", k, mi, k, sfx);
    fputs("    return z[0] == z[0] && z[1] == z[1] && z[2] == z[2] && z[3] == z[3] ? 0 : 1;\n}\n",
          out);
    if (!lanes0_form(pg))
        return;
    /* gen_MI_v0[_fma]: order 0 too, then the states' order 1 (num_div_ui by 1), then the
     * orders above; 1 if a lane's result of order 0 is not finite (stricter than the
     * interpreter, whose linear kernels let non-finite values through: the batch then
     * computes the lanes one by one, with the interpreter's statuses) */
    fprintf(out, "static %sint gen_%s_v0%s(jit_v *c, jit_v *d, unsigned order)\n{\n",
            fma ? "__attribute__((target(\"avx,fma\"))) " : "", mi, sfx);
    fputs("    jit_v z = {0.0, 0.0, 0.0, 0.0};\n", out);
    for (size_t i = 0; i < pg->nprog; i++)
        emit_instr0_lanes(out, pg, &pg->prog[i], kmax + 1);
    for (size_t i = 0; i < tape->nstate; i++) {
        long x = off(pg, tape->state[i], kmax + 1), f = off(pg, tape->out[i], kmax + 1);
        fprintf(out, "    c[%ld] = c[%ld] * (1.0 / 1.0);\n    z += c[%ld] * 0.0;\n", x + 1, f,
                x + 1);
    }
    fputs("    if (!(z[0] == z[0] && z[1] == z[1] && z[2] == z[2] && z[3] == z[3]))\n"
          "        return 1;\n",
          out);
    fprintf(out, "    return order > 1 ? gen_%s_v%s(c, d, order) : 0;\n}\n", mi, sfx);
}

int nhref_jit_lanes0_form(const nhref_tape_t *tape)
{
    nhref_program_t pg;
    int r;

    if (nhref_tape_status(tape) != NHREF_OK || nhref_program_build(&pg, tape) != NHREF_OK)
        return 0;
    r = lanes0_form(&pg);
    nhref_program_free(&pg);
    return r;
}

int nhref_jit_unrolled_form(const nhref_tape_t *tape, unsigned kmax)
{
    nhref_program_t pg;
    unsigned long size;

    if (nhref_tape_status(tape) != NHREF_OK || kmax < 1 || kmax > 64 || tape->nout < tape->nstate)
        return 0;
    if (nhref_program_build(&pg, tape) != NHREF_OK)
        return 0;
    size = unroll_size(&pg, tape, kmax);
    nhref_program_free(&pg);
    return size <= UNROLL_BUDGET;
}

int nhref_jit_emit_lanes(FILE *out, const nhref_tape_t *tape, const char *id, unsigned kmax)
{
    nhref_program_t pg;
    unsigned long size;
    int status = NHREF_OK;

    if (nhref_tape_status(tape) != NHREF_OK || kmax < 1 || kmax > 64 || tape->nout < tape->nstate)
        return NHREF_ETAPE;
    if (nhref_program_build(&pg, tape) != NHREF_OK)
        return NHREF_ENOMEM;
    emit_oom = 0;
    size = unroll_size(&pg, tape, kmax);
    if (size > UNROLL_BUDGET) {
        status = NHREF_ETAPE;
    } else {
        fprintf(out, "\n/* %s: %zu nodes, %zu instructions; unrolled in four lanes, %lu terms */\n",
                tape->label[0] != '\0' ? tape->label : id, tape->nnodes, pg.nprog, size);
        fputs("typedef double jit_v __attribute__((vector_size(32), aligned(16)));\n"
              "double exp(double), sin(double), cos(double), sqrt(double);\n",
              out);
        emit_lanes(out, &pg, tape, id, kmax, EMIT_GENERIC);
        fputs("#if NHREF_GEN_FMA\nstatic inline __attribute__((always_inline, target(\"avx,fma\"))) "
              "jit_v jit_vfma(jit_v x, jit_v y, jit_v a)\n{\n    return "
              "__builtin_ia32_vfmaddpd256(x, y, a);\n}\n"
              "static const jit_v jit_zero = {0.0, 0.0, 0.0, 0.0};\n",
              out);
        emit_lanes(out, &pg, tape, id, kmax, EMIT_FMA_LANES);
        fputs("#endif\n", out);
    }
    nhref_program_free(&pg);
    if (status != NHREF_OK)
        return status;
    if (emit_oom)
        return NHREF_ENOMEM;
    return ferror(out) ? NHREF_EIO : NHREF_OK;
}

int nhref_jit_emit(FILE *out, const nhref_tape_t *tape, const char *id, unsigned kmax,
                   int *unrolled, unsigned long *terms)
{
    nhref_program_t pg;
    unsigned long size;

    *unrolled = 0;
    *terms = 0;
    if (nhref_tape_status(tape) != NHREF_OK || kmax < 1 || kmax > 64 || tape->nout < tape->nstate)
        return NHREF_ETAPE;
    if (nhref_program_build(&pg, tape) != NHREF_OK)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < pg.nprog; i++)
        if (op_name(pg.prog[i].op) == NULL) {
            nhref_program_free(&pg);
            return NHREF_ETAPE;
        }
    emit_oom = 0;
    size = unroll_size(&pg, tape, kmax);
    if (size <= UNROLL_BUDGET) {
        fprintf(out, "\n/* %s: %zu nodes, %zu instructions; unrolled, %lu terms */\n",
                tape->label[0] != '\0' ? tape->label : id, tape->nnodes, pg.nprog, size);
        emit_unrolled(out, &pg, tape, id, kmax, EMIT_GENERIC);
        fputs("#if NHREF_GEN_FMA\n", out);
        emit_unrolled(out, &pg, tape, id, kmax, EMIT_FMA);
        fputs("#endif\n", out);
        *unrolled = 1;
        *terms = size;
    } else {
        fprintf(out, "\n/* %s: %zu nodes, %zu instructions */\n",
                tape->label[0] != '\0' ? tape->label : id, tape->nnodes, pg.nprog);
        emit_loop(out, &pg, tape, id, kmax);
    }
    nhref_program_free(&pg);
    if (emit_oom)
        return NHREF_ENOMEM;
    return ferror(out) ? NHREF_EIO : NHREF_OK;
}

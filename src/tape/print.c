/* print.c -- a node of a tape as an expression in the parser's grammar, for people
 * (`nhref describe` of a model file prints the equations nhref derived): the DAG
 * written out as a tree, with products by 1, sums with 0 and double negations
 * simplified, and no more parentheses than the precedence needs.  A tree longer than
 * the caller's limit is not written out (it can be exponentially longer than the DAG). */
#include "tape_internal.h"

#include <ctype.h>
#include <gmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* precedence: sums, products, unary minus, powers, atoms */
enum { P_SUM = 1, P_PROD = 2, P_NEG = 3, P_POW = 4, P_ATOM = 5 };

typedef struct {
    const nhref_tape_t *t;
    const char *const *state, *const *param;
    char *buf;
    size_t len, cap; /* written, room (the caller's limit) */
    int over;
} printer_t;

static void put(printer_t *pr, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (pr->over)
        return;
    va_start(ap, fmt);
    n = vsnprintf(pr->buf + pr->len, pr->cap - pr->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= pr->cap - pr->len)
        pr->over = 1;
    else
        pr->len += (size_t)n;
}

static int is_const(const nhref_tape_t *t, nhref_node_t i, const char *digits)
{
    const nhref_tape_node_t *nd = &t->node[i];
    return nd->op == NHREF_OP_CONST && strcmp(nd->str, digits) == 0;
}

/* is node I a constant written as an integer literal ("2", "-3", "+4")?  The parser
 * reads such an exponent as an integer power (POWI), so a real power (POW) with it is
 * printed as "x^2.0" */
static int is_int_literal(const nhref_tape_t *t, nhref_node_t i)
{
    const char *s = t->node[i].str;
    if (t->node[i].op != NHREF_OP_CONST)
        return 0;
    if (*s == '-' || *s == '+')
        s++;
    if (*s == '\0')
        return 0;
    for (; *s != '\0'; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

static int prec_of(const nhref_tape_t *t, nhref_node_t i)
{
    const nhref_tape_node_t *nd = &t->node[i];
    switch (nd->op) {
    case NHREF_OP_ADD:
    case NHREF_OP_SUB:
        return P_SUM;
    case NHREF_OP_MUL:
    case NHREF_OP_DIV:
        return P_PROD;
    case NHREF_OP_NEG:
        return P_NEG;
    case NHREF_OP_SQR:
    case NHREF_OP_POWI:
    case NHREF_OP_POW:
        return P_POW;
    case NHREF_OP_CONST:
        return nd->str[0] == '-' ? P_NEG : P_ATOM;
    default:
        return P_ATOM;
    }
}

/* node I, parenthesized if it binds less tightly than CTX */
static void emit(printer_t *pr, nhref_node_t i, int ctx)
{
    const nhref_tape_t *t = pr->t;
    const nhref_tape_node_t *nd = &t->node[i];
    int p = prec_of(t, i), paren;

    if (pr->over)
        return;
    /* the simplifications: x*1, 1*x, x+0, 0+x, x-0, --x */
    if (nd->op == NHREF_OP_MUL && is_const(t, nd->a, "1")) {
        emit(pr, nd->b, ctx);
        return;
    }
    if ((nd->op == NHREF_OP_MUL || nd->op == NHREF_OP_DIV) && is_const(t, nd->b, "1")) {
        emit(pr, nd->a, ctx);
        return;
    }
    if (nd->op == NHREF_OP_ADD && is_const(t, nd->a, "0")) {
        emit(pr, nd->b, ctx);
        return;
    }
    if ((nd->op == NHREF_OP_ADD || nd->op == NHREF_OP_SUB) && is_const(t, nd->b, "0")) {
        emit(pr, nd->a, ctx);
        return;
    }
    if (nd->op == NHREF_OP_NEG && t->node[nd->a].op == NHREF_OP_NEG) {
        emit(pr, t->node[nd->a].a, ctx);
        return;
    }
    paren = p < ctx;
    if (paren)
        put(pr, "(");
    switch (nd->op) {
    case NHREF_OP_CONST:
        put(pr, "%s", nd->str);
        break;
    case NHREF_OP_TIME:
        put(pr, "t");
        break;
    case NHREF_OP_STATE:
        if (pr->state != NULL)
            put(pr, "%s", pr->state[nd->n]);
        else
            put(pr, "x%ld", nd->n);
        break;
    case NHREF_OP_PARAM:
        if (pr->param != NULL)
            put(pr, "%s", pr->param[nd->n]);
        else
            put(pr, "p%ld", nd->n);
        break;
    case NHREF_OP_ADD:
        emit(pr, nd->a, P_SUM);
        if (t->node[nd->b].op == NHREF_OP_NEG) {
            put(pr, " - ");
            emit(pr, t->node[nd->b].a, P_PROD);
        } else {
            put(pr, " + ");
            emit(pr, nd->b, P_PROD);
        }
        break;
    case NHREF_OP_SUB:
        if (is_const(t, nd->a, "0")) {
            put(pr, "-");
            emit(pr, nd->b, P_POW);
            break;
        }
        emit(pr, nd->a, P_SUM);
        put(pr, " - ");
        emit(pr, nd->b, P_PROD);
        break;
    case NHREF_OP_NEG:
        put(pr, "-");
        emit(pr, nd->a, P_POW);
        break;
    case NHREF_OP_MUL:
        emit(pr, nd->a, P_PROD);
        put(pr, "*");
        emit(pr, nd->b, P_NEG + 1);
        break;
    case NHREF_OP_DIV:
        emit(pr, nd->a, P_PROD);
        put(pr, "/");
        emit(pr, nd->b, P_POW);
        break;
    case NHREF_OP_SQR:
        emit(pr, nd->a, P_ATOM);
        put(pr, "^2");
        break;
    case NHREF_OP_POWI:
        emit(pr, nd->a, P_ATOM);
        put(pr, nd->n < 0 ? "^(%ld)" : "^%ld", nd->n);
        break;
    case NHREF_OP_POW:
        emit(pr, nd->a, P_ATOM);
        put(pr, "^");
        if (is_int_literal(t, nd->b)) /* not read back as an integer power */
            put(pr, isdigit((unsigned char)t->node[nd->b].str[0]) ? "%s.0" : "(%s.0)",
                t->node[nd->b].str);
        else if (t->node[nd->b].op == NHREF_OP_NEG) {
            /* x^-e: the parser reads the exponent's signs without a group, so the printed
             * form nests no deeper than the expression (x^(-e) went one level deeper,
             * beyond the parser's limit at 1000 levels); an integer e as "N.0", a real
             * power ("x^(-N)" is read as an integer power, refused beyond 2^31 - 1) */
            nhref_node_t e = t->node[nd->b].a;
            put(pr, "-");
            if (is_int_literal(t, e))
                put(pr, isdigit((unsigned char)t->node[e].str[0]) ? "%s.0" : "(%s.0)",
                    t->node[e].str);
            else
                emit(pr, e, P_POW);
        } else /* right associative: x^a^b is x^(a^b), one level of the parser per ^ */
            emit(pr, nd->b, P_POW);
        break;
    case NHREF_OP_SOLVE:
        put(pr, "solve%ld", nd->n);
        break;
    default: /* the functions of one argument */
        put(pr, "%s(", nhref_tape_op_name(nd->op));
        emit(pr, nd->a, 0);
        put(pr, ")");
        break;
    }
    if (paren)
        put(pr, ")");
}

int nhref_tape_format(char *buf, size_t len, const nhref_tape_t *tape, nhref_node_t node,
                      const char *const *state, const char *const *param)
{
    printer_t pr = {tape, state, param, buf, 0, len, 0};
    if (len == 0)
        return -1;
    buf[0] = '\0';
    if (node < 0 || (size_t)node >= tape->nnodes) {
        snprintf(buf, len, "(none)");
        return -1;
    }
    emit(&pr, node, 0);
    if (pr.over) {
        snprintf(buf, len, "(an expression longer than %zu characters, not written out)", len - 1);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ simplified
 * A node as a sum of terms c * prod f_j^e_j: c rational (exact, GMP), f_j atoms (a
 * name, a function of a simplified argument, or a parenthesized quotient), e_j
 * integers.  Sums and products are expanded and like terms collected, so what the
 * differentiation made (m/2*2, 0 - x, sin(phi)*(-1)) reads as a person writes it.
 * Beyond MAX_TERMS terms or MAX_TEXT characters the expansion gives up. */
#define MAX_TERMS 48
#define MAX_FACTORS 16
#define MAX_TEXT 4096

typedef struct {
    char *atom;
    long e;
} factor_t;

typedef struct {
    mpq_t c;
    size_t nf;
    factor_t f[MAX_FACTORS];
} term_t;

typedef struct {
    size_t n;
    term_t *t; /* MAX_TERMS */
    int over;  /* too large: not expanded */
} poly_t;

typedef struct {
    const nhref_tape_t *t;
    const char *const *state, *const *param;
    poly_t *memo; /* per node, computed on first use (memo[i].t == NULL: not yet) */
} simp_t;

static void poly_init(poly_t *p)
{
    p->n = 0;
    p->over = 0;
    p->t = malloc(MAX_TERMS * sizeof *p->t);
    if (p->t == NULL)
        p->over = 1;
}

static void poly_clear(poly_t *p)
{
    for (size_t i = 0; i < p->n; i++) {
        mpq_clear(p->t[i].c);
        for (size_t j = 0; j < p->t[i].nf; j++)
            free(p->t[i].f[j].atom);
    }
    free(p->t);
    p->t = NULL;
    p->n = 0;
}

/* do the factors of A and B match (the same atoms and exponents, in order)? */
static int same_monomial(const term_t *a, const term_t *b)
{
    if (a->nf != b->nf)
        return 0;
    for (size_t j = 0; j < a->nf; j++)
        if (a->f[j].e != b->f[j].e || strcmp(a->f[j].atom, b->f[j].atom) != 0)
            return 0;
    return 1;
}

/* P += C * (factors of M): collected with a like term, dropped if the sum is 0 */
static void poly_add_term(poly_t *p, mpq_srcptr c, const term_t *m)
{
    term_t *t;
    if (p->over || mpq_sgn(c) == 0)
        return;
    for (size_t i = 0; i < p->n; i++)
        if (same_monomial(&p->t[i], m)) {
            mpq_add(p->t[i].c, p->t[i].c, c);
            if (mpq_sgn(p->t[i].c) == 0) { /* cancelled: remove it */
                term_t gone = p->t[i];
                memmove(&p->t[i], &p->t[i + 1], (p->n - i - 1) * sizeof *p->t);
                p->n--;
                mpq_clear(gone.c);
                for (size_t j = 0; j < gone.nf; j++)
                    free(gone.f[j].atom);
            }
            return;
        }
    if (p->n == MAX_TERMS) {
        p->over = 1;
        return;
    }
    t = &p->t[p->n];
    mpq_init(t->c);
    mpq_set(t->c, c);
    t->nf = 0;
    for (size_t j = 0; j < m->nf; j++) {
        if ((t->f[j].atom = strdup(m->f[j].atom)) == NULL) {
            p->over = 1;
            break;
        }
        t->f[j].e = m->f[j].e;
        t->nf++;
    }
    p->n++;
}

/* an exponent the parser reads back (|e| <= NHREF_TAPE_PARSE_MAX_EXPONENT = 2^31 - 1;
 * every exponent of a term is one, so sums and products of two fit in a long) */
static int exp_ok(long e)
{
    return e >= -NHREF_TAPE_PARSE_MAX_EXPONENT && e <= NHREF_TAPE_PARSE_MAX_EXPONENT;
}

/* the product of two monomials into OUT (factors sorted by atom, exponents added);
 * 0 if it has too many factors or an exponent the parser would not read.  OUT's atoms
 * point into A's and B's. */
static int monomial_mul(term_t *out, const term_t *a, const term_t *b)
{
    size_t i = 0, j = 0;
    out->nf = 0;
    while (i < a->nf || j < b->nf) {
        int cmp = i == a->nf ? 1 : j == b->nf ? -1 : strcmp(a->f[i].atom, b->f[j].atom);
        factor_t f = cmp < 0 ? a->f[i] : b->f[j];
        if (cmp == 0)
            f.e = a->f[i].e + b->f[j].e;
        i += cmp <= 0;
        j += cmp >= 0;
        if (!exp_ok(f.e))
            return 0;
        if (f.e == 0)
            continue;
        if (out->nf == MAX_FACTORS)
            return 0;
        out->f[out->nf++] = f;
    }
    return 1;
}

/* OUT = A * B (or A * B^-1 for a monomial B when INVERT) */
static void poly_mul(poly_t *out, const poly_t *a, const poly_t *b, int invert)
{
    mpq_t c;
    term_t m, inv;
    poly_init(out);
    if (a->over || b->over) {
        out->over = 1;
        return;
    }
    mpq_init(c);
    for (size_t i = 0; i < a->n && !out->over; i++)
        for (size_t j = 0; j < b->n && !out->over; j++) {
            const term_t *bj = &b->t[j];
            if (invert) {
                inv.nf = bj->nf;
                for (size_t k = 0; k < bj->nf; k++)
                    inv.f[k] = (factor_t){bj->f[k].atom, -bj->f[k].e};
                bj = &inv;
                mpq_div(c, a->t[i].c, b->t[j].c);
            } else {
                mpq_mul(c, a->t[i].c, b->t[j].c);
            }
            if (!monomial_mul(&m, &a->t[i], bj))
                out->over = 1;
            else
                poly_add_term(out, c, &m);
        }
    mpq_clear(c);
}

/* P = SIGN * A + B (B NULL: SIGN * A) */
static void poly_lin(poly_t *p, const poly_t *a, int sign, const poly_t *b)
{
    mpq_t c;
    poly_init(p);
    if (a->over || (b != NULL && b->over)) {
        p->over = 1;
        return;
    }
    mpq_init(c);
    for (size_t i = 0; i < a->n; i++) {
        mpq_set(c, a->t[i].c);
        if (sign < 0)
            mpq_neg(c, c);
        poly_add_term(p, c, &a->t[i]);
    }
    for (size_t i = 0; b != NULL && i < b->n; i++)
        poly_add_term(p, b->t[i].c, &b->t[i]);
    mpq_clear(c);
}

/* P = C * ATOM^E (ATOM NULL: the number C) */
static void poly_atom(poly_t *p, mpq_srcptr c, const char *atom, long e)
{
    term_t m;
    poly_init(p);
    m.nf = 0;
    if (atom != NULL)
        m.f[m.nf++] = (factor_t){(char *)atom, e};
    poly_add_term(p, c, &m);
}

/* Q = the exact value of the decimal string S; 0 if S is not a plain decimal */
static int decimal_q(mpq_ptr q, const char *s)
{
    mpz_t num, den;
    const char *p = s;
    long exp10 = 0;
    int neg = 0, ok = 1, digits = 0;
    mpz_inits(num, den, (mpz_ptr)0);
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    for (; (*p >= '0' && *p <= '9') || *p == '.'; p++) {
        if (*p == '.') {
            exp10 = exp10 == 0 ? 1 : exp10; /* mark: digits after the point count */
            continue;
        }
        mpz_mul_ui(num, num, 10);
        mpz_add_ui(num, num, (unsigned long)(*p - '0'));
        digits++;
        if (exp10 > 0)
            exp10++;
    }
    exp10 = exp10 > 0 ? -(exp10 - 1) : 0;
    if (*p == 'e' || *p == 'E') {
        char *end;
        long e = strtol(p + 1, &end, 10);
        if (end == p + 1 || e > 400 || e < -400)
            ok = 0;
        exp10 += e;
        p = end;
    }
    if (*p != '\0' || digits == 0 || exp10 > 400 || exp10 < -400)
        ok = 0;
    if (ok) {
        mpz_ui_pow_ui(den, 10, (unsigned long)(exp10 < 0 ? -exp10 : exp10));
        if (exp10 > 0) {
            mpz_mul(num, num, den);
            mpz_set_ui(den, 1);
        }
        if (neg)
            mpz_neg(num, num);
        mpq_set_num(q, num);
        mpq_set_den(q, den);
        mpq_canonicalize(q);
    }
    mpz_clears(num, den, (mpz_ptr)0);
    return ok;
}

static const poly_t *simplify(simp_t *S, nhref_node_t i);
static int poly_text(char *buf, size_t len, const poly_t *p);

/* P = f(ARG) as an atom, or (EXPR)^E as an atom */
static void poly_wrap(poly_t *p, const char *fn, const poly_t *arg, long e)
{
    char *text = malloc(MAX_TEXT + 16), *atom = malloc(MAX_TEXT + 64);
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    if (text == NULL || atom == NULL || poly_text(text, MAX_TEXT, arg) != 0) {
        poly_init(p);
        p->over = 1;
    } else {
        snprintf(atom, MAX_TEXT + 64, "%s(%s)", fn, text);
        poly_atom(p, one, atom, e);
    }
    mpq_clear(one);
    free(text);
    free(atom);
}

/* does atom text S have a '^' outside parentheses (a real power, "x^a")? */
static int top_level_caret(const char *s)
{
    int depth = 0;
    for (; *s != '\0'; s++) {
        depth += *s == '(' ? 1 : *s == ')' ? -1 : 0;
        if (*s == '^' && depth == 0)
            return 1;
    }
    return 0;
}

/* is P one atom to the first power with coefficient 1 (a real power "x^a" only if
 * CARET: as an exponent, x^a^b reads x^(a^b)), or a positive integer? */
static int poly_simple(const poly_t *p, int caret)
{
    if (p->over || p->n != 1)
        return 0;
    if (p->t[0].nf == 0 && mpq_sgn(p->t[0].c) > 0 && mpz_cmp_ui(mpq_denref(p->t[0].c), 1) == 0)
        return 1;
    return p->t[0].nf == 1 && p->t[0].f[0].e == 1 && mpq_cmp_ui(p->t[0].c, 1, 1) == 0 &&
           (caret || !top_level_caret(p->t[0].f[0].atom));
}

/* P = A^B (a real power) as an atom "base^exponent": each parenthesized unless simple;
 * an integer exponent written "2.0" (the parser reads "x^2" as an integer power) */
static void poly_pow(poly_t *p, const poly_t *a, const poly_t *b)
{
    char *ta = malloc(MAX_TEXT + 16), *tb = malloc(MAX_TEXT + 16),
         *atom = malloc(2 * MAX_TEXT + 64);
    int ib, sa, sb;
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    if (ta == NULL || tb == NULL || atom == NULL || poly_text(ta, MAX_TEXT, a) != 0 ||
        poly_text(tb, MAX_TEXT, b) != 0) {
        poly_init(p);
        p->over = 1;
    } else {
        sa = poly_simple(a, 0);
        sb = poly_simple(b, 1);
        /* x^-e for a simple e, as the parser reads the exponent's signs: no group, so the
         * text nests no deeper than the expression (at 1000 levels, x^(-e) went beyond
         * the parser's limit) */
        sb |= b->n == 1 && b->t[0].nf == 1 && b->t[0].f[0].e == 1 &&
              mpq_cmp_si(b->t[0].c, -1, 1) == 0 && tb[0] == '-';
        /* an integer exponent, of any sign (0: no term) */
        ib = b->n == 0 ||
             (b->n == 1 && b->t[0].nf == 0 && mpz_cmp_ui(mpq_denref(b->t[0].c), 1) == 0);
        snprintf(atom, 2 * MAX_TEXT + 64, sa ? "%s^" : "(%s)^", ta);
        snprintf(atom + strlen(atom), 2 * MAX_TEXT + 64 - strlen(atom),
                 ib   ? (tb[0] == '-' ? "(%s.0)" : "%s.0")
                 : sb ? "%s"
                      : "(%s)",
                 tb);
        poly_atom(p, one, atom, 1);
    }
    mpq_clear(one);
    free(ta);
    free(tb);
    free(atom);
}

/* P = A^N (N != 0) for a one-term A = c m: c^N times the monomial m with its exponents
 * times N, in closed form (not |N| products: N is up to 2^31 - 1).  Too large -- a
 * coefficient of more than MAX_COEF_BITS bits, far beyond what prints, or an exponent
 * the parser would not read -- is P->over. */
#define MAX_COEF_BITS (16 * MAX_TEXT)
static void poly_monomial_pow(poly_t *p, const poly_t *a, long n)
{
    const term_t *t = &a->t[0];
    unsigned long un = n < 0 ? 0UL - (unsigned long)n : (unsigned long)n;
    mpz_srcptr parts[2] = {mpq_numref(t->c), mpq_denref(t->c)};
    term_t m;
    mpq_t c;

    poly_init(p);
    if (p->over || a->over) {
        p->over = 1;
        return;
    }
    m.nf = 0;
    for (size_t j = 0; j < t->nf; j++) {
        long e = t->f[j].e * n; /* |e|, |n| <= 2^31 - 1: no overflow */
        if (!exp_ok(e)) {
            p->over = 1;
            return;
        }
        m.f[m.nf++] = (factor_t){t->f[j].atom, e};
    }
    for (int k = 0; k < 2; k++)
        if (mpz_cmpabs_ui(parts[k], 1) > 0 &&
            mpz_sizeinbase(parts[k], 2) - 1 > MAX_COEF_BITS / un) {
            p->over = 1;
            return;
        }
    mpq_init(c);
    if (n < 0)
        mpq_inv(c, t->c);
    else
        mpq_set(c, t->c);
    mpz_pow_ui(mpq_numref(c), mpq_numref(c), un);
    mpz_pow_ui(mpq_denref(c), mpq_denref(c), un);
    poly_add_term(p, c, &m);
    mpq_clear(c);
}

static void simplify_node(simp_t *S, poly_t *p, nhref_node_t i)
{
    const nhref_tape_node_t *nd = &S->t->node[i];
    const poly_t *a = nd->a >= 0 ? simplify(S, nd->a) : NULL;
    const poly_t *b = nd->b >= 0 ? simplify(S, nd->b) : NULL;
    char name[64];
    mpq_t c;

    mpq_init(c);
    mpq_set_ui(c, 1, 1);
    switch (nd->op) {
    case NHREF_OP_CONST:
        if (decimal_q(c, nd->str))
            poly_atom(p, c, NULL, 0);
        else
            poly_atom(p, c, nd->str, 1);
        break;
    case NHREF_OP_TIME:
        poly_atom(p, c, "t", 1);
        break;
    case NHREF_OP_STATE:
    case NHREF_OP_PARAM: {
        const char *const *names = nd->op == NHREF_OP_STATE ? S->state : S->param;
        if (names != NULL)
            poly_atom(p, c, names[nd->n], 1);
        else {
            snprintf(name, sizeof name, "%c%ld", nd->op == NHREF_OP_STATE ? 'x' : 'p', nd->n);
            poly_atom(p, c, name, 1);
        }
        break;
    }
    case NHREF_OP_ADD:
        poly_lin(p, a, 1, b);
        break;
    case NHREF_OP_SUB: {
        poly_t nb;
        poly_lin(&nb, b, -1, NULL);
        poly_lin(p, &nb, 1, a);
        poly_clear(&nb);
        break;
    }
    case NHREF_OP_NEG:
        poly_lin(p, a, -1, NULL);
        break;
    case NHREF_OP_MUL:
        poly_mul(p, a, b, 0);
        break;
    case NHREF_OP_SQR:
        poly_mul(p, a, a, 0);
        break;
    case NHREF_OP_DIV:
        if (b->n == 1 && !b->over)
            poly_mul(p, a, b, 1);
        else {
            poly_t q;
            poly_wrap(&q, "", b, -1);
            poly_mul(p, a, &q, 0);
            poly_clear(&q);
        }
        break;
    case NHREF_OP_POWI: {
        poly_t acc, next;
        if (nd->n == 0) { /* 1, as the interpreters compute x^0 (no atom to the power 0) */
            poly_atom(p, c, NULL, 0);
        } else if (a->n == 1) {
            poly_monomial_pow(p, a, nd->n);
        } else if (nd->n > 0 && nd->n <= 4) { /* a sum: expanded */
            poly_atom(&acc, c, NULL, 0);
            for (long k = 0; k < nd->n && !acc.over; k++) {
                poly_mul(&next, &acc, a, 0);
                poly_clear(&acc);
                acc = next;
            }
            *p = acc;
        } else {
            poly_wrap(p, "", a, nd->n);
        }
        break;
    }
    case NHREF_OP_POW:
        poly_pow(p, a, b);
        break;
    case NHREF_OP_ATAN:
        if (a->n == 1 && a->t[0].nf == 0 && mpq_cmp_ui(a->t[0].c, 1, 1) == 0) {
            mpq_set_ui(c, 1, 4); /* the parser's pi = 4 atan(1) */
            poly_atom(p, c, "pi", 1);
            break;
        }
        /* fall through */
    default:
        if (nd->op == NHREF_OP_SOLVE || a == NULL) {
            snprintf(name, sizeof name, "solve%ld", nd->n);
            poly_atom(p, c, name, 1);
        } else {
            poly_wrap(p, nhref_tape_op_name(nd->op), a, 1);
        }
        break;
    }
    mpq_clear(c);
}

static const poly_t *simplify(simp_t *S, nhref_node_t i)
{
    if (S->memo[i].t == NULL && !S->memo[i].over)
        simplify_node(S, &S->memo[i], i);
    return &S->memo[i];
}

/* the atom of factor F, parenthesized when it is a real power raised to |e| > 1
 * ("(x^a)^2", not "x^a^2") */
static void put_atom(printer_t *pr, const factor_t *f)
{
    int paren = (f->e > 1 || f->e < -1) && top_level_caret(f->atom);
    put(pr, paren ? "(%s)" : "%s", f->atom);
}

/* "c*f1^e1*f2/f3^2" of term T (its coefficient's sign written by the caller) */
static void term_text(printer_t *pr, const term_t *t, mpq_srcptr absc)
{
    int num = 0, den = 0;
    for (size_t j = 0; j < t->nf; j++)
        num += t->f[j].e > 0;
    den = (int)t->nf - num;
    if (mpz_cmp_ui(mpq_numref(absc), 1) != 0 || num == 0) {
        char *s = mpz_get_str(NULL, 10, mpq_numref(absc));
        put(pr, "%s", s);
        free(s);
        if (num > 0)
            put(pr, "*");
    }
    for (size_t j = 0, k = 0; j < t->nf; j++)
        if (t->f[j].e > 0) {
            put(pr, k++ ? "*" : "");
            put_atom(pr, &t->f[j]);
            if (t->f[j].e > 1)
                put(pr, "^%ld", t->f[j].e);
        }
    if (mpz_cmp_ui(mpq_denref(absc), 1) != 0 || den > 0) {
        int parens = (mpz_cmp_ui(mpq_denref(absc), 1) != 0) + den > 1;
        put(pr, parens ? "/(" : "/");
        if (mpz_cmp_ui(mpq_denref(absc), 1) != 0) {
            char *s = mpz_get_str(NULL, 10, mpq_denref(absc));
            put(pr, "%s%s", s, den > 0 ? "*" : "");
            free(s);
        }
        for (size_t j = 0, k = 0; j < t->nf; j++)
            if (t->f[j].e < 0) {
                put(pr, k++ ? "*" : "");
                put_atom(pr, &t->f[j]);
                if (t->f[j].e < -1)
                    put(pr, "^%ld", -t->f[j].e);
            }
        if (parens)
            put(pr, ")");
    }
}

static int poly_text(char *buf, size_t len, const poly_t *p)
{
    printer_t pr = {NULL, NULL, NULL, buf, 0, len, 0};
    mpq_t a;
    if (p->over)
        return -1;
    buf[0] = '\0';
    if (p->n == 0) {
        put(&pr, "0");
        return pr.over ? -1 : 0;
    }
    mpq_init(a);
    for (size_t i = 0; i < p->n; i++) {
        int neg = mpq_sgn(p->t[i].c) < 0;
        /* a coefficient's numerator and denominator are literals the parser reads at
         * every precision: below 2^4096 = 2^nhref_decimal_max_exp(64) (nhref_io.h; else
         * the caller falls back on the unsimplified form) */
        if (mpz_sizeinbase(mpq_numref(p->t[i].c), 2) > 4096 ||
            mpz_sizeinbase(mpq_denref(p->t[i].c), 2) > 4096) {
            mpq_clear(a);
            return -1;
        }
        mpq_abs(a, p->t[i].c);
        put(&pr, i == 0 ? (neg ? "-" : "") : (neg ? " - " : " + "));
        term_text(&pr, &p->t[i], a);
    }
    mpq_clear(a);
    return pr.over ? -1 : 0;
}

int nhref_tape_format_simplified(char *buf, size_t len, const nhref_tape_t *tape, nhref_node_t node,
                                 const char *const *state, const char *const *param)
{
    simp_t S = {tape, state, param, NULL};
    int rc = -1;
    if (len == 0 || node < 0 || (size_t)node >= tape->nnodes)
        return nhref_tape_format(buf, len, tape, node, state, param);
    S.memo = calloc((size_t)node + 1, sizeof *S.memo);
    if (S.memo != NULL)
        rc = poly_text(buf, len, simplify(&S, node));
    for (size_t i = 0; S.memo != NULL && i <= (size_t)node; i++)
        poly_clear(&S.memo[i]);
    free(S.memo);
    return rc == 0 ? 0 : nhref_tape_format(buf, len, tape, node, state, param);
}

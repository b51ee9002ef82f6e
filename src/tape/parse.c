/* parse.c -- expressions typed by users (event functions on the command line)
 * into tapes: a recursive-descent parser over the grammar of nhref_tape.h.
 *
 * Bounded work: the recursion goes one level deeper per parenthesis (a group
 * or a function's argument) and is refused beyond NHREF_TAPE_PARSE_MAX_DEPTH,
 * so the stack it needs is bounded (0.2 to 0.26 KB a level with GCC -O2:
 * 1000 levels fit in 256 KB; 8 MB overflowed at about 26 000 levels before).
 * The exponent of a real power (a^b^c) goes one level deeper too, under the
 * same bound.  Unary signs are counted in a loop, not by recursion.  Constants
 * are checked by nhref_decimal_set at 64 bits (so a huge one is refused with
 * the bound) and integer-literal exponents of ^ are bounded by
 * NHREF_TAPE_PARSE_MAX_EXPONENT. */
#include "tape_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_io.h"

typedef struct {
    const char *s, *p; /* the expression, the cursor */
    nhref_tape_t *t;
    size_t nstate, nparam;
    const char *const *state, *const *param;
    char *err;
    size_t errlen;
    int failed;
    unsigned depth; /* parentheses open at the cursor */
} parser_t;

static nhref_node_t fail(parser_t *ps, const char *fmt, ...)
{
    if (!ps->failed) {
        va_list ap;
        int n = snprintf(ps->err, ps->errlen, "column %zu: ", (size_t)(ps->p - ps->s) + 1);
        va_start(ap, fmt);
        if (n >= 0 && (size_t)n < ps->errlen)
            vsnprintf(ps->err + n, ps->errlen - (size_t)n, fmt, ap);
        va_end(ap);
        ps->failed = 1;
    }
    return NHREF_NODE_INVALID;
}

static void blanks(parser_t *ps)
{
    while (isspace((unsigned char)*ps->p))
        ps->p++;
}

static nhref_node_t expr(parser_t *ps);

/* the text at the cursor, for messages */
static const char *here(parser_t *ps)
{
    return *ps->p ? ps->p : "the end";
}

/* a number at the cursor: digits and points, then an optional exponent; kept as
 * the decimal string, checked at 64 bits (see nhref_decimal_set) */
static nhref_node_t number(parser_t *ps)
{
    const char *a = ps->p;
    char *str, why[320];
    mpfr_t probe;
    nhref_node_t c;
    int status;

    while (isdigit((unsigned char)*ps->p) || *ps->p == '.')
        ps->p++;
    if ((*ps->p == 'e' || *ps->p == 'E') &&
        (isdigit((unsigned char)ps->p[1]) ||
         ((ps->p[1] == '-' || ps->p[1] == '+') && isdigit((unsigned char)ps->p[2])))) {
        ps->p += 2;
        while (isdigit((unsigned char)*ps->p))
            ps->p++;
    }
    if ((str = malloc((size_t)(ps->p - a) + 1)) == NULL) {
        ps->failed = 1;
        snprintf(ps->err, ps->errlen, "%s", nhref_strerror(NHREF_ENOMEM));
        return NHREF_NODE_INVALID;
    }
    memcpy(str, a, (size_t)(ps->p - a));
    str[ps->p - a] = '\0';
    mpfr_init2(probe, 64);
    status = nhref_decimal_set(probe, str);
    mpfr_clear(probe);
    if (status != NHREF_OK) {
        nhref_decimal_why(why, sizeof why, str, 64, status);
        free(str);
        ps->p = a;
        return fail(ps, "%s", why);
    }
    c = nhref_tape_const(ps->t, str);
    free(str);
    return c;
}

/* a parenthesised expression at the cursor (on its '('), one level deeper */
static nhref_node_t group(parser_t *ps)
{
    nhref_node_t e;

    if (ps->depth >= NHREF_TAPE_PARSE_MAX_DEPTH)
        return fail(ps, "parentheses nested deeper than %d levels (the limit of the parser)",
                    NHREF_TAPE_PARSE_MAX_DEPTH);
    ps->p++;
    ps->depth++;
    e = expr(ps);
    ps->depth--;
    if (ps->failed)
        return NHREF_NODE_INVALID;
    blanks(ps);
    if (*ps->p != ')')
        return fail(ps, "expected ')', found '%.12s'", here(ps));
    ps->p++;
    return e;
}

/* the functions of the grammar, in the order of NHREF_TAPE_PARSE_FUNCTIONS (tan: NULL,
 * built as sin / cos) */
static const struct {
    const char *name;
    nhref_node_t (*build)(nhref_tape_t *, nhref_node_t);
} functions[] = {
    {"sin", nhref_tape_sin},     {"cos", nhref_tape_cos},   {"tan", NULL},
    {"exp", nhref_tape_exp},     {"log", nhref_tape_log},   {"sqrt", nhref_tape_sqrt},
    {"asin", nhref_tape_asin},   {"acos", nhref_tape_acos}, {"atan", nhref_tape_atan},
    {"atanh", nhref_tape_atanh}, {"sinh", nhref_tape_sinh}, {"cosh", nhref_tape_cosh},
    {"tanh", nhref_tape_tanh},
};

static nhref_node_t primary(parser_t *ps)
{
    blanks(ps);
    if (*ps->p == '(')
        return group(ps);
    if (isdigit((unsigned char)*ps->p) || *ps->p == '.')
        return number(ps);
    if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
        const char *a = ps->p;
        size_t len;
        while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
            ps->p++;
        len = (size_t)(ps->p - a);
        blanks(ps);
        if (*ps->p == '(') {
            for (size_t f = 0; f < sizeof functions / sizeof functions[0]; f++)
                if (strlen(functions[f].name) == len && strncmp(a, functions[f].name, len) == 0) {
                    nhref_node_t arg = group(ps); /* the parenthesised argument */
                    if (functions[f].build != NULL)
                        return functions[f].build(ps->t, arg);
                    /* tan = sin / cos */
                    return nhref_tape_div(ps->t, nhref_tape_sin(ps->t, arg),
                                          nhref_tape_cos(ps->t, arg));
                }
            ps->p = a;
            return fail(ps, "unknown function '%.*s' (known: " NHREF_TAPE_PARSE_FUNCTIONS ")",
                        (int)(len > 40 ? 40 : len), a);
        }
        if (len == 1 && *a == 't')
            return nhref_tape_time(ps->t);
        if (len == 2 && strncmp(a, "pi", 2) == 0) /* pi = 4 atan(1), at any precision */
            return nhref_tape_mul(ps->t, nhref_tape_const(ps->t, "4"),
                                  nhref_tape_atan(ps->t, nhref_tape_const(ps->t, "1")));
        for (size_t i = 0; i < ps->nstate; i++)
            if (strlen(ps->state[i]) == len && strncmp(a, ps->state[i], len) == 0)
                return nhref_tape_state(ps->t, i);
        for (size_t i = 0; i < ps->nparam; i++)
            if (strlen(ps->param[i]) == len && strncmp(a, ps->param[i], len) == 0)
                return nhref_tape_param(ps->t, i);
        ps->p = a;
        return fail(ps, "unknown name '%.*s' (a state variable, a parameter, t or pi)",
                    (int)(len > 40 ? 40 : len), a);
    }
    return fail(ps, "expected a number, a name or '(', found '%.12s'", here(ps));
}

static nhref_node_t power(parser_t *ps);

/* an integer literal at the cursor as an exponent: signs and digits, or the same in one
 * pair of parentheses, not followed by '.', an exponent part or another '^' (then it is
 * the start of a real exponent).  1 and *N set (the cursor after it), -1 (an error
 * reported: out of range) or 0 (not one; the cursor unmoved). */
static int int_exponent(parser_t *ps, long *n)
{
    const char *q = ps->p, *digits, *end;
    int paren = 0, neg = 0;

    while (isspace((unsigned char)*q))
        q++;
    if (*q == '(') {
        paren = 1;
        for (q++; isspace((unsigned char)*q);)
            q++;
    }
    for (; *q == '-' || *q == '+' || isspace((unsigned char)*q); q++)
        neg ^= *q == '-';
    if (!isdigit((unsigned char)*q))
        return 0;
    digits = q;
    while (isdigit((unsigned char)*q))
        q++;
    end = q;
    if (*q == '.' || ((*q == 'e' || *q == 'E') &&
                      (isdigit((unsigned char)q[1]) ||
                       ((q[1] == '-' || q[1] == '+') && isdigit((unsigned char)q[2])))))
        return 0;
    while (isspace((unsigned char)*q))
        q++;
    if (paren) {
        if (*q != ')')
            return 0;
        for (q++; isspace((unsigned char)*q);)
            q++;
    }
    if (*q == '^')
        return 0;
    errno = 0;
    *n = strtol(digits, NULL, 10);
    if (errno == ERANGE || *n > NHREF_TAPE_PARSE_MAX_EXPONENT) {
        fail(ps, "exponent '%s%.*s' out of range (an integer between -%ld and %ld)", neg ? "-" : "",
             (int)(end - digits > 40 ? 40 : end - digits), digits,
             (long)NHREF_TAPE_PARSE_MAX_EXPONENT, (long)NHREF_TAPE_PARSE_MAX_EXPONENT);
        return -1;
    }
    if (neg)
        *n = -*n;
    ps->p = q;
    return 1;
}

/* primary, or primary ^ exponent: an integer literal (an integer power, any base) or
 * signs and a power (a real power of a positive base; right associative, one level
 * deeper per '^', counted with the parentheses) */
static nhref_node_t power(parser_t *ps)
{
    nhref_node_t b = primary(ps), e;
    int negate = 0, r;
    long n;

    blanks(ps);
    if (*ps->p != '^' || ps->failed)
        return b;
    ps->p++;
    if ((r = int_exponent(ps, &n)) != 0)
        return r < 0 ? NHREF_NODE_INVALID : nhref_tape_powi(ps->t, b, n);
    for (;;) {
        blanks(ps);
        if (*ps->p == '-')
            negate = !negate;
        else if (*ps->p != '+')
            break;
        ps->p++;
    }
    if (ps->depth >= NHREF_TAPE_PARSE_MAX_DEPTH)
        return fail(ps, "exponents nested deeper than %d levels (the limit of the parser)",
                    NHREF_TAPE_PARSE_MAX_DEPTH);
    ps->depth++;
    e = power(ps);
    ps->depth--;
    if (ps->failed)
        return NHREF_NODE_INVALID;
    return nhref_tape_pow(ps->t, b, negate ? nhref_tape_neg(ps->t, e) : e);
}

/* signs: a loop, not a recursion ("- - -x" is -x) */
static nhref_node_t unary(parser_t *ps)
{
    int negate = 0;
    for (;;) {
        blanks(ps);
        if (*ps->p == '-')
            negate = !negate;
        else if (*ps->p != '+')
            break;
        ps->p++;
    }
    return negate ? nhref_tape_neg(ps->t, power(ps)) : power(ps);
}

static nhref_node_t term(parser_t *ps)
{
    nhref_node_t a = unary(ps);
    for (;;) {
        if (ps->failed)
            return NHREF_NODE_INVALID;
        blanks(ps);
        if (*ps->p == '*') {
            ps->p++;
            a = nhref_tape_mul(ps->t, a, unary(ps));
        } else if (*ps->p == '/') {
            ps->p++;
            a = nhref_tape_div(ps->t, a, unary(ps));
        } else {
            return a;
        }
    }
}

static nhref_node_t expr(parser_t *ps)
{
    nhref_node_t a = term(ps);
    for (;;) {
        if (ps->failed)
            return NHREF_NODE_INVALID;
        blanks(ps);
        if (*ps->p == '+') {
            ps->p++;
            a = nhref_tape_add(ps->t, a, term(ps));
        } else if (*ps->p == '-') {
            ps->p++;
            a = nhref_tape_sub(ps->t, a, term(ps));
        } else {
            return a;
        }
    }
}

int nhref_tape_parse_node(nhref_tape_t *t, nhref_node_t *node, const char *e, size_t nstate,
                          const char *const *state, size_t nparam, const char *const *param,
                          char *err, size_t errlen)
{
    parser_t ps = {e, e, t, nstate, nparam, state, param, err, errlen, 0, 0};
    nhref_node_t root;

    err[0] = '\0';
    *node = NHREF_NODE_INVALID;
    root = expr(&ps);
    blanks(&ps);
    if (!ps.failed && *ps.p != '\0')
        fail(&ps, "expected an operator or the end, found '%.12s'", ps.p);
    if (!ps.failed && *e == '\0')
        fail(&ps, "empty expression");
    if (ps.failed)
        return NHREF_EPARSE;
    if (nhref_tape_status(t) == NHREF_ENOMEM)
        return NHREF_ENOMEM;
    *node = root;
    return NHREF_OK;
}

int nhref_tape_parse(nhref_tape_t **tape, const char *e, size_t nstate,
                     const char *const *state, size_t nparam, const char *const *param, char *err,
                     size_t errlen)
{
    nhref_tape_t *t;
    nhref_node_t root;
    int status;

    *tape = NULL;
    err[0] = '\0';
    status = nhref_tape_new(&t, nstate, nparam, 1);
    if (status != NHREF_OK)
        return status;
    status = nhref_tape_parse_node(t, &root, e, nstate, state, nparam, param, err, errlen);
    if (status == NHREF_OK)
        nhref_tape_set_output(t, 0, root);
    if (status == NHREF_OK)
        status = nhref_tape_status(t);
    if (status != NHREF_OK) {
        if (err[0] == '\0')
            snprintf(err, errlen, "%s", nhref_strerror(status));
        nhref_tape_free(t);
        return status == NHREF_ENOMEM ? status : NHREF_EPARSE;
    }
    *tape = t;
    return NHREF_OK;
}

int nhref_tape_parse_reserved(const char *name, size_t len)
{
    for (size_t f = 0; f < sizeof functions / sizeof functions[0]; f++)
        if (strlen(functions[f].name) == len && strncmp(name, functions[f].name, len) == 0)
            return 1;
    return (len == 1 && name[0] == 't') || (len == 2 && strncmp(name, "pi", 2) == 0);
}

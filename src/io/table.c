/* table.c -- reading CSV tables written by nhref or any other program (see
 * nhref_io.h for the rules), with file:line errors and the SHA-256 of the data. */
#include "nhref_io.h"

#include <ctype.h>
#include <errno.h>
#include <nettle/sha2.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void nhref_sha256_hex(char out[65], const void *data, size_t len)
{
    struct sha256_ctx ctx;
    uint8_t d[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, len, data);
    sha256_digest(&ctx, sizeof d, d);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* a growable array of pointers */
typedef struct {
    void **p;
    size_t n, cap;
} vec_t;

static int push(vec_t *v, void *x)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 16;
        void **p = realloc(v->p, cap * sizeof *p);
        if (p == NULL)
            return -1;
        v->p = p;
        v->cap = cap;
    }
    v->p[v->n++] = x;
    return 0;
}

/* split LINE (modified) at commas into FIELDS (trimmed); returns the count */
static size_t split(char *line, vec_t *fields)
{
    char *p = line;
    fields->n = 0;
    for (;;) {
        char *c = strchr(p, ',');
        if (c != NULL)
            *c = '\0';
        if (push(fields, nhref_trim(p)) != 0)
            return (size_t)-1;
        if (c == NULL)
            break;
        p = c + 1;
    }
    return fields->n;
}

static int is_nan_word(const char *s)
{
    const char *t = (*s == '+' || *s == '-') ? s + 1 : s;
    return (t[0] == 'n' || t[0] == 'N') && (t[1] == 'a' || t[1] == 'A') &&
           (t[2] == 'n' || t[2] == 'N') && t[3] == '\0';
}

static int is_number(const char *s)
{
    mpfr_t v;
    int ok;
    if (is_nan_word(s))
        return 1;
    mpfr_init2(v, 32);
    ok = nhref_decimal_set(v, s) == NHREF_OK;
    mpfr_clear(v);
    return ok;
}

/* a comment that is a list of names: "a,b,c" with no ':' and at least one comma */
static int is_name_list(const char *s)
{
    return strchr(s, ',') != NULL && strchr(s, ':') == NULL;
}

static void fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

void nhref_table_free(nhref_table_t *tab)
{
    if (tab == NULL)
        return;
    for (size_t i = 0; i < tab->ncol; i++)
        free(tab->name[i]);
    for (size_t i = 0; i < tab->nrow * tab->ncol; i++) {
        mpfr_clear(tab->v + i);
        free(tab->text[i]);
    }
    for (size_t i = 0; i < tab->nmeta; i++) {
        free(tab->meta_key[i]);
        free(tab->meta_value[i]);
    }
    free(tab->name);
    free(tab->v);
    free(tab->text);
    free(tab->line);
    free(tab->meta_key);
    free(tab->meta_value);
    free(tab->path);
    free(tab);
}

int nhref_table_column(const nhref_table_t *tab, const char *name)
{
    for (size_t i = 0; i < tab->ncol; i++)
        if (strcmp(tab->name[i], name) == 0)
            return (int)i;
    return -1;
}

const char *nhref_table_meta(const nhref_table_t *tab, const char *key, size_t *from)
{
    size_t i = from != NULL ? *from : 0;
    for (; i < tab->nmeta; i++)
        if (strcmp(tab->meta_key[i], key) == 0) {
            if (from != NULL)
                *from = i + 1;
            return tab->meta_value[i];
        }
    if (from != NULL)
        *from = tab->nmeta;
    return NULL;
}

/* read the whole stream */
static char *slurp(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf != NULL) {
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (n < cap) {
            if (ferror(f)) {
                free(buf);
                return NULL;
            }
            break;
        }
        cap *= 2;
        char *p = realloc(buf, cap + 1);
        if (p == NULL)
            free(buf);
        buf = p;
    }
    if (buf != NULL) {
        buf[n] = '\0';
        *len = n;
    }
    return buf;
}

static int set_names(nhref_table_t *tab, char *list, vec_t *fields, size_t lineno, char *err,
                     size_t errlen)
{
    size_t n = split(list, fields);
    tab->name = calloc(n, sizeof *tab->name);
    if (tab->name == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        const char *nm = fields->p[i];
        if (*nm == '\0') {
            fail(err, errlen, "%s:%zu: empty column name (column %zu)", tab->path, lineno, i + 1);
            return NHREF_EPARSE;
        }
        for (size_t j = 0; j < i; j++)
            if (strcmp(tab->name[j], nm) == 0) {
                fail(err, errlen, "%s:%zu: column name '%s' appears twice", tab->path, lineno, nm);
                return NHREF_EPARSE;
            }
        if ((tab->name[i] = nhref_strdup(nm)) == NULL)
            return NHREF_ENOMEM;
        tab->ncol = i + 1;
    }
    return NHREF_OK;
}

int nhref_table_read(nhref_table_t **tabp, const char *path, mpfr_prec_t prec, char *err,
                     size_t errlen)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    nhref_table_t *tab;
    vec_t fields = {0}, rows = {0}, lines = {0};
    char *buf, *p, *names_comment = NULL, *columns_meta = NULL;
    int in_data = 0;
    size_t len, lineno = 0, names_line = 0;
    int status = NHREF_OK, header_plain = 0;

    *tabp = NULL;
    err[0] = '\0';
    if (f == NULL) {
        fail(err, errlen, "%s: %s", path, strerror(errno));
        return NHREF_EIO;
    }
    buf = slurp(f, &len);
    if (f != stdin)
        fclose(f);
    if (buf == NULL) {
        fail(err, errlen, "%s: cannot read", path);
        return NHREF_EIO;
    }
    tab = calloc(1, sizeof *tab);
    if (tab == NULL || (tab->path = nhref_strdup(path)) == NULL) {
        free(tab);
        free(buf);
        return NHREF_ENOMEM;
    }

    /* pass 1: metadata, column names, where the data begin */
    p = buf;
    {
        vec_t keys = {0}, vals = {0};
        while (*p != '\0' && status == NHREF_OK) {
            char *end = strchr(p, '\n'), *line = p, *t;
            if (end != NULL)
                *end = '\0';
            lineno++;
            if (end != NULL && end > p && end[-1] == '\r')
                end[-1] = '\0';
            t = nhref_trim(line);
            if (*t == '#') {
                char *c = nhref_trim(t + 1), *colon = strchr(c, ':');
                if (colon != NULL) {
                    *colon = '\0';
                    if (push(&keys, nhref_strdup(nhref_trim(c))) != 0 ||
                        push(&vals, nhref_strdup(nhref_trim(colon + 1))) != 0)
                        status = NHREF_ENOMEM;
                    if (!in_data && strcmp(keys.p[keys.n - 1], "columns") == 0) {
                        columns_meta = vals.p[vals.n - 1];
                        names_line = lineno;
                    }
                } else if (!in_data && is_name_list(c)) {
                    names_comment = c;
                    if (columns_meta == NULL)
                        names_line = lineno;
                }
            } else if (*t != '\0') {
                in_data = 1;
                if (push(&rows, t) != 0 || push(&lines, (void *)(uintptr_t)lineno) != 0)
                    status = NHREF_ENOMEM;
            }
            if (end == NULL)
                break;
            p = end + 1;
        }
        tab->nmeta = keys.n;
        tab->meta_key = (char **)keys.p;
        tab->meta_value = (char **)vals.p;
    }
    if (status != NHREF_OK)
        goto out;
    if (rows.n == 0) {
        if (lineno == 0)
            fail(err, errlen, "%s: empty file (expected a header row and rows of numbers)", path);
        else
            fail(err, errlen, "%s:%zu: no data rows", path, lineno);
        status = NHREF_EPARSE;
        goto out;
    }

    /* SHA-256 of the data part as written: lines after the metadata, '\n'-terminated */
    {
        size_t nlines = rows.n, total = 0, k = 0;
        char *cat;
        for (size_t i = 0; i < nlines; i++)
            total += strlen(rows.p[i]) + 1;
        cat = malloc(total + 1);
        if (cat == NULL) {
            status = NHREF_ENOMEM;
            goto out;
        }
        for (size_t i = 0; i < nlines; i++) {
            size_t l = strlen(rows.p[i]);
            memcpy(cat + k, rows.p[i], l);
            k += l;
            cat[k++] = '\n';
        }
        nhref_sha256_hex(tab->sha256, cat, total);
        free(cat);
    }

    /* column names: a plain header row, else "# columns:", else a "# a,b,c" comment */
    {
        char *first = nhref_strdup(rows.p[0]);
        size_t n = split(first, &fields);
        for (size_t i = 0; i < n; i++)
            if (!is_number(fields.p[i]))
                header_plain = 1;
        free(first);
    }
    if (header_plain)
        status = set_names(tab, rows.p[0], &fields, (size_t)(uintptr_t)lines.p[0], err, errlen);
    else if (columns_meta != NULL || names_comment != NULL) {
        char *list = nhref_strdup(columns_meta != NULL ? columns_meta : names_comment);
        status = list != NULL ? set_names(tab, list, &fields, names_line, err, errlen)
                              : NHREF_ENOMEM;
        free(list);
    } else {
        fail(err, errlen,
             "%s:%zu: no column names (expected a header row such as 't,x,y' before the data, "
             "or a '# columns: t,x,y' line)",
             path, (size_t)(uintptr_t)lines.p[0]);
        status = NHREF_EPARSE;
    }
    if (status != NHREF_OK)
        goto out;

    /* pass 2: the rows */
    {
        size_t first = header_plain ? 1 : 0, nr = rows.n - first, nc = tab->ncol;
        if (nr == 0) {
            fail(err, errlen, "%s:%zu: no data rows after the header", path, lineno);
            status = NHREF_EPARSE;
            goto out;
        }
        tab->v = malloc(nr * nc * sizeof *tab->v);
        tab->text = calloc(nr * nc, sizeof *tab->text);
        tab->line = malloc(nr * sizeof *tab->line);
        if (tab->v == NULL || tab->text == NULL || tab->line == NULL) {
            status = NHREF_ENOMEM;
            goto out;
        }
        for (size_t r = 0; r < nr && status == NHREF_OK; r++) {
            size_t ln = (size_t)(uintptr_t)lines.p[first + r], n;
            char *row = nhref_strdup(rows.p[first + r]);
            if (row == NULL) {
                status = NHREF_ENOMEM;
                break;
            }
            /* the whole row is initialised first, so nhref_table_free clears it on error */
            for (size_t c = 0; c < nc; c++)
                mpfr_init2(tab->v + r * nc + c, prec);
            tab->nrow = r + 1;
            n = split(row, &fields);
            if (n != nc) {
                fail(err, errlen, "%s:%zu: expected %zu values (one per column), found %zu",
                     path, ln, nc, n);
                status = NHREF_EPARSE;
            }
            for (size_t c = 0; c < nc && status == NHREF_OK; c++) {
                const char *s = fields.p[c];
                mpfr_ptr v = tab->v + r * nc + c;
                if (is_nan_word(s)) {
                    mpfr_set_nan(v);
                } else if (nhref_decimal_set(v, s) != NHREF_OK) {
                    fail(err, errlen, "%s:%zu: column '%s': '%s' is not a number", path, ln,
                         tab->name[c], s);
                    status = NHREF_EPARSE;
                }
                if (status == NHREF_OK && (tab->text[r * nc + c] = nhref_strdup(s)) == NULL)
                    status = NHREF_ENOMEM;
            }
            tab->line[r] = ln;
            free(row);
        }
    }

out:
    free(fields.p);
    free(rows.p);
    free(lines.p);
    free(buf);
    if (status != NHREF_OK) {
        nhref_table_free(tab);
        return status;
    }
    *tabp = tab;
    return NHREF_OK;
}

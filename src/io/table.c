/* table.c -- reading CSV tables written by nhref or any other program (see
 * nhref_io.h for the rules and the dialects read), with file:line errors that
 * name what is not read, and the SHA-256 of the data. */
#include "nhref_io.h"

#include <ctype.h>
#include <errno.h>
#include <nettle/sha2.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "strutil.h"
#include "io/io_internal.h"

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

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

/* the separator as messages name it */
static const char *sep_name(char sep)
{
    return sep == '\t' ? "tab" : sep == ';' ? "';'" : "','";
}

/* blanks around a field (not the separator itself when it is a tab) */
static int is_blank(char c, char sep)
{
    return c != sep && (c == ' ' || c == '\t' || c == '\v' || c == '\f');
}

/* split LINE (modified in place) at SEP into FIELDS, unquoting "..." fields
 * ("" is a quote) and dropping blanks around fields.  Returns 0; -1 out of
 * memory; -2 with *WHY set for a malformed quoted field. */
static int split(char *line, char sep, vec_t *fields, const char **why)
{
    char *p = line;
    fields->n = 0;
    for (;;) {
        char *start, *w;
        while (is_blank(*p, sep))
            p++;
        if (*p == '"') {
            start = w = ++p;
            for (;;) {
                if (*p == '\0') {
                    *why = "a quoted field does not end on its line (line breaks inside "
                           "quotes are not read)";
                    return -2;
                }
                if (*p == '"') {
                    if (p[1] != '"')
                        break;
                    p++;
                }
                *w++ = *p++;
            }
            p++; /* the closing quote */
            while (is_blank(*p, sep))
                p++;
            if (*p != '\0' && *p != sep) {
                *why = "text after the closing quote of a field";
                return -2;
            }
            *w = '\0';
        } else {
            char *e;
            int last;
            start = p;
            while (*p != '\0' && *p != sep) {
                if (*p == '"') {
                    *why = "a double quote inside an unquoted field";
                    return -2;
                }
                p++;
            }
            last = *p == '\0';
            for (e = p; e > start && is_blank(e[-1], sep); e--)
                ;
            *e = '\0'; /* may overwrite the separator */
            if (push(fields, start) != 0)
                return -1;
            if (last)
                return 0;
            p++;
            continue;
        }
        if (push(fields, start) != 0)
            return -1;
        if (*p == '\0')
            return 0;
        p++; /* past the separator */
    }
}

/* the separator of LINE: the most frequent of ',', ';', tab outside quotes
 * (',' on ties and when none occurs) */
static char detect_sep(const char *line)
{
    size_t n[3] = {0, 0, 0};
    const char cand[3] = {',', ';', '\t'};
    int quoted = 0, best = 0;
    for (const char *p = line; *p != '\0'; p++) {
        if (*p == '"')
            quoted = !quoted;
        else if (!quoted)
            for (int k = 0; k < 3; k++)
                n[k] += *p == cand[k];
    }
    for (int k = 1; k < 3; k++)
        if (n[k] > n[best])
            best = k;
    return cand[best];
}

static int ieq(const char *a, const char *b)
{
    for (; *a != '\0' && *b != '\0'; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

/* "nan" (any case, optional sign) */
static int is_nan_word(const char *s)
{
    return ieq((*s == '+' || *s == '-') ? s + 1 : s, "nan");
}

/* +1 / -1 for "inf", "infinity" (any case, optional sign), else 0 */
static int inf_word(const char *s)
{
    int sign = *s == '-' ? -1 : 1;
    const char *t = (*s == '+' || *s == '-') ? s + 1 : s;
    return ieq(t, "inf") || ieq(t, "infinity") ? sign : 0;
}

/* a value of a row: a number, nan, an infinity or an empty field */
static int is_value(const char *s)
{
    mpfr_t v;
    int ok;
    if (*s == '\0' || is_nan_word(s) || inf_word(s) != 0)
        return 1;
    mpfr_init2(v, 32);
    ok = nhref_decimal_set(v, s) == NHREF_OK;
    mpfr_clear(v);
    return ok;
}

int nhref_table_cell_set(mpfr_ptr x, const char *s)
{
    int inf;
    if (*s == '\0' || is_nan_word(s))
        mpfr_set_nan(x);
    else if ((inf = inf_word(s)) != 0)
        mpfr_set_inf(x, inf);
    else
        return nhref_decimal_set(x, s);
    return NHREF_OK;
}

/* a comment that is a list of names: "a,b,c" with no ':' and at least one comma */
static int is_name_list(const char *s)
{
    return strchr(s, ',') != NULL && strchr(s, ':') == NULL;
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

/* read the whole stream, refusing as it reads (NHREF_TABLE_MAX_LINE, and MAX bytes in all:
 * /dev/zero or an endless pipe must not fill the memory): the text, or NULL with *STATUS
 * NHREF_EIO (errno says why), NHREF_ENOMEM or NHREF_EPARSE (*LINE: the line that is too
 * long, or 0 for a file too large) */
static char *slurp(FILE *f, size_t max, size_t *len, int *status, size_t *line)
{
    size_t cap = 1 << 16, n = 0, line_start = 0, nline = 1;
    char *buf = malloc(cap + 1);
    *status = NHREF_ENOMEM;
    while (buf != NULL) {
        size_t r = fread(buf + n, 1, cap - n, f);
        int too_long = 0;
        for (size_t i = n; i < n + r && !too_long; i++)
            if (buf[i] == '\n') { /* every line ended in this read, not only the last */
                too_long = i - line_start > NHREF_TABLE_MAX_LINE;
                if (!too_long) {
                    line_start = i + 1;
                    nline++;
                }
            }
        n += r;
        too_long |= n - line_start > NHREF_TABLE_MAX_LINE; /* the line still open */
        if (too_long || n > max) {
            *line = too_long ? nline : 0;
            *status = NHREF_EPARSE;
            free(buf);
            return NULL;
        }
        if (n < cap) {
            if (ferror(f)) {
                *status = NHREF_EIO;
                free(buf);
                return NULL;
            }
            break;
        }
        /* never more than the limit + 1 byte: a 2 GB buffer is not allocated for 1 GB */
        cap = cap > max / 2 ? max + 1 : 2 * cap;
        char *p = realloc(buf, cap + 1);
        if (p == NULL)
            free(buf);
        buf = p;
    }
    if (buf != NULL) {
        buf[n] = '\0';
        *len = n;
        *status = NHREF_OK;
    }
    return buf;
}

/* FNV-1a */
static size_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return (size_t)h;
}

/* The names FIELDS->p[FIRST..] of the columns: none empty, none twice (a hash
 * table of the names: linear in their number). */
static int set_names(nhref_table_t *tab, vec_t *fields, size_t first, size_t lineno, char *err,
                     size_t errlen)
{
    size_t n = fields->n - first, cap = 16;
    size_t *slot;
    int status = NHREF_OK;

    while (cap < 2 * n)
        cap *= 2;
    tab->name = calloc(n ? n : 1, sizeof *tab->name);
    slot = malloc(cap * sizeof *slot);
    if (tab->name == NULL || slot == NULL) {
        free(slot);
        return NHREF_ENOMEM;
    }
    for (size_t i = 0; i < cap; i++)
        slot[i] = (size_t)-1;
    for (size_t i = 0; i < n && status == NHREF_OK; i++) {
        const char *nm = fields->p[first + i];
        size_t h;
        if (*nm == '\0') {
            fail(err, errlen, "%s:%zu: column %zu has no name%s", tab->path, lineno,
                 i + 1 + first,
                 i + 1 == n ? " (a separator at the end of the header line?)" : "");
            status = NHREF_EPARSE;
            break;
        }
        for (h = hash_str(nm) & (cap - 1); slot[h] != (size_t)-1; h = (h + 1) & (cap - 1))
            if (strcmp(tab->name[slot[h]], nm) == 0) {
                fail(err, errlen, "%s:%zu: column name '%s' appears twice (columns %zu and %zu)",
                     tab->path, lineno, nm, slot[h] + 1 + first, i + 1 + first);
                status = NHREF_EPARSE;
                break;
            }
        if (status != NHREF_OK)
            break;
        slot[h] = i;
        if ((tab->name[i] = nhref_strdup(nm)) == NULL) {
            status = NHREF_ENOMEM;
            break;
        }
        tab->ncol = i + 1;
    }
    free(slot);
    return status;
}

/* "path:line: why" for a split error */
static int split_error(int rc, const char *path, size_t line, const char *why, char *err,
                       size_t errlen)
{
    if (rc == -1)
        return NHREF_ENOMEM;
    fail(err, errlen, "%s:%zu: %s", path, line, why);
    return NHREF_EPARSE;
}

/* the encodings that are not read, from the first bytes */
static int check_encoding(const unsigned char *d, size_t len, const char *path, char *err,
                          size_t errlen)
{
    const char *what = NULL;
    const unsigned char *nul;
    if (len >= 4 && d[0] == 0xFF && d[1] == 0xFE && d[2] == 0 && d[3] == 0)
        what = "UTF-32 text (byte-order mark FF FE 00 00)";
    else if (len >= 4 && d[0] == 0 && d[1] == 0 && d[2] == 0xFE && d[3] == 0xFF)
        what = "UTF-32 text (byte-order mark 00 00 FE FF)";
    else if (len >= 2 && d[0] == 0xFF && d[1] == 0xFE)
        what = "UTF-16 text (byte-order mark FF FE)";
    else if (len >= 2 && d[0] == 0xFE && d[1] == 0xFF)
        what = "UTF-16 text (byte-order mark FE FF)";
    if (what != NULL) {
        fail(err, errlen, "%s:1: %s is not read: save the file as UTF-8 or ASCII", path, what);
        return NHREF_EPARSE;
    }
    nul = memchr(d, 0, len);
    if (nul != NULL) {
        size_t line = 1, col = 1;
        for (const unsigned char *p = d; p < nul; p++) {
            if (*p == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        fail(err, errlen,
             "%s:%zu: a NUL byte (byte %zu of the line): not a text file (binary data, or "
             "UTF-16 without a byte-order mark); nhref reads UTF-8 or ASCII CSV",
             path, line, col);
        return NHREF_EPARSE;
    }
    return NHREF_OK;
}

/* a hint for a value that is not a number */
static const char *value_hint(const char *s, char sep, char *buf, size_t len)
{
    const char cand[3] = {',', ';', '\t'};
    for (int k = 0; k < 3; k++)
        if (cand[k] != sep && strchr(s, cand[k]) != NULL && (cand[k] != ',' || strchr(s, '.') != NULL)) {
            snprintf(buf, len, " (the separator is %s, and the value contains %s: see --sep)",
                     sep_name(sep), sep_name(cand[k]));
            return buf;
        }
    if (sep != ',' && strchr(s, ',') != NULL)
        return " (a decimal comma? nhref reads numbers with a decimal point)";
    for (const char *p = s; *p != '\0'; p++)
        if (*p == ' ' || (*p == '\t' && sep != '\t'))
            return " (values separated by blanks? nhref reads ',', ';' or tab as separators)";
    return "";
}

/* a hint for a row with the wrong number of values */
static const char *count_hint(const char *line, char sep, size_t found, char *buf, size_t len)
{
    const char cand[3] = {',', ';', '\t'};
    buf[0] = '\0';
    if (found != 1)
        return buf;
    for (int k = 0; k < 3; k++)
        if (cand[k] != sep && strchr(line, cand[k]) != NULL) {
            snprintf(buf, len, " (the separator is %s, and the line contains %s: see --sep)",
                     sep_name(sep), sep_name(cand[k]));
            break;
        }
    return buf;
}

/* what nhref_table_parse works on: the table it fills, where it reports, and the
 * lines of the text (cut in place) it keeps between its passes */
typedef struct {
    nhref_table_t *tab;
    const char *path;
    char *err;
    size_t errlen;
    vec_t fields;        /* the fields of the line split last */
    vec_t rows, lines;   /* the lines that are neither blank nor comments, and their numbers */
    vec_t keys, vals;    /* the "# key: value" metadata, until the table takes them */
    char *columns_meta;  /* "# columns: a,b,c" before the data, or NULL */
    char *names_comment; /* "# a,b,c" before the data, or NULL */
    size_t lineno;       /* lines read */
    size_t names_line;   /* the line of the names in a comment */
    int in_data;         /* a row has been read */
    int header_plain;    /* the first row is a header row */
} parser_t;

/* the comment C (after the '#', trimmed): a "key: value" pair of the metadata, else
 * perhaps a list of names; before the data, "columns" or such a list names the columns */
static int read_comment(parser_t *ps, char *c)
{
    char *colon = strchr(c, ':'), *k, *v;

    if (colon == NULL) {
        if (!ps->in_data && is_name_list(c)) {
            ps->names_comment = c;
            if (ps->columns_meta == NULL)
                ps->names_line = ps->lineno;
        }
        return NHREF_OK;
    }
    *colon = '\0';
    k = nhref_strdup(nhref_trim(c));
    v = nhref_strdup(nhref_trim(colon + 1));
    if (k == NULL || v == NULL || push(&ps->keys, k) != 0) {
        free(k);
        free(v);
        return NHREF_ENOMEM;
    }
    if (push(&ps->vals, v) != 0) {
        ps->keys.n--;
        free(k);
        free(v);
        return NHREF_ENOMEM;
    }
    if (!ps->in_data && strcmp(k, "columns") == 0) {
        ps->columns_meta = v;
        ps->names_line = ps->lineno;
    }
    return NHREF_OK;
}

/* pass 1: BUF cut into lines; the metadata (into the table), the names in comments,
 * and the rows with their line numbers; NHREF_EPARSE if there is no row */
static int read_lines(parser_t *ps, char *buf)
{
    char *p = buf;
    int status = NHREF_OK;

    while (*p != '\0' && status == NHREF_OK) {
        char *end = strchr(p, '\n'), *line = p, *t;
        if (end != NULL)
            *end = '\0';
        ps->lineno++;
        if (end != NULL && end > p && end[-1] == '\r')
            end[-1] = '\0';
        if (strchr(line, '\r') != NULL) {
            fail(ps->err, ps->errlen,
                 "%s:%zu: a carriage return inside the line (lines must end with LF or "
                 "CRLF; old Mac CR line ends are not read)",
                 ps->path, ps->lineno);
            status = NHREF_EPARSE;
            break;
        }
        t = nhref_trim(line);
        if (*t == '#') {
            status = read_comment(ps, nhref_trim(t + 1));
        } else if (*t != '\0') {
            ps->in_data = 1;
            if (push(&ps->rows, t) != 0 || push(&ps->lines, (void *)(uintptr_t)ps->lineno) != 0)
                status = NHREF_ENOMEM;
        }
        if (end == NULL)
            break;
        p = end + 1;
    }
    ps->tab->nmeta = ps->keys.n;
    ps->tab->meta_key = (char **)ps->keys.p;
    ps->tab->meta_value = (char **)ps->vals.p;
    if (status == NHREF_OK && ps->rows.n == 0) {
        if (ps->lineno == 0)
            fail(ps->err, ps->errlen, "%s: empty file (expected a header row and rows of numbers)",
                 ps->path);
        else
            fail(ps->err, ps->errlen, "%s:%zu: no data rows", ps->path, ps->lineno);
        status = NHREF_EPARSE;
    }
    return status;
}

/* SHA-256 of the data part as written: lines after the metadata, '\n'-terminated */
static int data_sha256(char out[65], const vec_t *rows)
{
    size_t total = 0, k = 0;
    char *cat;
    for (size_t i = 0; i < rows->n; i++)
        total += strlen(rows->p[i]) + 1;
    cat = malloc(total + 1);
    if (cat == NULL)
        return NHREF_ENOMEM;
    for (size_t i = 0; i < rows->n; i++) {
        size_t l = strlen(rows->p[i]);
        memcpy(cat + k, rows->p[i], l);
        k += l;
        cat[k++] = '\n';
    }
    nhref_sha256_hex(out, cat, total);
    free(cat);
    return NHREF_OK;
}

/* the column names from the first row, if it is a plain header row (a field that is
 * not a value); an empty first name is pandas' index column, dropped */
static int header_row(parser_t *ps)
{
    nhref_table_t *tab = ps->tab;
    char *first = nhref_strdup(ps->rows.p[0]);
    size_t ln = (size_t)(uintptr_t)ps->lines.p[0];
    const char *why = NULL;
    int rc, status = NHREF_OK;

    if (first == NULL)
        return NHREF_ENOMEM;
    rc = split(first, tab->sep, &ps->fields, &why);
    if (rc != 0) {
        free(first);
        return split_error(rc, ps->path, ln, why, ps->err, ps->errlen);
    }
    for (size_t i = 0; i < ps->fields.n && !ps->header_plain; i++)
        ps->header_plain = !is_value(ps->fields.p[i]);
    if (ps->header_plain) {
        tab->index_dropped = ps->fields.n > 1 && *(char *)ps->fields.p[0] == '\0';
        tab->header_line = ln;
        status = set_names(tab, &ps->fields, (size_t)tab->index_dropped, ln, ps->err, ps->errlen);
    }
    free(first);
    return status;
}

/* the column names from "# columns:", else from a "# a,b,c" comment */
static int comment_names(parser_t *ps)
{
    const char *why = NULL;
    char *list;
    int rc, status;

    if (ps->columns_meta == NULL && ps->names_comment == NULL) {
        fail(ps->err, ps->errlen,
             "%s:%zu: no column names (expected a header row such as 't,x,y' before the "
             "data, or a '# columns: t,x,y' line)",
             ps->path, (size_t)(uintptr_t)ps->lines.p[0]);
        return NHREF_EPARSE;
    }
    list = nhref_strdup(ps->columns_meta != NULL ? ps->columns_meta : ps->names_comment);
    if (list == NULL)
        return NHREF_ENOMEM;
    if ((rc = split(list, ',', &ps->fields, &why)) != 0) {
        status = split_error(rc, ps->path, ps->names_line, why, ps->err, ps->errlen);
    } else {
        ps->tab->header_line = ps->names_line;
        status = set_names(ps->tab, &ps->fields, 0, ps->names_line, ps->err, ps->errlen);
    }
    free(list);
    return status;
}

/* the error of value S of column C on line LN, which nhref_table_cell_set refused with
 * CS: not a number, or (a status of nhref_decimal_set other than NHREF_EPARSE) a
 * number refused, e.g. out of its bounds; NHREF_EPARSE */
static int cell_error(const parser_t *ps, size_t ln, size_t c, const char *s, int cs)
{
    const nhref_table_t *tab = ps->tab;
    char vh[256];
    if (cs == NHREF_EPARSE)
        fail(ps->err, ps->errlen, "%s:%zu: column '%.80s%s': '%.80s%s' is not a number%s", ps->path,
             ln, tab->name[c], strlen(tab->name[c]) > 80 ? "..." : "", s,
             strlen(s) > 80 ? "..." : "", value_hint(s, tab->sep, vh, sizeof vh));
    else /* out of the bounds of nhref_decimal_set: say which */
        fail(ps->err, ps->errlen, "%s:%zu: column '%.80s%s': %s", ps->path, ln, tab->name[c],
             strlen(tab->name[c]) > 80 ? "..." : "",
             nhref_decimal_why(vh, sizeof vh, s, mpfr_get_prec(tab->v), cs));
    return NHREF_EPARSE;
}

/* row R of the table from row I of the text: one value per column at PREC bits, and
 * as written */
static int read_row(parser_t *ps, size_t r, size_t i, mpfr_prec_t prec)
{
    nhref_table_t *tab = ps->tab;
    size_t ln = (size_t)(uintptr_t)ps->lines.p[i], nc = tab->ncol;
    size_t skipc = (size_t)tab->index_dropped;
    const char *why = NULL;
    char hint[128];
    int rc, status = NHREF_OK;

    /* the whole row is initialised first, so nhref_table_free clears it on error */
    for (size_t c = 0; c < nc; c++)
        mpfr_init2(tab->v + r * nc + c, prec);
    tab->nrow = r + 1;
    tab->line[r] = ln;
    rc = split(ps->rows.p[i], tab->sep, &ps->fields, &why);
    if (rc != 0)
        return split_error(rc, ps->path, ln, why, ps->err, ps->errlen);
    if (ps->fields.n != nc + skipc) {
        /* one field: no separator was replaced, the other candidates are still there */
        count_hint(ps->fields.p[0], tab->sep, ps->fields.n, hint, sizeof hint);
        fail(ps->err, ps->errlen, "%s:%zu: expected %zu values (one per column%s), found %zu%s",
             ps->path, ln, nc + skipc, skipc ? ", the index included" : "", ps->fields.n, hint);
        return NHREF_EPARSE;
    }
    for (size_t c = 0; c < nc && status == NHREF_OK; c++) {
        const char *s = ps->fields.p[c + skipc];
        int cs = nhref_table_cell_set(tab->v + r * nc + c, s);
        if (cs != NHREF_OK)
            status = cell_error(ps, ln, c, s, cs);
        else if ((tab->text[r * nc + c] = nhref_strdup(s)) == NULL)
            status = NHREF_ENOMEM;
    }
    return status;
}

/* pass 2: the rows after the header, at PREC bits */
static int read_rows(parser_t *ps, mpfr_prec_t prec)
{
    nhref_table_t *tab = ps->tab;
    size_t first = ps->header_plain ? 1 : 0, nr = ps->rows.n - first, nc = tab->ncol;
    int status = NHREF_OK;

    if (nr == 0) {
        fail(ps->err, ps->errlen, "%s:%zu: no data rows after the header", ps->path, ps->lineno);
        return NHREF_EPARSE;
    }
    tab->v = malloc(nr * nc * sizeof *tab->v);
    tab->text = calloc(nr * nc, sizeof *tab->text);
    tab->line = malloc(nr * sizeof *tab->line);
    if (tab->v == NULL || tab->text == NULL || tab->line == NULL)
        return NHREF_ENOMEM;
    for (size_t r = 0; r < nr && status == NHREF_OK; r++)
        status = read_row(ps, r, first + r, prec);
    return status;
}

int nhref_table_parse(nhref_table_t **tabp, const char *data, size_t len, const char *path,
                      mpfr_prec_t prec, char sep, char *err, size_t errlen)
{
    parser_t ps;
    char *buf;
    size_t skip = 0;
    int status;

    *tabp = NULL;
    err[0] = '\0';
    if (sep != 0 && sep != ',' && sep != ';' && sep != '\t') {
        fail(err, errlen, "%s: separator '%c' is not read (',', ';' or tab)", path, sep);
        return NHREF_EINVAL;
    }
    if ((status = check_encoding((const unsigned char *)data, len, path, err, errlen)) !=
        NHREF_OK)
        return status;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        skip = 3; /* UTF-8 byte-order mark */
    memset(&ps, 0, sizeof ps);
    ps.path = path;
    ps.err = err;
    ps.errlen = errlen;
    buf = malloc(len - skip + 1);
    ps.tab = calloc(1, sizeof *ps.tab);
    if (buf == NULL || ps.tab == NULL || (ps.tab->path = nhref_strdup(path)) == NULL) {
        free(buf);
        free(ps.tab);
        return NHREF_ENOMEM;
    }
    memcpy(buf, data + skip, len - skip);
    buf[len - skip] = '\0';

    status = read_lines(&ps, buf);
    if (status == NHREF_OK)
        status = data_sha256(ps.tab->sha256, &ps.rows);
    if (status == NHREF_OK) {
        /* the separator, from the first line that is not a comment */
        ps.tab->sep = sep != 0 ? sep : detect_sep(ps.rows.p[0]);
        /* column names: a plain header row, else "# columns:", else a "# a,b,c" comment */
        status = header_row(&ps);
    }
    if (status == NHREF_OK && !ps.header_plain)
        status = comment_names(&ps);
    if (status == NHREF_OK)
        status = read_rows(&ps, prec);
    free(ps.fields.p);
    free(ps.rows.p);
    free(ps.lines.p);
    free(buf);
    if (status != NHREF_OK) {
        nhref_table_free(ps.tab);
        return status;
    }
    *tabp = ps.tab;
    return NHREF_OK;
}

int nhref_table_read_sep(nhref_table_t **tabp, const char *path, mpfr_prec_t prec, char sep,
                         char *err, size_t errlen)
{
    FILE *f;
    char *buf = NULL;
    size_t len, line = 0, max = NHREF_TABLE_MAX_STREAM;
    int status = NHREF_EPARSE;
    struct stat sb;

    *tabp = NULL;
    err[0] = '\0';
    f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (f == NULL) {
        fail(err, errlen, "%s: %s", path, strerror(errno));
        return NHREF_EIO;
    }
    /* a regular file's size is known (refused before it is read if too large); a pipe's,
     * a device's or a socket's is not: the lower limit */
    if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode))
        max = NHREF_TABLE_MAX_BYTES;
    if (max == NHREF_TABLE_MAX_STREAM || (uintmax_t)sb.st_size <= (uintmax_t)max)
        buf = slurp(f, max, &len, &status, &line);
    if (f != stdin)
        fclose(f);
    if (buf == NULL) {
        if (status == NHREF_EPARSE && line > 0)
            fail(err, errlen,
                 "%s:%zu: a line longer than %d bytes (the limit of a line; not a "
                 "table of numbers)",
                 path, line, NHREF_TABLE_MAX_LINE);
        else if (status == NHREF_EPARSE && max == NHREF_TABLE_MAX_BYTES)
            fail(err, errlen,
                 "%s: more than %zu bytes (the limit of a table in a file: about 3 million "
                 "rows of 10 values at 30 digits; split the file)",
                 path, max);
        else if (status == NHREF_EPARSE)
            fail(err, errlen,
                 "%s: more than %zu bytes (the limit of a table read from a pipe, a device or "
                 "a socket; a regular file may have up to %zu: write the table to a file)",
                 path, max, NHREF_TABLE_MAX_BYTES);
        else if (status == NHREF_EIO)
            fail(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        else
            fail(err, errlen, "%s: out of memory", path);
        return status;
    }
    status = nhref_table_parse(tabp, buf, len, path, prec, sep, err, errlen);
    free(buf);
    return status;
}

int nhref_table_read(nhref_table_t **tabp, const char *path, mpfr_prec_t prec, char *err,
                     size_t errlen)
{
    return nhref_table_read_sep(tabp, path, prec, 0, err, errlen);
}

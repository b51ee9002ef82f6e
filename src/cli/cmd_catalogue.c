/* cmd_catalogue.c -- `nhref catalogue DIR`: one index (TSV and JSON) of the nhref
 * outputs under DIR, e.g. the shards of a sweep gathered in one place: per case its
 * model, kind, status, outcome, digits, certified digits per column, file, sha256,
 * parameters and initial state; the cases of the manifests (and --cases files)
 * without an output are missing, a case with several outputs is a duplicate, a file
 * whose data do not match its sha256 line is corrupt, an output that is not the case
 * its manifest lists (another command or swept values) is foreign. */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "cli.h"

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref catalogue [OPTION]... DIR\n"
            "Index every nhref output under DIR (golden files, run trajectories and Lyapunov\n"
            "exponents: the *.csv files, searched recursively) into DIR/catalogue.tsv and\n"
            "DIR/catalogue.json: per case its model, kind, status, outcome, digits, certified\n"
            "digits per column (golden files), file (relative to DIR), sha256, parameters and\n"
            "initial state.  The cases expected are those of the manifests under DIR (written\n"
            "by 'nhref sweep') and of the --cases files.  Status: ok; missing (expected, no\n"
            "output); duplicate (more than one output of a case); corrupt (the data do not\n"
            "match the sha256 line); unchecked (no sha256 line, or no '# sweep:' line where\n"
            "the manifest has one); foreign (not the case its manifest lists: another\n"
            "command, another sweep's '# sweep:' line or other swept values, e.g. written by\n"
            "another sweep).\n\n"
            "      --cases FILE  also expect every case of this case file (e.g. after\n"
            "                    'nhref golden --shard'); repeatable\n"
            "      --tsv FILE    write the TSV there (default DIR/catalogue.tsv; - for stdout)\n"
            "      --json FILE   write the JSON there (default DIR/catalogue.json; - for stdout)\n"
            "  -q, --quiet       no summary on stderr\n"
            "  -h, --help        show this help and exit\n\n"
            "Exit status: 0 every expected case has exactly one output and every output checks\n"
            "out; 1 a case is missing, duplicate, corrupt or foreign (the index says which); 2\n"
            "bad usage.\n"
            "Rows: the expected cases in the order of their manifests, then the other outputs\n"
            "by path; the same outputs give the same index, byte for byte.\n"
            "Example: nhref catalogue ftle && column -t -s $'\\t' ftle/catalogue.tsv | less\n");
}

enum { ST_OK, ST_MISSING, ST_DUPLICATE, ST_CORRUPT, ST_UNCHECKED, ST_FOREIGN, ST_COUNT };
static const char *status_name[] = {"ok",      "missing",   "duplicate",
                                    "corrupt", "unchecked", "foreign"};

typedef struct {
    size_t n;
    char **name, **value;
} pairs_t;

typedef struct {
    char *rel;    /* path relative to DIR; NULL for a missing case */
    char *kind;   /* golden, run, lyapunov */
    char *model, *name, *outcome, *digits;
    pairs_t certified, param, init;
    char sha[65];
    char sweep[65]; /* the sweep that wrote it ("# sweep: HEX"), or "" */
    int nsweep;     /* how many "# sweep:" lines it has */
    int status;
} entry_t;

typedef struct {
    char *model, *name, *rel; /* rel: the file the manifest names, or NULL */
    char *swept;
    char *kind; /* the manifest's command (run, lyapunov), or NULL (a --cases file) */
    char *sweep; /* the manifest's '# sweep:' hash, or NULL (a --cases file, an older nhref's) */
} expect_t;

typedef struct {
    entry_t *e;
    size_t ne, cape;
    expect_t *x;
    size_t nx, capx;
    char **manifests;
    size_t nmanifest, ntemp, nother;
} cat_t;

static int pairs_push(pairs_t *p, const char *name, const char *value)
{
    char **a = realloc(p->name, (p->n + 1) * sizeof *a), **b;
    if (a == NULL)
        return -1;
    p->name = a;
    b = realloc(p->value, (p->n + 1) * sizeof *b);
    if (b == NULL)
        return -1;
    p->value = b;
    p->name[p->n] = strdup(name);
    p->value[p->n] = strdup(value);
    if (p->name[p->n] == NULL || p->value[p->n] == NULL)
        return -1;
    p->n++;
    return 0;
}

static void pairs_free(pairs_t *p)
{
    for (size_t i = 0; i < p->n; i++) {
        free(p->name[i]);
        free(p->value[i]);
    }
    free(p->name);
    free(p->value);
}

static void entry_free(entry_t *e)
{
    free(e->rel);
    free(e->kind);
    free(e->model);
    free(e->name);
    free(e->outcome);
    free(e->digits);
    pairs_free(&e->certified);
    pairs_free(&e->param);
    pairs_free(&e->init);
}

static char *join(const char *a, const char *b)
{
    char *s = malloc(strlen(a) + strlen(b) + 2);
    if (s != NULL)
        sprintf(s, "%s%s%s", a, *a ? "/" : "", b);
    return s;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t l = strlen(s), m = strlen(suffix);
    return l >= m && strcmp(s + l - m, suffix) == 0;
}

/* "NAME = VALUE [unit]" or "NAME = VALUE (...)" -> NAME, VALUE (a set "[LO, HI]" whole) */
static int split_pair(const char *s, char *name, char *value, size_t len)
{
    const char *eq = strstr(s, " = "), *v, *end;
    if (eq == NULL || (size_t)(eq - s) >= len)
        return -1;
    memcpy(name, s, (size_t)(eq - s));
    name[eq - s] = '\0';
    v = eq + 3;
    end = v;
    if (*v == '[' && strchr(v, ']') != NULL)
        end = strchr(v, ']') + 1;
    while (*end != '\0' && *end != ' ')
        end++;
    if ((size_t)(end - v) >= len)
        return -1;
    memcpy(value, v, (size_t)(end - v));
    value[end - v] = '\0';
    return 0;
}

/* the kinds of output, by the first '#' line of the file */
static const struct {
    const char *first, *kind;
} kinds[] = {{"# nhref golden file", "golden"},
             {"# nhref trajectory", "run"},
             {"# nhref finite-time Lyapunov exponents", "lyapunov"}};

/* the index in KINDS of the output whose first '#' line is LINE, or -1 */
static int output_kind(const char *line)
{
    for (int k = 0; k < 3; k++)
        if (strcmp(line, kinds[k].first) == 0)
            return k;
    return -1;
}

/* the metadata line "# KEY: VALUE" (S after the '#') into E, the first of each key
 * kept; 1 if memory ran out, else 0 */
static int read_meta_line(entry_t *e, const char *s)
{
    char name[256], value[256];
    int oom = 0;

    while (*s == ' ')
        s++;
    if (strncmp(s, "model: ", 7) == 0 && e->model == NULL)
        oom |= (e->model = strdup(s + 7)) == NULL;
    else if (strncmp(s, "case: ", 6) == 0 && e->name == NULL)
        oom |= (e->name = strdup(s + 6)) == NULL;
    else if (strncmp(s, "outcome: ", 9) == 0 && e->outcome == NULL)
        oom |= (e->outcome = strdup(s + 9)) == NULL;
    else if (strncmp(s, "digits: ", 8) == 0 && e->digits == NULL)
        oom |= (e->digits = strdup(s + 8)) == NULL;
    else if ((strncmp(s, "tolerance: 1e-", 14) == 0 || strncmp(s, "precision: ", 11) == 0) &&
             e->digits == NULL && strstr(s, "1e-") != NULL) {
        const char *t = strstr(s, "1e-") + 3;
        size_t l = strspn(t, "0123456789.");
        if ((e->digits = malloc(l + 1)) != NULL) {
            memcpy(e->digits, t, l);
            e->digits[l] = '\0';
        } else
            oom = 1;
    } else if (strncmp(s, "sweep: ", 7) == 0) { /* the hash, up to a blank */
        size_t l = strcspn(s + 7, " ");
        if (e->nsweep++ == 0)
            snprintf(e->sweep, sizeof e->sweep, "%.*s", (int)(l < 64 ? l : 64), s + 7);
    } else if (strncmp(s, "param: ", 7) == 0 && split_pair(s + 7, name, value, sizeof name) == 0)
        oom |= pairs_push(&e->param, name, value) != 0;
    else if (strncmp(s, "init: ", 6) == 0 && split_pair(s + 6, name, value, sizeof name) == 0)
        oom |= pairs_push(&e->init, name, value) != 0;
    else if (strncmp(s, "certified: ", 11) == 0 &&
             split_pair(s + 11, name, value, sizeof name) == 0 && strcmp(name, "t") != 0 &&
             strcmp(name, "digits") != 0 && strcmp(name, "sig_digits") != 0)
        oom |= pairs_push(&e->certified, name, value) != 0;
    return oom;
}

/* what the output of kind KIND at REL did not say: its case is the file's stem, its
 * model "", its outcome certified or computed, its digits ""; 1 if memory ran out */
static int entry_defaults(entry_t *e, int kind, const char *rel)
{
    int oom = 0;
    if (e->name == NULL) { /* the file's stem */
        const char *b = strrchr(rel, '/');
        oom |= (e->name = strdup(b ? b + 1 : rel)) == NULL;
        if (e->name != NULL && ends_with(e->name, ".csv"))
            e->name[strlen(e->name) - 4] = '\0';
    }
    if (e->model == NULL)
        oom |= (e->model = strdup("")) == NULL;
    if (e->outcome == NULL)
        oom |= (e->outcome = strdup(kind == 0 ? "certified" : "computed")) == NULL;
    if (e->digits == NULL)
        oom |= (e->digits = strdup("")) == NULL;
    oom |= (e->kind = strdup(kinds[kind].kind)) == NULL;
    oom |= (e->rel = strdup(rel)) == NULL;
    return oom;
}

/* room for one more entry in CAT: 0, or -1 */
static int entry_room(cat_t *cat)
{
    if (cat->ne == cat->cape &&
        (cat->e = realloc(cat->e, (cat->cape = cat->cape ? 2 * cat->cape : 64) * sizeof *cat->e)) ==
            NULL)
        return -1;
    return 0;
}

/* read the metadata of the output FULL (REL under DIR) into a new entry; 0 if it is
 * not an nhref output */
static int read_output(cat_t *cat, const char *full, const char *rel)
{
    FILE *f = fopen(full, "r");
    char *line = NULL, claimed[65], hex[65];
    size_t cap = 0, lineno = 0;
    long got;
    entry_t e;
    int kind = -1, oom = 0;

    if (f == NULL) {
        cli_error("cannot read '%s': %s", full, strerror(errno));
        return -1;
    }
    memset(&e, 0, sizeof e);
    while ((got = cli_read_line(f, &line, &cap, &lineno, 1)) >= 0 || got == -2) {
        if (got == -2) { /* no nhref output has such a line: taken for another file */
            kind = -1;
            break;
        }
        /* the kind of file: its first '#' line (after the header row, in format 2) */
        if (kind < 0) {
            if ((kind = output_kind(line)) < 0)
                break;
            continue;
        }
        oom |= read_meta_line(&e, line + 1);
    }
    free(line);
    fclose(f);
    oom |= got == -3;
    if (kind < 0) {
        cat->nother++;
        entry_free(&e);
        return 0;
    }
    oom |= entry_defaults(&e, kind, rel);
    if (nhref_file_data_sha256(full, hex, claimed) != NHREF_OK) {
        cli_error("cannot read '%s': %s", full, strerror(errno));
        entry_free(&e);
        return -1;
    }
    strcpy(e.sha, hex);
    e.status = claimed[0] == '\0' ? ST_UNCHECKED : strcmp(claimed, hex) == 0 ? ST_OK : ST_CORRUPT;
    if (oom || entry_room(cat) != 0) {
        entry_free(&e);
        return -1;
    }
    cat->e[cat->ne++] = e;
    return 1;
}

static int expect_push(cat_t *cat, const char *model, const char *name, const char *rel,
                       const char *swept, const char *kind, const char *sweep)
{
    expect_t *x;
    if (cat->nx == cat->capx) {
        size_t cap = cat->capx ? 2 * cat->capx : 64;
        expect_t *p = realloc(cat->x, cap * sizeof *p);
        if (p == NULL)
            return -1;
        cat->x = p;
        cat->capx = cap;
    }
    x = &cat->x[cat->nx];
    x->model = strdup(model);
    x->name = strdup(name);
    x->rel = rel ? strdup(rel) : NULL;
    x->swept = strdup(swept ? swept : "");
    x->kind = kind ? strdup(kind) : NULL;
    x->sweep = sweep ? strdup(sweep) : NULL;
    if (x->model == NULL || x->name == NULL || x->swept == NULL || (kind && x->kind == NULL) ||
        (sweep && x->sweep == NULL))
        return -1;
    cat->nx++;
    return 0;
}

/* the cases of a manifest FULL (REL under DIR) */
static int read_manifest(cat_t *cat, const char *full, const char *rel)
{
    FILE *f = fopen(full, "r");
    char *line = NULL, *dir = strdup(rel), *slash, kind[16] = "", sweep[65] = "";
    size_t cap = 0, lineno = 0;
    long got;
    int rc = 0;

    if (f == NULL || dir == NULL) {
        cli_error("cannot read '%s': %s", full, strerror(errno));
        if (f != NULL)
            fclose(f);
        free(dir);
        return -1;
    }
    slash = strrchr(dir, '/');
    if (slash != NULL)
        *slash = '\0';
    else
        dir[0] = '\0';
    while (rc == 0 && (got = cli_read_line(f, &line, &cap, &lineno, 0)) != -1) {
        char *fld[5], *p = line;
        int nf = 0;
        if (got < 0) {
            if (got == -2)
                cli_error("%s:%zu: a line longer than %lu bytes (the limit of a line)", full,
                          lineno, (unsigned long)NHREF_TABLE_MAX_LINE);
            else
                cli_error("%s: out of memory", full);
            rc = -1;
            break;
        }
        if (lineno == 1 && strcmp(line, "# nhref sweep manifest") != 0) {
            cli_error("%s:1: not an nhref sweep manifest", full);
            rc = -1;
            break;
        }
        if (strncmp(line, "# command: ", 11) == 0) { /* run or lyapunov, then its options */
            size_t l = strcspn(line + 11, " ");
            snprintf(kind, sizeof kind, "%.*s", (int)(l < 15 ? l : 15), line + 11);
        }
        if (strncmp(line, "# sweep: ", 9) == 0) { /* the hash every output of it carries */
            size_t l = strcspn(line + 9, " ");
            snprintf(sweep, sizeof sweep, "%.*s", (int)(l < 64 ? l : 64), line + 9);
        }
        if (line[0] == '#' || line[0] == '\0')
            continue;
        while (nf < 5) {
            fld[nf++] = p;
            p = strchr(p, '\t');
            if (p == NULL)
                break;
            *p++ = '\0';
        }
        if (nf < 4) {
            cli_error("%s:%zu: expected index, case, model, file and swept values (TSV)", full,
                      lineno);
            rc = -1;
            break;
        }
        {
            char *r = join(dir, fld[3]);
            if (r == NULL || expect_push(cat, fld[2], fld[1], r, nf == 5 ? fld[4] : "",
                                         kind[0] ? kind : NULL, sweep[0] ? sweep : NULL) != 0)
                rc = -1;
            free(r);
        }
    }
    free(line);
    free(dir);
    fclose(f);
    if (rc == 0) {
        char **m = realloc(cat->manifests, (cat->nmanifest + 1) * sizeof *m);
        if (m == NULL)
            return -1;
        cat->manifests = m;
        if ((m[cat->nmanifest] = strdup(rel)) == NULL)
            return -1;
        cat->nmanifest++;
    }
    return rc;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* every regular file under DIR/REL (REL "" for DIR), relative paths into *FILES */
static int walk(const char *dir, const char *rel, char ***files, size_t *n, size_t *cap)
{
    char *full = *rel ? join(dir, rel) : strdup(dir);
    DIR *d = full ? opendir(full) : NULL;
    struct dirent *de;
    int rc = 0;

    if (d == NULL) {
        cli_error("cannot read the directory '%s': %s", full ? full : dir, strerror(errno));
        free(full);
        return -1;
    }
    while (rc == 0 && (de = readdir(d)) != NULL) {
        struct stat sb;
        char *r, *p;
        if (de->d_name[0] == '.')
            continue;
        r = join(rel, de->d_name);
        p = r ? join(dir, r) : NULL;
        if (r == NULL || p == NULL) {
            free(r);
            free(p);
            rc = -1;
            break;
        }
        if (lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            rc = walk(dir, r, files, n, cap);
            free(r);
        } else if (stat(p, &sb) == 0 && S_ISREG(sb.st_mode)) {
            if (*n == *cap) {
                char **q = realloc(*files, (*cap = *cap ? 2 * *cap : 256) * sizeof *q);
                if (q == NULL) {
                    free(r);
                    free(p);
                    rc = -1;
                    break;
                }
                *files = q;
            }
            (*files)[(*n)++] = r;
        } else {
            free(r);
        }
        free(p);
    }
    closedir(d);
    free(full);
    return rc;
}

/* "param A1 = 0.1, init theta = 0.5" -> the pairs of a missing case */
static void swept_pairs(const char *swept, pairs_t *param, pairs_t *init)
{
    char *s = strdup(swept), *p = s;
    while (p != NULL && *p != '\0') {
        char *comma = strstr(p, ", "), name[256], value[256];
        int is_param = strncmp(p, "param ", 6) == 0;
        if (comma != NULL)
            *comma = '\0';
        if ((is_param || strncmp(p, "init ", 5) == 0) &&
            split_pair(p + (is_param ? 6 : 5), name, value, sizeof name) == 0)
            pairs_push(is_param ? param : init, name, value);
        p = comma ? comma + 2 : NULL;
    }
    free(s);
}

/* key order: model, then case name */
static const entry_t *g_e;
static int cmp_key_idx(const void *a, const void *b)
{
    const entry_t *x = &g_e[*(const size_t *)a], *y = &g_e[*(const size_t *)b];
    int c = strcmp(x->model, y->model);
    if (c == 0)
        c = strcmp(x->name, y->name);
    if (c == 0)
        c = strcmp(x->rel, y->rel);
    return c;
}

/* the first index in the sorted BYKEY of an entry with MODEL/NAME (or NE) */
static size_t lower(const entry_t *e, const size_t *bykey, size_t ne, const char *model,
                    const char *name)
{
    size_t lo = 0, hi = ne;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const entry_t *m = &e[bykey[mid]];
        int c = strcmp(m->model, model);
        if (c == 0)
            c = strcmp(m->name, name);
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int same_key(const entry_t *e, const char *model, const char *name)
{
    return strcmp(e->model, model) == 0 && strcmp(e->name, name) == 0;
}

/* TSV-safe: tabs and newlines become spaces */
static void tsv_field(FILE *out, const char *s)
{
    for (; s != NULL && *s != '\0'; s++)
        fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, out);
}

static const char *pair_get(const pairs_t *p, const char *name)
{
    for (size_t i = 0; i < p->n; i++)
        if (strcmp(p->name[i], name) == 0)
            return p->value[i];
    return NULL;
}

/* S as it goes into the JSON: S if it is UTF-8, else a copy with every byte that is not
 * ASCII as '?' (jansson refuses other text, and the field would be left out of the index);
 * malloc'ed, or NULL */
static char *utf8_text(const char *s)
{
    json_t *j = json_string(s);
    char *c = strdup(s);
    if (j == NULL && c != NULL)
        for (char *p = c; *p != '\0'; p++)
            if ((unsigned char)*p >= 0x80)
                *p = '?';
    json_decref(j);
    return c;
}

static json_t *text_json(const char *s)
{
    char *c = utf8_text(s);
    json_t *j = c != NULL ? json_string(c) : NULL;
    free(c);
    return j;
}

static json_t *pairs_json(const pairs_t *p, int numbers)
{
    json_t *o = json_object();
    for (size_t i = 0; i < p->n; i++) {
        json_t *v;
        if (numbers) {
            char *end;
            long d = strtol(p->value[i], &end, 10);
            v = *end == '\0' && end != p->value[i] ? json_integer(d) : json_null();
        } else {
            v = text_json(p->value[i]);
        }
        {
            char *name = utf8_text(p->name[i]);
            if (name != NULL)
                json_object_set_new(o, name, v);
            else
                json_decref(v);
            free(name);
        }
    }
    return o;
}

/* "16" -> 16, "12.5" -> 12.5, anything else -> null */
static json_t *number_json(const char *s)
{
    char *end;
    double d;
    if (s == NULL || *s == '\0')
        return json_null();
    d = strtod(s, &end);
    if (*end != '\0')
        return json_null();
    if (d == (double)(json_int_t)d && strchr(s, '.') == NULL && strchr(s, 'e') == NULL)
        return json_integer((json_int_t)d);
    return json_real(d);
}

static int write_file(const char *path, const char *text, size_t len)
{
    nhref_outfile_t *of;
    if (nhref_outfile_open(&of, path) != NHREF_OK) {
        cli_error("cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    fwrite(text, 1, len, nhref_outfile_stream(of));
    if (nhref_outfile_commit(of) != NHREF_OK) {
        cli_error("cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* what the command line asks for */
typedef struct {
    const char *dir, *tsv_path, *json_path, *casefiles[64];
    size_t ncasefiles;
    int quiet;
    char *tsv_def, *json_def; /* DIR/catalogue.tsv and .json, when written there */
} opts_t;

/* the options and DIR into O: -1 to go on, else the exit status (after --help or an
 * error) */
static int parse_args(opts_t *o, int argc, char **argv)
{
    static const struct option longopts[] = {{"cases", required_argument, NULL, 'C'},
                                              {"tsv", required_argument, NULL, 'T'},
                                              {"json", required_argument, NULL, 'J'},
                                              {"quiet", no_argument, NULL, 'q'},
                                              {"help", no_argument, NULL, 'h'},
                                              {NULL, 0, NULL, 0}};
    struct stat sb;
    int c;

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'C':
            if (o->ncasefiles == sizeof o->casefiles / sizeof o->casefiles[0]) {
                cli_error("too many --cases files (at most 64)");
                return CLI_USAGE;
            }
            o->casefiles[o->ncasefiles++] = optarg;
            break;
        case 'T':
            o->tsv_path = optarg;
            break;
        case 'J':
            o->json_path = optarg;
            break;
        case 'q':
            o->quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return CLI_OK;
        case ':':
            cli_error("option '%s' needs a value (see 'nhref catalogue --help')",
                      argv[optind - 1]);
            return CLI_USAGE;
        default:
            cli_error("unknown option '%s' (see 'nhref catalogue --help')", argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind + 1 != argc) {
        cli_error(optind >= argc ? "missing DIR (see 'nhref catalogue --help')"
                                 : "one DIR only (see 'nhref catalogue --help')");
        return CLI_USAGE;
    }
    o->dir = argv[optind];
    if (stat(o->dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        cli_error("'%s' is not a directory", o->dir);
        return CLI_USAGE;
    }
    { /* the two outputs as they will be written (a default is DIR/catalogue.*) */
        char *t = o->tsv_path ? NULL : join(o->dir, "catalogue.tsv");
        char *j = o->json_path ? NULL : join(o->dir, "catalogue.json");
        const char *tp = o->tsv_path ? o->tsv_path : t, *jp = o->json_path ? o->json_path : j;
        int clash = tp != NULL && jp != NULL &&
                    ((strcmp(tp, "-") == 0 && strcmp(jp, "-") == 0) || cli_same_file(tp, jp));
        if (clash)
            cli_error("--tsv and --json name the same file '%s': give two files", tp);
        free(t);
        free(j);
        if (clash)
            return CLI_USAGE;
    }
    return -1;
}

/* the outputs and manifests under DIR, in path order, into CAT (temporary files
 * counted): CLI_OK, else the exit status */
static int read_tree(cat_t *cat, const char *dir)
{
    char **files = NULL;
    size_t nfiles = 0, capf = 0;
    int rc = CLI_OK;

    if (walk(dir, "", &files, &nfiles, &capf) != 0)
        rc = CLI_FAIL;
    else if (nfiles > 0) /* an empty tree: FILES is NULL, which qsort may not take */
        qsort(files, nfiles, sizeof *files, cmp_str);
    for (size_t i = 0; i < nfiles && rc == CLI_OK; i++) {
        char *full = join(dir, files[i]);
        int r = 0;
        if (full == NULL) {
            rc = CLI_FAIL;
            break;
        }
        if (strstr(files[i], ".tmp.") != NULL)
            cat->ntemp++;
        else if (ends_with(files[i], ".csv"))
            r = read_output(cat, full, files[i]);
        else if (ends_with(files[i], ".manifest"))
            r = read_manifest(cat, full, files[i]);
        free(full);
        if (r < 0)
            rc = CLI_USAGE;
    }
    for (size_t i = 0; i < nfiles; i++)
        free(files[i]);
    free(files);
    return rc;
}

/* the cases of O's --cases files, expected in CAT: CLI_OK, else the exit status */
static int read_casefiles(cat_t *cat, const opts_t *o)
{
    for (size_t i = 0; i < o->ncasefiles; i++) {
        nhref_case_t *cs;
        size_t n;
        char err[1024];
        if (nhref_cases_read(&cs, &n, o->casefiles[i], err, sizeof err) != NHREF_OK) {
            cli_error("%s", err);
            return CLI_USAGE;
        }
        for (size_t k = 0; k < n; k++)
            if (expect_push(cat, cs[k].model, cs[k].name, NULL, cs[k].swept, NULL, NULL) != 0) {
                nhref_cases_free(cs, n);
                return CLI_FAIL;
            }
        nhref_cases_free(cs, n);
    }
    return CLI_OK;
}

/* the rows of the index, the expected cases (each once) with their outputs, then the
 * others; a row is an output or a missing case */
typedef struct {
    size_t nrow, nexpected, count[ST_COUNT];
    size_t *order;          /* per row: its index in cat->e, or ROW_MISSING */
    entry_t *rows;          /* rows[r]: the row of a missing case, at its place */
    pairs_t cols_p, cols_i; /* the parameter and state columns, in the order first met */
} index_t;

#define ROW_MISSING ((size_t)-1)

/* the entry of row R */
static const entry_t *row_entry(const index_t *ix, const cat_t *cat, size_t r)
{
    return ix->order[r] == ROW_MISSING ? &ix->rows[r] : &cat->e[ix->order[r]];
}

/* KEY is one of the N keys in SEEN: a key listed twice (the same manifest in two
 * shards' directories) counts once; a linear look-back is enough for the usual
 * handful of manifests */
static int seen_before(char *const *seen, size_t n, const char *key)
{
    for (size_t s = n; s-- > 0;)
        if (strcmp(seen[s], key) == 0)
            return 1;
    return 0;
}

/* the next row: the expected case X, which has no output */
static void missing_row(index_t *ix, const expect_t *x)
{
    entry_t *r = &ix->rows[ix->nrow];
    r->model = strdup(x->model);
    r->name = strdup(x->name);
    r->status = ST_MISSING;
    swept_pairs(x->swept, &r->param, &r->init);
    ix->order[ix->nrow++] = ROW_MISSING;
}

/* 1 if the output E is not the case X expects: another kind of output than X's manifest
 * command, another sweep's (its '# sweep:' line is not the manifest's, or it has several),
 * or a swept parameter or initial value that differs (compared as written); 2 if it is the
 * case but has no '# sweep:' line while the manifest has one (an older nhref's output, or
 * one copied in from 'nhref run': which, the file cannot tell); else 0 */
static int foreign(const entry_t *e, const expect_t *x)
{
    pairs_t param = {0}, init = {0};
    int bad = (x->kind != NULL && strcmp(e->kind, x->kind) != 0) || e->nsweep > 1 ||
              (x->sweep != NULL && e->nsweep == 1 && strcmp(e->sweep, x->sweep) != 0);
    swept_pairs(x->swept, &param, &init);
    for (size_t i = 0; !bad && i < param.n; i++) {
        const char *v = pair_get(&e->param, param.name[i]);
        bad = v == NULL || strcmp(v, param.value[i]) != 0;
    }
    for (size_t i = 0; !bad && i < init.n; i++) {
        const char *v = pair_get(&e->init, init.name[i]);
        bad = v == NULL || strcmp(v, init.value[i]) != 0;
    }
    pairs_free(&param);
    pairs_free(&init);
    return bad ? 1 : x->sweep != NULL && e->nsweep == 0 ? 2 : 0;
}

/* the rows of the expected cases, each once: its outputs (duplicate if several; marked
 * in USED; foreign if one is not the case a manifest lists), else a missing row.
 * BYKEY: the entries sorted by key.  0, or -1 */
static int expected_rows(index_t *ix, cat_t *cat, const size_t *bykey, char *used)
{
    /* expected keys seen already (several manifests may list a case) */
    char **seen = malloc((cat->nx + 1) * sizeof *seen);
    size_t nseen = 0;

    if (seen == NULL)
        return -1;
    for (size_t i = 0; i < cat->nx; i++) {
        const expect_t *x = &cat->x[i];
        size_t lo = lower(cat->e, bykey, cat->ne, x->model, x->name), hi = lo;
        char *key = malloc(strlen(x->model) + strlen(x->name) + 2);
        if (key == NULL)
            break;
        sprintf(key, "%s/%s", x->model, x->name);
        while (hi < cat->ne && same_key(&cat->e[bykey[hi]], x->model, x->name))
            hi++;
        for (size_t k = lo; k < hi; k++) { /* every manifest that lists it, not only the first */
            entry_t *e = &cat->e[bykey[k]];
            /* the file the manifest names (another sweep's case of that name elsewhere in
             * DIR is a duplicate, not foreign) */
            if ((x->rel == NULL || strcmp(e->rel, x->rel) == 0) && e->status != ST_CORRUPT) {
                int f = foreign(e, x);
                if (f == 1)
                    e->status = ST_FOREIGN;
                else if (f == 2 && e->status == ST_OK)
                    e->status = ST_UNCHECKED;
            }
        }
        if (seen_before(seen, nseen, key)) {
            free(key);
            continue;
        }
        seen[nseen++] = key;
        if (hi == lo) {
            missing_row(ix, x);
            continue;
        }
        for (size_t k = lo; k < hi; k++) {
            used[bykey[k]] = 1;
            if (hi - lo > 1 && cat->e[bykey[k]].status != ST_FOREIGN)
                cat->e[bykey[k]].status = ST_DUPLICATE;
            ix->order[ix->nrow++] = bykey[k];
        }
    }
    ix->nexpected = nseen;
    for (size_t s = 0; s < nseen; s++)
        free(seen[s]);
    free(seen);
    return 0;
}

/* the rows of the outputs no case expects (not in USED), by path: duplicate if
 * another output has the same key */
static void other_rows(index_t *ix, cat_t *cat, const size_t *bykey, const char *used)
{
    for (size_t i = 0; i < cat->ne; i++)
        if (!used[i]) {
            size_t lo = lower(cat->e, bykey, cat->ne, cat->e[i].model, cat->e[i].name);
            if (lo + 1 < cat->ne &&
                same_key(&cat->e[bykey[lo + 1]], cat->e[i].model, cat->e[i].name))
                cat->e[i].status = ST_DUPLICATE;
            ix->order[ix->nrow++] = i;
        }
}

/* the parameter and state columns (every name, in the order first met) and the count
 * of rows of each status */
static void index_columns(index_t *ix, const cat_t *cat)
{
    for (size_t r = 0; r < ix->nrow; r++) {
        const entry_t *e = row_entry(ix, cat, r);
        for (size_t k = 0; k < e->param.n; k++)
            if (pair_get(&ix->cols_p, e->param.name[k]) == NULL)
                pairs_push(&ix->cols_p, e->param.name[k], "");
        for (size_t k = 0; k < e->init.n; k++)
            if (pair_get(&ix->cols_i, e->init.name[k]) == NULL)
                pairs_push(&ix->cols_i, e->init.name[k], "");
        ix->count[e->status]++;
    }
}

/* the rows, columns and counts of the index of CAT (whose duplicates it marks):
 * 0, or -1 out of memory */
static int build_index(index_t *ix, cat_t *cat)
{
    size_t *bykey = malloc((cat->ne + 1) * sizeof *bykey);
    char *used = NULL;
    int rc = -1;

    ix->order = malloc((cat->ne + cat->nx + 1) * sizeof *ix->order);
    ix->rows = calloc(cat->ne + cat->nx + 1, sizeof *ix->rows);
    if (bykey != NULL && ix->order != NULL && ix->rows != NULL) {
        for (size_t i = 0; i < cat->ne; i++)
            bykey[i] = i;
        g_e = cat->e;
        qsort(bykey, cat->ne, sizeof *bykey, cmp_key_idx);
        used = calloc(cat->ne + 1, 1);
        if (used != NULL && expected_rows(ix, cat, bykey, used) == 0) {
            other_rows(ix, cat, bykey, used);
            index_columns(ix, cat);
            rc = 0;
        }
    }
    free(used);
    free(bykey);
    return rc;
}

/* one row of the TSV: the entry E in the columns of IX */
static void tsv_row(FILE *t, const entry_t *e, const index_t *ix)
{
    tsv_field(t, e->name);
    fputc('\t', t);
    tsv_field(t, e->model);
    fputc('\t', t);
    tsv_field(t, e->kind);
    fprintf(t, "\t%s\t", status_name[e->status]);
    tsv_field(t, e->outcome);
    fputc('\t', t);
    tsv_field(t, e->digits);
    fputc('\t', t);
    for (size_t k = 0; k < e->certified.n; k++) {
        fputs(k ? " " : "", t);
        tsv_field(t, e->certified.name[k]);
        fputc('=', t);
        tsv_field(t, e->certified.value[k]);
    }
    fputc('\t', t);
    tsv_field(t, e->rel);
    fprintf(t, "\t%s", e->rel ? e->sha : "");
    for (size_t k = 0; k < ix->cols_p.n; k++) {
        fputc('\t', t);
        tsv_field(t, pair_get(&e->param, ix->cols_p.name[k]));
    }
    for (size_t k = 0; k < ix->cols_i.n; k++) {
        fputc('\t', t);
        tsv_field(t, pair_get(&e->init, ix->cols_i.name[k]));
    }
    fputc('\n', t);
}

/* the TSV of the index, to --tsv or DIR/catalogue.tsv: 0, or -1 */
static int write_tsv(opts_t *o, const index_t *ix, const cat_t *cat)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *t = open_memstream(&buf, &len);
    int rc = 0;

    if (t == NULL)
        return -1;
    fprintf(t, "case\tmodel\tkind\tstatus\toutcome\tdigits\tcertified\tfile\tsha256");
    for (size_t k = 0; k < ix->cols_p.n; k++) { /* a tab in a name must not make a column */
        fputs("\tparam:", t);
        tsv_field(t, ix->cols_p.name[k]);
    }
    for (size_t k = 0; k < ix->cols_i.n; k++) {
        fputs("\tinit:", t);
        tsv_field(t, ix->cols_i.name[k]);
    }
    fputc('\n', t);
    for (size_t r = 0; r < ix->nrow; r++)
        tsv_row(t, row_entry(ix, cat, r), ix);
    fclose(t);
    if (o->tsv_path == NULL)
        o->tsv_path = o->tsv_def = join(o->dir, "catalogue.tsv");
    if (o->tsv_path == NULL || write_file(o->tsv_path, buf, len) != 0)
        rc = -1;
    free(buf);
    return rc;
}

/* the JSON's format, summary (the counts) and manifests, into ROOT */
static void json_summary(json_t *root, const index_t *ix, const cat_t *cat)
{
    json_t *s = json_object(), *jm = json_array();
    json_object_set_new(root, "format", json_string("nhref-catalogue 1"));
    json_object_set_new(s, "rows", json_integer((json_int_t)ix->nrow));
    json_object_set_new(s, "expected", json_integer((json_int_t)ix->nexpected));
    json_object_set_new(s, "outputs", json_integer((json_int_t)cat->ne));
    for (int k = 0; k < ST_COUNT; k++)
        json_object_set_new(s, status_name[k], json_integer((json_int_t)ix->count[k]));
    json_object_set_new(s, "temporary_files", json_integer((json_int_t)cat->ntemp));
    json_object_set_new(s, "other_csv_files", json_integer((json_int_t)cat->nother));
    json_object_set_new(root, "summary", s);
    for (size_t i = 0; i < cat->nmanifest; i++)
        json_array_append_new(jm, text_json(cat->manifests[i]));
    json_object_set_new(root, "manifests", jm);
}

/* one row of the JSON: the entry E */
static json_t *json_row(const entry_t *e)
{
    json_t *o = json_object();
    json_object_set_new(o, "case", text_json(e->name));
    json_object_set_new(o, "model", text_json(e->model));
    json_object_set_new(o, "kind", e->kind ? text_json(e->kind) : json_null());
    json_object_set_new(o, "status", json_string(status_name[e->status]));
    json_object_set_new(o, "outcome", e->outcome ? text_json(e->outcome) : json_null());
    json_object_set_new(o, "digits", number_json(e->digits));
    json_object_set_new(o, "certified",
                        e->certified.n ? pairs_json(&e->certified, 1) : json_null());
    json_object_set_new(o, "file", e->rel ? text_json(e->rel) : json_null());
    json_object_set_new(o, "sha256", e->rel ? json_string(e->sha) : json_null());
    json_object_set_new(o, "param", pairs_json(&e->param, 0));
    json_object_set_new(o, "init", pairs_json(&e->init, 0));
    return o;
}

/* the text of ROOT and a '\n' (*LEN bytes, not NUL-terminated), or NULL */
static char *json_text(const json_t *root, size_t *len)
{
    char *text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
    char *withnl;
    if (text == NULL)
        return NULL;
    *len = strlen(text);
    withnl = malloc(*len + 2);
    if (withnl != NULL) {
        memcpy(withnl, text, *len);
        withnl[(*len)++] = '\n';
    }
    free(text);
    return withnl;
}

/* the JSON of the index, to --json or DIR/catalogue.json: 0, or -1 */
static int write_json(opts_t *o, const index_t *ix, const cat_t *cat)
{
    json_t *root = json_object(), *jcases = json_array(), *jmissing = json_array(),
           *jdup = json_array();
    char *text;
    size_t len;
    int rc = -1;

    json_summary(root, ix, cat);
    for (size_t r = 0; r < ix->nrow; r++) {
        const entry_t *e = row_entry(ix, cat, r);
        json_array_append_new(jcases, json_row(e));
        if (e->status == ST_MISSING)
            json_array_append_new(jmissing, text_json(e->name));
        if (e->status == ST_DUPLICATE && e->rel != NULL)
            json_array_append_new(jdup, text_json(e->rel));
    }
    json_object_set_new(root, "missing", jmissing);
    json_object_set_new(root, "duplicates", jdup);
    json_object_set_new(root, "cases", jcases);
    if ((text = json_text(root, &len)) != NULL) {
        if (o->json_path == NULL)
            o->json_path = o->json_def = join(o->dir, "catalogue.json");
        if (o->json_path != NULL && write_file(o->json_path, text, len) == 0)
            rc = 0;
        free(text);
    }
    json_decref(root);
    return rc;
}

/* the summary on stderr (unless --quiet and all is well) and the first few rows in
 * error; the exit status: CLI_FAIL if a case is missing, duplicate, corrupt or foreign */
static int report(const opts_t *o, const index_t *ix, const cat_t *cat)
{
    const size_t *count = ix->count;
    int rc = count[ST_MISSING] || count[ST_DUPLICATE] || count[ST_CORRUPT] || count[ST_FOREIGN]
                 ? CLI_FAIL
                 : CLI_OK;

    if (!o->quiet || rc != CLI_OK) {
        fprintf(stderr,
                "%s: %s: %zu rows: %zu ok, %zu missing, %zu duplicate, %zu corrupt, %zu "
                "unchecked, %zu foreign",
                cli_prog, o->dir, ix->nrow, count[ST_OK], count[ST_MISSING], count[ST_DUPLICATE],
                count[ST_CORRUPT], count[ST_UNCHECKED], count[ST_FOREIGN]);
        if (cat->ntemp)
            fprintf(stderr, "; %zu temporary files left by killed writers", cat->ntemp);
        fprintf(stderr, " -> %s, %s\n", o->tsv_path, o->json_path);
    }
    if (rc != CLI_OK) /* name a few */
        for (size_t r = 0, shown = 0; r < ix->nrow && shown < 10; r++) {
            const entry_t *e = row_entry(ix, cat, r);
            if (e->status == ST_MISSING || e->status == ST_DUPLICATE || e->status == ST_CORRUPT ||
                e->status == ST_FOREIGN) {
                fprintf(stderr, "%s:   %s %s/%s%s%s\n", cli_prog, status_name[e->status], e->model,
                        e->name, e->rel ? ": " : "", e->rel ? e->rel : "");
                shown++;
            }
        }
    return rc;
}

static void cat_free(cat_t *cat)
{
    for (size_t i = 0; i < cat->ne; i++)
        entry_free(&cat->e[i]);
    free(cat->e);
    for (size_t i = 0; i < cat->nx; i++) {
        free(cat->x[i].model);
        free(cat->x[i].name);
        free(cat->x[i].rel);
        free(cat->x[i].swept);
        free(cat->x[i].kind);
        free(cat->x[i].sweep);
    }
    free(cat->x);
    for (size_t i = 0; i < cat->nmanifest; i++)
        free(cat->manifests[i]);
    free(cat->manifests);
}

static void index_free(index_t *ix)
{
    if (ix->rows != NULL)
        for (size_t r = 0; r < ix->nrow; r++)
            if (ix->order[r] == ROW_MISSING)
                entry_free(&ix->rows[r]);
    free(ix->rows);
    free(ix->order);
    pairs_free(&ix->cols_p);
    pairs_free(&ix->cols_i);
}

int cmd_catalogue(int argc, char **argv)
{
    opts_t o;
    cat_t cat;
    index_t ix;
    int rc;

    memset(&o, 0, sizeof o);
    memset(&cat, 0, sizeof cat);
    memset(&ix, 0, sizeof ix);
    if ((rc = parse_args(&o, argc, argv)) >= 0)
        return rc;
    rc = read_tree(&cat, o.dir);
    if (rc == CLI_OK)
        rc = read_casefiles(&cat, &o);
    if (rc == CLI_OK) {
        rc = CLI_FAIL;
        if (build_index(&ix, &cat) == 0 && write_tsv(&o, &ix, &cat) == 0 &&
            write_json(&o, &ix, &cat) == 0)
            rc = report(&o, &ix, &cat);
    }
    cat_free(&cat);
    index_free(&ix);
    free(o.tsv_def);
    free(o.json_def);
    return rc;
}

/* jit_cache.c -- the directory of the double jets compiled at run time (nhref_jit.h):
 * where it is, what it holds, its size bound and `nhref cache --clear`.  Its files:
 *   KEY.so          a compiled jet (KEY: 64 hexadecimal digits, tape/jit.c);
 *   KEY.lock        the lock that one compiling process holds (flock);
 *   KEY.PID.c/.so/.log  a compilation under way (renamed to KEY.so when it succeeds,
 *                   removed when it fails; left behind only by a killed process).
 * Nothing else in the directory is touched. */
#define _GNU_SOURCE /* asprintf */
#include "tape/jit.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"

#ifndef NHREF_JIT_CC
#define NHREF_JIT_CC "cc"
#endif

int nhref_jit_enabled(void)
{
#ifdef NHREF_JIT
    const char *e = getenv("NHREF_JIT");
    return !(e != NULL &&
             (strcmp(e, "0") == 0 || strcasecmp(e, "off") == 0 || strcasecmp(e, "no") == 0));
#else
    return 0;
#endif
}

const char *nhref_jit_compiler(void)
{
    const char *e = getenv("NHREF_CC");
    return e != NULL && *e != '\0' ? e : NHREF_JIT_CC;
}

int nhref_jit_quiet(void)
{
    const char *e = getenv("NHREF_JIT_QUIET");
    return e != NULL && *e != '\0' && strcmp(e, "0") != 0;
}

int nhref_jit_cache_dir(char **dir)
{
    const char *e = getenv("NHREF_CACHE_DIR");
    int n;

    *dir = NULL;
    if (e != NULL && *e != '\0')
        n = asprintf(dir, "%s", e);
    else if ((e = getenv("XDG_CACHE_HOME")) != NULL && *e == '/')
        n = asprintf(dir, "%s/nhref", e);
    else if ((e = getenv("HOME")) != NULL && *e != '\0')
        n = asprintf(dir, "%s/.cache/nhref", e);
    else
        return NHREF_EINVAL;
    if (n < 0) {
        *dir = NULL;
        return NHREF_ENOMEM;
    }
    return NHREF_OK;
}

int nhref_jit_cache_mkdir(const char *dir)
{
    char *p = strdup(dir);

    if (p == NULL)
        return -1;
    for (char *s = p + 1; *s != '\0'; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(p, 0700) != 0 && errno != EEXIST) {
                free(p);
                return -1;
            }
            *s = '/';
        }
    free(p);
    return mkdir(dir, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

/* the kind of a file name of the cache: 1 a compiled jet (KEY.so), 2 another file of
 * nhref's (KEY.lock, KEY.PID.*), 0 not one of nhref's */
static int entry_kind(const char *name)
{
    for (int i = 0; i < NHREF_JIT_KEY_HEX; i++)
        if (!isxdigit((unsigned char)name[i]) || isupper((unsigned char)name[i]))
            return 0;
    if (name[NHREF_JIT_KEY_HEX] != '.')
        return 0;
    return strcmp(name + NHREF_JIT_KEY_HEX, ".so") == 0 ? 1 : 2;
}

typedef struct {
    char *name;
    off_t size;
    time_t mtime;
} entry_t;

static int by_mtime(const void *a, const void *b)
{
    const entry_t *x = a, *y = b;
    return x->mtime < y->mtime ? -1 : x->mtime > y->mtime;
}

/* the compiled jets of DIR (or NHREF_EIO); *N entries in *E (freed by free_entries) */
static int list_entries(const char *dir, entry_t **e, size_t *n)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    size_t cap = 0;
    int status = NHREF_OK;

    *e = NULL;
    *n = 0;
    if (d == NULL)
        return errno == ENOENT ? NHREF_OK : NHREF_EIO;
    while (status == NHREF_OK && (de = readdir(d)) != NULL) {
        struct stat st;
        char *path;
        if (entry_kind(de->d_name) != 1)
            continue;
        if (asprintf(&path, "%s/%s", dir, de->d_name) < 0) {
            status = NHREF_ENOMEM;
            break;
        }
        if (stat(path, &st) == 0) {
            if (*n == cap) {
                entry_t *m = realloc(*e, (cap = cap ? 2 * cap : 16) * sizeof *m);
                if (m == NULL) {
                    free(path);
                    status = NHREF_ENOMEM;
                    break;
                }
                *e = m;
            }
            (*e)[(*n)++] = (entry_t){path, st.st_size, st.st_mtime};
        } else
            free(path);
    }
    closedir(d);
    return status;
}

static void free_entries(entry_t *e, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(e[i].name);
    free(e);
}

int nhref_jit_cache_stat(size_t *entries, unsigned long long *bytes)
{
    char *dir;
    entry_t *e;
    size_t n;
    int status = nhref_jit_cache_dir(&dir);

    *entries = 0;
    *bytes = 0;
    if (status != NHREF_OK)
        return status;
    status = list_entries(dir, &e, &n);
    free(dir);
    if (status == NHREF_OK) {
        *entries = n;
        for (size_t i = 0; i < n; i++)
            *bytes += (unsigned long long)e[i].size;
    }
    free_entries(e, status == NHREF_OK ? n : 0);
    return status;
}

int nhref_jit_cache_clear(size_t *removed)
{
    char *dir;
    DIR *d;
    struct dirent *de;
    int status = nhref_jit_cache_dir(&dir);
    size_t count = 0;

    if (removed != NULL)
        *removed = 0;
    if (status != NHREF_OK)
        return status;
    if ((d = opendir(dir)) == NULL) {
        status = errno == ENOENT ? NHREF_OK : NHREF_EIO;
        free(dir);
        return status;
    }
    while ((de = readdir(d)) != NULL) {
        char *path;
        if (entry_kind(de->d_name) == 0)
            continue;
        if (asprintf(&path, "%s/%s", dir, de->d_name) < 0) {
            status = NHREF_ENOMEM;
            continue;
        }
        if (unlink(path) == 0)
            count++;
        else if (errno != ENOENT)
            status = NHREF_EIO;
        free(path);
    }
    closedir(d);
    free(dir);
    if (removed != NULL)
        *removed = count;
    return status;
}

/* $NHREF_CACHE_MAX in bytes (default 256 MiB; a malformed value is the default) */
static unsigned long long cache_max(void)
{
    const char *e = getenv("NHREF_CACHE_MAX");
    unsigned long long v;
    char *end;

    if (e == NULL || *e == '\0')
        return 256ULL << 20;
    errno = 0;
    v = strtoull(e, &end, 10);
    if (errno != 0 || end == e)
        return 256ULL << 20;
    switch (*end) {
    case 'K':
    case 'k':
        return v << 10;
    case 'M':
    case 'm':
        return v << 20;
    case 'G':
    case 'g':
        return v << 30;
    default:
        return v;
    }
}

void nhref_jit_cache_prune(const char *dir, const char *keep)
{
    entry_t *e;
    size_t n;
    unsigned long long total = 0, max = cache_max();
    DIR *d;
    struct dirent *de;
    time_t now = time(NULL);

    /* leftovers of compilations killed more than a day ago */
    if ((d = opendir(dir)) != NULL) {
        while ((de = readdir(d)) != NULL) {
            const char *s = de->d_name + NHREF_JIT_KEY_HEX;
            struct stat st;
            char *path;
            if (entry_kind(de->d_name) != 2 || strcmp(s, ".lock") == 0 ||
                asprintf(&path, "%s/%s", dir, de->d_name) < 0)
                continue;
            if (stat(path, &st) == 0 && now - st.st_mtime > 86400)
                unlink(path);
            free(path);
        }
        closedir(d);
    }
    if (list_entries(dir, &e, &n) != NHREF_OK)
        return;
    for (size_t i = 0; i < n; i++)
        total += (unsigned long long)e[i].size;
    qsort(e, n, sizeof *e, by_mtime);
    for (size_t i = 0; i < n && total > max; i++) {
        const char *base = strrchr(e[i].name, '/');
        if (keep != NULL && strcmp(base != NULL ? base + 1 : e[i].name, keep) == 0)
            continue;
        if (unlink(e[i].name) == 0)
            total -= (unsigned long long)e[i].size;
    }
    free_entries(e, n);
}

/* ck_catalogue.c -- the golden catalogue for the test suites (ck_catalogue.h). */
#include "ck_catalogue.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#define MAX_FILES 512

const char *ck_top_srcdir(void)
{
    const char *t = getenv("top_srcdir");
    return t != NULL ? t : "..";
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **ck_golden_files(size_t *n)
{
    char dir[1024], **files = calloc(MAX_FILES, sizeof *files);
    DIR *d, *m;
    struct dirent *e, *f;

    *n = 0;
    snprintf(dir, sizeof dir, "%s/data/golden", ck_top_srcdir());
    if (files == NULL || (d = opendir(dir)) == NULL)
        return files;
    while ((e = readdir(d)) != NULL) {
        char sub[1280];
        if (e->d_name[0] == '.')
            continue;
        snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
        if ((m = opendir(sub)) == NULL)
            continue;
        while ((f = readdir(m)) != NULL && *n < MAX_FILES) {
            size_t l = strlen(f->d_name);
            if (l > 4 && strcmp(f->d_name + l - 4, ".csv") == 0) {
                files[*n] = malloc(strlen(sub) + l + 2);
                sprintf(files[(*n)++], "%s/%s", sub, f->d_name);
            }
        }
        closedir(m);
    }
    closedir(d);
    qsort(files, *n, sizeof *files, cmp_str);
    return files;
}

void ck_golden_free(char **files, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(files[i]);
    free(files);
}

void ck_name_value(const char *s, char *name, char *value, size_t len)
{
    const char *eq = strchr(s, '=');
    size_t k;
    ck_assert_msg(eq != NULL, "metadata '%s' is not NAME = VALUE", s);
    k = (size_t)(eq - s);
    while (k > 0 && s[k - 1] == ' ')
        k--;
    snprintf(name, len, "%.*s", (int)k, s);
    for (eq++; *eq == ' '; eq++)
        ;
    k = strcspn(eq, " [");
    snprintf(value, len, "%.*s", (int)k, eq);
}

/* plot.c -- a plot as an SVG string through gnuplot's SVG terminal (plot.h).
 *
 * The script goes to an anonymous temporary file given to gnuplot as its standard
 * input (so a gnuplot that dies early cannot stop us with SIGPIPE, and nothing
 * deadlocks); the SVG comes back through a pipe from its standard output; its
 * messages go to another anonymous file, read only when it fails.  No shell is
 * involved: the program is started with posix_spawnp. */
#include "config.h"

#include "plot.h"

#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nhref_status.h"

extern char **environ;

/* S as a gnuplot single-quoted string: '' for a quote, '?' for a control
 * character (gnuplot escapes <, > and & when it writes SVG text) */
static void gp_string(FILE *f, const char *s)
{
    fputc('\'', f);
    for (const unsigned char *p = (const unsigned char *)(s != NULL ? s : ""); *p; p++) {
        if (*p == '\'')
            fputs("''", f);
        else if (*p < 0x20 || *p == 0x7f)
            fputc('?', f);
        else
            fputc(*p, f);
    }
    fputc('\'', f);
}

/* a coordinate, "NaN" (undefined for gnuplot) where it cannot be drawn */
static void gp_number(FILE *f, double x, int log_axis)
{
    if (!isfinite(x) || (log_axis && !(x > 0)))
        fputs("NaN", f);
    else
        fprintf(f, "%.17g", x);
}

static int drawable(double x, int log_axis)
{
    return isfinite(x) && (!log_axis || x > 0);
}

/* the script of P and S to F; returns the number of series drawn */
static size_t write_script(FILE *f, const nhref_plot_t *p, size_t ns, const nhref_plot_series_t *s)
{
    size_t drawn = 0;
    fprintf(f,
            "set terminal svg size %d,%d dynamic noenhanced font 'sans,11' background '#ffffff'\n",
            p->width > 0 ? p->width : 720, p->height > 0 ? p->height : 360);
    fputs("set output\nset encoding utf8\nset grid\nset key outside right top\n", f);
    if (p->title != NULL) {
        fputs("set title ", f);
        gp_string(f, p->title);
        fputc('\n', f);
    }
    if (p->xlabel != NULL) {
        fputs("set xlabel ", f);
        gp_string(f, p->xlabel);
        fputc('\n', f);
    }
    if (p->ylabel != NULL) {
        fputs("set ylabel ", f);
        gp_string(f, p->ylabel);
        fputc('\n', f);
    }
    if (p->logx)
        fputs("set logscale x 10\nset format x '1e%L'\n", f);
    if (p->logy)
        fputs("set logscale y 10\nset format y '1e%L'\n", f);
    for (size_t k = 0; k < p->nhline; k++) {
        if (!drawable(p->hline[k].at, p->logy))
            continue;
        fputs("set arrow from graph 0, first ", f);
        gp_number(f, p->hline[k].at, p->logy);
        fputs(" to graph 1, first ", f);
        gp_number(f, p->hline[k].at, p->logy);
        fputs(" nohead front lw 1.5 lc rgb '#c00000' dt 2\n", f);
        if (p->hline[k].label != NULL) {
            fputs("set label ", f);
            gp_string(f, p->hline[k].label);
            fputs(" at graph 0.01, first ", f);
            gp_number(f, p->hline[k].at, p->logy);
            fputs(" offset 0,0.6 front tc rgb '#c00000'\n", f);
        }
    }
    for (size_t k = 0; k < p->nvline; k++) {
        if (!drawable(p->vline[k].at, p->logx))
            continue;
        fputs("set arrow from first ", f);
        gp_number(f, p->vline[k].at, p->logx);
        fputs(", graph 0 to first ", f);
        gp_number(f, p->vline[k].at, p->logx);
        fputs(", graph 1 nohead front lw 1.5 lc rgb '#606060' dt 3\n", f);
        if (p->vline[k].label != NULL) {
            fputs("set label ", f);
            gp_string(f, p->vline[k].label);
            fputs(" at first ", f);
            gp_number(f, p->vline[k].at, p->logx);
            fputs(", graph 0.95 offset 0.5,0 front tc rgb '#606060'\n", f);
        }
    }
    for (size_t j = 0; j < ns; j++) {
        size_t ok = 0;
        for (size_t i = 0; i < s[j].n; i++)
            ok += drawable(s[j].x[i], p->logx) && drawable(s[j].y[i], p->logy);
        if (ok == 0)
            continue;
        fprintf(f, "$d%zu << EOD\n", j);
        for (size_t i = 0; i < s[j].n; i++) {
            gp_number(f, s[j].x[i], p->logx);
            fputc(' ', f);
            gp_number(f, s[j].y[i], p->logy);
            fputc('\n', f);
        }
        fputs("EOD\n", f);
    }
    for (size_t j = 0; j < ns; j++) {
        size_t ok = 0;
        for (size_t i = 0; i < s[j].n; i++)
            ok += drawable(s[j].x[i], p->logx) && drawable(s[j].y[i], p->logy);
        if (ok == 0)
            continue;
        fputs(drawn == 0 ? "plot " : ", \\\n     ", f);
        fprintf(f, "$d%zu using 1:2 with %s lw 1.5 title ", j,
                s[j].points ? "points pt 7 ps 0.5" : "lines");
        gp_string(f, s[j].label);
        drawn++;
    }
    fputc('\n', f);
    return drawn;
}

/* the first line of the messages in F */
static void first_message(char *why, size_t len, FILE *f, const char *fallback)
{
    char line[512] = "";
    rewind(f);
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (strspn(line, " \t^") < strlen(line))
            break; /* gnuplot echoes the script line, then a caret line: keep a text */
        line[0] = '\0';
    }
    snprintf(why, len, "%s%s%s", fallback, line[0] ? ": " : "", line);
}

int nhref_plot_svg(char **svg, char *why, size_t len, const nhref_plot_t *p, size_t nseries,
                   const nhref_plot_series_t *s)
{
    const char *prog = getenv(NHREF_PLOT_GNUPLOT_ENV);
    char *argv[2], *buf = NULL;
    size_t n = 0, cap = 0;
    FILE *script = NULL, *errs = NULL;
    int fd[2] = {-1, -1}, status = NHREF_OK, wstatus = 0;
    posix_spawn_file_actions_t fa;
    pid_t pid;

    *svg = NULL;
    if (len > 0)
        why[0] = '\0';
    if (prog == NULL || *prog == '\0')
        prog = "gnuplot";
    if ((script = tmpfile()) == NULL || (errs = tmpfile()) == NULL) {
        snprintf(why, len, "cannot create a temporary file for gnuplot: %s", strerror(errno));
        status = NHREF_EIO;
        goto out;
    }
    if (write_script(script, p, nseries, s) == 0) {
        snprintf(why, len, "no point to plot (every value is undefined%s)",
                 p->logy ? " or not positive on the log axis" : "");
        status = NHREF_EIO;
        goto out;
    }
    if (fflush(script) != 0 || ferror(script)) {
        snprintf(why, len, "cannot write the gnuplot script: %s", strerror(errno));
        status = NHREF_EIO;
        goto out;
    }
    rewind(script);
    if (pipe(fd) != 0) {
        snprintf(why, len, "cannot make a pipe for gnuplot: %s", strerror(errno));
        status = NHREF_EIO;
        goto out;
    }
    argv[0] = (char *)prog;
    argv[1] = NULL;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fileno(script), 0);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fileno(errs), 2);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    errno = posix_spawnp(&pid, prog, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    fd[1] = -1;
    if (errno != 0) {
        snprintf(why, len,
                 "cannot run '%s' (%s; install gnuplot, e.g. Debian's gnuplot-nox, or "
                 "name the program in $%s)",
                 prog, strerror(errno), NHREF_PLOT_GNUPLOT_ENV);
        status = NHREF_ENOTFOUND;
        goto out;
    }
    for (;;) {
        ssize_t got;
        if (cap - n < 4096) {
            char *nb = realloc(buf, cap ? 2 * cap : 65536);
            if (nb == NULL) {
                status = NHREF_ENOMEM;
                break;
            }
            buf = nb;
            cap = cap ? 2 * cap : 65536;
        }
        got = read(fd[0], buf + n, cap - n - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        n += (size_t)got;
    }
    close(fd[0]);
    fd[0] = -1;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    if (status == NHREF_ENOMEM) {
        snprintf(why, len, "out of memory");
        goto out;
    }
    buf[n] = '\0';
    if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0 || strstr(buf, "</svg>") == NULL) {
        first_message(why, len, errs,
                      WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 127
                          ? "gnuplot could not be started"
                          : "gnuplot failed");
        status = WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 127 ? NHREF_ENOTFOUND : NHREF_EIO;
        goto out;
    }
    {
        /* the element alone: no XML declaration or doctype inside HTML */
        char *start = strstr(buf, "<svg");
        if (start == NULL) {
            snprintf(why, len, "gnuplot wrote no <svg> element");
            status = NHREF_EIO;
            goto out;
        }
        memmove(buf, start, strlen(start) + 1);
        *svg = buf;
        buf = NULL;
    }
out:
    if (fd[0] >= 0)
        close(fd[0]);
    if (fd[1] >= 0)
        close(fd[1]);
    if (script != NULL)
        fclose(script);
    if (errs != NULL)
        fclose(errs);
    free(buf);
    return status;
}

/* ck_alloc.h -- an allocation counter for the tests that the step loops allocate
 * nothing (check_taylor, check_schemes): malloc, calloc and realloc of the test
 * process are interposed to count calls while `counting` is set (glibc's __libc_*
 * do the work; Arb's flint_malloc ends there too, unless CK_ALLOC_FLINT below counts
 * it apart).  COUNT_ALLOCATIONS is defined
 * where it works: glibc, and not under AddressSanitizer, which owns the allocator.
 * Include it in one source file of a test program only (it defines malloc). */
#ifndef CK_ALLOC_H
#define CK_ALLOC_H

#include <stddef.h>

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#define COUNT_ALLOCATIONS 1
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
static volatile long nalloc;
static volatile int counting;
void *malloc(size_t n);
void *calloc(size_t n, size_t m);
void *realloc(void *p, size_t n);
void *malloc(size_t n)
{
    nalloc += counting;
    return __libc_malloc(n);
}
void *calloc(size_t n, size_t m)
{
    nalloc += counting;
    return __libc_calloc(n, m);
}
void *realloc(void *p, size_t n)
{
    nalloc += counting;
    return __libc_realloc(p, n);
}

/* CK_ALLOC_FLINT (define it before the include, in a program linked with Arb):
 * ck_alloc_flint_apart() sends FLINT's and Arb's own allocations (flint_malloc: the
 * mantissas of arf_t numbers, their temporaries) to a count of their own, NALLOC_ARB,
 * so that NALLOC is what nhref itself allocates (its Arb vectors come from malloc). */
#ifdef CK_ALLOC_FLINT
#include <flint/flint.h>
static volatile long nalloc_arb;
static void *ck_flint_malloc(size_t n)
{
    nalloc_arb += counting;
    return __libc_malloc(n);
}
static void *ck_flint_calloc(size_t n, size_t m)
{
    nalloc_arb += counting;
    return __libc_calloc(n, m);
}
static void *ck_flint_realloc(void *p, size_t n)
{
    nalloc_arb += counting;
    return __libc_realloc(p, n);
}
static void ck_alloc_flint_apart(void)
{
    __flint_set_memory_functions(ck_flint_malloc, ck_flint_calloc, ck_flint_realloc, free);
}

/* CK_ALLOC_ARB_CALLS (with CK_ALLOC_FLINT, in one test program: check_proven_alloc):
 * the Arb vectors and matrices that nhref's own code asks for (_arb_vec_init and
 * arb_mat_init called from the object that holds nhref_proven_grid, not from inside
 * Arb) are counted in NALLOC as well: they come from flint_malloc, so that NALLOC_ARB
 * counts them too; ck_arb_own() is what NALLOC_ARB holds of them.  The calls are
 * interposed (the program defines both symbols; the originals come from dlsym) and
 * their caller told apart by dladdr (define _GNU_SOURCE before any include). */
#ifdef CK_ALLOC_ARB_CALLS
#include <arb.h>
#include <arb_mat.h>
#include <dlfcn.h>
static volatile long nalloc_arb_own;
static const void *ck_own_base; /* the load address of nhref's code */
static void ck_alloc_own_base(const void *fn)
{
    Dl_info d;
    ck_own_base = dladdr(fn, &d) ? d.dli_fbase : NULL;
}
static int ck_called_by_own(const void *ret)
{
    Dl_info d;
    return ck_own_base != NULL && dladdr(ret, &d) && d.dli_fbase == ck_own_base;
}
arb_ptr _arb_vec_init(slong n)
{
    static arb_ptr (*real)(slong);
    if (real == NULL)
        *(void **)&real = dlsym(RTLD_NEXT, "_arb_vec_init");
    if (counting && ck_called_by_own(__builtin_return_address(0))) {
        nalloc++;
        nalloc_arb_own++;
    }
    return real(n);
}
void arb_mat_init(arb_mat_t mat, slong r, slong c)
{
    static void (*real)(arb_mat_t, slong, slong);
    if (real == NULL)
        *(void **)&real = dlsym(RTLD_NEXT, "arb_mat_init");
    if (counting && ck_called_by_own(__builtin_return_address(0))) {
        nalloc++;
        nalloc_arb_own += r != 0 && c != 0 ? 2 : 0; /* the entries and the row pointers */
    }
    real(mat, r, c);
}
#endif
#endif
#endif

#endif /* CK_ALLOC_H */

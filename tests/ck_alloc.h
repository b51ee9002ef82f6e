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
#endif
#endif

#endif /* CK_ALLOC_H */

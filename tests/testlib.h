/* testlib.h: what several test files need: a built-in variant, loaded
 * and planned (in the reference mode when MANCALA_VM=general, as the
 * command line). */
#ifndef MANCALA_TESTLIB_H
#define MANCALA_TESTLIB_H

#include <stdio.h>
#include <string.h>
#include "builtin.h"
#include "rules.h"
#include "vm.h"

/* Loads variant text in a mode (MC_LOAD_*); prints its diagnostics if it
 * does not load. */
static inline Rules *test_load_mode(const char *text, const char *const *opts, int nopts, unsigned mode)
{
    Diags dg;
    dg_init(&dg, "t.yaml", text, strlen(text));
    Rules *r = rules_open("t.yaml", text, strlen(text), opts, nopts, mode, &dg);
    if (!r)
        dg_print(&dg, stderr, 1);
    dg_free(&dg);
    return r;
}

/* Loads variant text in the default mode. */
static inline Rules *test_load_text(const char *text, const char *const *opts, int nopts)
{
    return test_load_mode(text, opts, nopts, MC_LOAD_DEFAULT);
}

/* A built-in variant with KEY=VALUE options; NULL if unknown. */
static inline Rules *test_builtin(const char *name, const char *const *opts, int nopts)
{
    const BuiltinVariant *b = builtin_find(name);
    return b ? test_load_text(b->text, opts, nopts) : NULL;
}

#endif

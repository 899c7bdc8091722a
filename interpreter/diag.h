/* diag.h: source positions and diagnostics.
 *
 * A SrcLoc is 1-based (line 0: no position). Diagnostics are collected,
 * never printed here: the CLI prints them with dg_print, as
 * FILE:LINE:COLUMN: error: MESSAGE (or warning:), then the source line
 * and a caret.
 * The Diags does not own `file` or `text`; they must outlive it. */
#ifndef MANCALA_DIAG_H
#define MANCALA_DIAG_H

#include <stddef.h>
#include <stdio.h>

typedef struct SrcLoc {
    int line, col;
} SrcLoc;

typedef struct Diag {
    SrcLoc loc;
    int is_note;         /* a note on the error or warning before it */
    int is_warning;      /* a warning: printed, but the file loads */
    char *msg;           /* malloc'd */
} Diag;

typedef struct Diags {
    const char *file;    /* name shown in messages */
    const char *text;    /* the source, for the caret line (may be NULL) */
    size_t len;
    Diag *items;
    int count, cap;
    int errors;
    int warnings;        /* counted, also past the messages kept */
    int no_warnings;     /* set by the caller: warnings are not recorded */
    int dropping;        /* the last error or warning was not recorded */
} Diags;

#if defined(__GNUC__)
#define DG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DG_PRINTF(f, a)
#endif

void dg_init(Diags *d, const char *file, const char *text, size_t len);
void dg_error(Diags *d, SrcLoc at, const char *fmt, ...) DG_PRINTF(3, 4);
void dg_note(Diags *d, SrcLoc at, const char *fmt, ...) DG_PRINTF(3, 4);
/* A problem that does not stop the file from loading (a rule that can
 * never apply): FILE:LINE:COL: warning: MESSAGE. */
void dg_warning(Diags *d, SrcLoc at, const char *fmt, ...) DG_PRINTF(3, 4);
/* Sorts the messages by their place in the file (those without a place
 * first), keeping the order of messages at the same place and each note
 * after the message it belongs to. */
void dg_sort(Diags *d);
/* The edit distance of a and b (a swap of two neighbours counts as one),
 * or 3 when it is more than 2: a did-you-mean test. */
int dg_near(const char *a, const char *b);
/* Prints every diagnostic; with `caret`, the source line and a caret. */
void dg_print(const Diags *d, FILE *out, int caret);
void dg_free(Diags *d);

#endif

#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Stop collecting after this many: one broken file must not flood. */
#define DG_MAX 200

/* An empty list of diagnostics for `file`, whose `text` (len bytes,
 * borrowed) the caret lines quote. */
void dg_init(Diags *d, const char *file, const char *text, size_t len)
{
    memset(d, 0, sizeof *d);
    d->file = file;
    d->text = text;
    d->len = len;
}

/* Records an error or, when `note`, a note at `at`. Errors are counted
 * even past DG_MAX or when memory is short; the message is then lost. */
static void add(Diags *d, SrcLoc at, int note, const char *fmt, va_list ap)
{
    if (!note)
        d->errors++;
    if (d->count >= DG_MAX)
        return;
    if (d->count == d->cap) {
        int cap = d->cap ? d->cap * 2 : 16;
        Diag *n = realloc(d->items, (size_t)cap * sizeof *n);
        if (!n)
            return;
        d->items = n;
        d->cap = cap;
    }
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    char *msg = malloc(strlen(buf) + 1);
    if (!msg)
        return;
    strcpy(msg, buf);
    d->items[d->count++] = (Diag){ at, note, msg };
}

void dg_error(Diags *d, SrcLoc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add(d, at, 0, fmt, ap);
    va_end(ap);
}

void dg_note(Diags *d, SrcLoc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add(d, at, 1, fmt, ap);
    va_end(ap);
}

/* Quotes line `at.line` of the text (its first 200 bytes) with a caret
 * under column `at.col`; nothing when the text or the line is unknown. */
static void print_line(const Diags *d, FILE *out, SrcLoc at)
{
    if (!d->text || at.line < 1)
        return;
    const char *p = d->text, *end = d->text + d->len;
    for (int l = 1; l < at.line && p < end; p++)
        if (*p == '\n')
            l++;
    if (p >= end)
        return;
    const char *e = memchr(p, '\n', (size_t)(end - p));
    if (!e)
        e = end;
    int n = (int)(e - p);
    if (n > 200)
        n = 200;
    fprintf(out, "  %.*s\n  ", n, p);
    /* columns count characters: one pad per UTF-8 lead byte */
    for (int i = 0, c = 1; i < n && c < at.col; i++) {
        if (((unsigned char)p[i] & 0xC0) == 0x80)
            continue;
        fputc(p[i] == '\t' ? '\t' : ' ', out);
        c++;
    }
    fputs("^\n", out);
}

void dg_print(const Diags *d, FILE *out, int caret)
{
    for (int i = 0; i < d->count; i++) {
        const Diag *g = &d->items[i];
        const char *kind = g->is_note ? "note" : "error";
        if (g->loc.line > 0)
            fprintf(out, "%s:%d:%d: %s: %s\n", d->file, g->loc.line, g->loc.col, kind, g->msg);
        else
            fprintf(out, "%s: %s: %s\n", d->file, kind, g->msg);
        if (caret && !g->is_note)
            print_line(d, out, g->loc);
    }
    if (d->errors > d->count)
        fprintf(out, "%s: note: %d more error%s not shown\n", d->file, d->errors - d->count,
                d->errors - d->count == 1 ? "" : "s");
}

void dg_free(Diags *d)
{
    for (int i = 0; i < d->count; i++)
        free(d->items[i].msg);
    free(d->items);
    d->items = NULL;
    d->count = d->cap = 0;
}

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

enum { DK_ERROR, DK_NOTE, DK_WARNING };

/* Records an error, a note or a warning (`kind`) at `at`. Errors are
 * counted even past DG_MAX or when memory is short; the message is then
 * lost. With `no_warnings`, a warning and its notes are not recorded. */
static void add(Diags *d, SrcLoc at, int kind, const char *fmt, va_list ap)
{
    if (kind == DK_ERROR)
        d->errors++;
    if (kind == DK_WARNING)
        d->warnings++;
    if (kind != DK_NOTE)
        d->dropping = kind == DK_WARNING && d->no_warnings;
    if (d->dropping || d->count >= DG_MAX)
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
    d->items[d->count++] = (Diag){ at, kind == DK_NOTE, kind == DK_WARNING, msg };
}

void dg_error(Diags *d, SrcLoc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add(d, at, DK_ERROR, fmt, ap);
    va_end(ap);
}

void dg_note(Diags *d, SrcLoc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add(d, at, DK_NOTE, fmt, ap);
    va_end(ap);
}

void dg_warning(Diags *d, SrcLoc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add(d, at, DK_WARNING, fmt, ap);
    va_end(ap);
}

/* A message's sort key: the place of the message it belongs to (a note's
 * error or warning), that message's index, its own index. */
typedef struct DgKey {
    SrcLoc at;
    int group, idx;
} DgKey;

/* qsort's order of DgKeys: by place, then as recorded. */
static int key_cmp(const void *pa, const void *pb)
{
    const DgKey *a = pa, *b = pb;
    if (a->at.line != b->at.line)
        return a->at.line < b->at.line ? -1 : 1;
    if (a->at.col != b->at.col)
        return a->at.col < b->at.col ? -1 : 1;
    if (a->group != b->group)
        return a->group < b->group ? -1 : 1;
    return (a->idx > b->idx) - (a->idx < b->idx);
}

void dg_sort(Diags *d)
{
    if (d->count < 2)
        return;
    DgKey *k = malloc((size_t)d->count * sizeof *k);
    Diag *sorted = malloc((size_t)d->count * sizeof *sorted);
    if (!k || !sorted) {   /* left in the order found */
        free(k);
        free(sorted);
        return;
    }
    int lead = 0;
    for (int i = 0; i < d->count; i++) {
        if (!d->items[i].is_note || i == 0)
            lead = i;
        k[i] = (DgKey){ d->items[lead].loc, lead, i };
    }
    qsort(k, (size_t)d->count, sizeof *k, key_cmp);
    for (int i = 0; i < d->count; i++)
        sorted[i] = d->items[k[i].idx];
    memcpy(d->items, sorted, (size_t)d->count * sizeof *sorted);
    free(sorted);
    free(k);
}

int dg_near(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40 || (la > lb ? la - lb : lb - la) > 2)
        return 3;
    int m[41][41];
    for (size_t i = 0; i <= la; i++)
        m[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        m[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int c = m[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            int x = m[i - 1][j] + 1, y = m[i][j - 1] + 1;
            int v = c < x ? (c < y ? c : y) : (x < y ? x : y);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && m[i - 2][j - 2] + 1 < v)
                v = m[i - 2][j - 2] + 1;
            m[i][j] = v;
        }
    return m[la][lb] > 2 ? 3 : m[la][lb];
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
    int shown = 0;
    for (int i = 0; i < d->count; i++) {
        const Diag *g = &d->items[i];
        const char *kind = g->is_note ? "note" : g->is_warning ? "warning" : "error";
        shown += !g->is_note && !g->is_warning;
        if (g->loc.line > 0)
            fprintf(out, "%s:%d:%d: %s: %s\n", d->file, g->loc.line, g->loc.col, kind, g->msg);
        else
            fprintf(out, "%s: %s: %s\n", d->file, kind, g->msg);
        if (caret && !g->is_note)
            print_line(d, out, g->loc);
    }
    if (d->errors > shown)
        fprintf(out, "%s: note: %d more error%s not shown\n", d->file, d->errors - shown,
                d->errors - shown == 1 ? "" : "s");
}

void dg_free(Diags *d)
{
    for (int i = 0; i < d->count; i++)
        free(d->items[i].msg);
    free(d->items);
    d->items = NULL;
    d->count = d->cap = 0;
}

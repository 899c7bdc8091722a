/* fuzz_record: the input is a game record (docs/records.md) for
 * rec_parse. When its `variant:` names a built-in variant, that variant is
 * loaded with the record's options and the tokens are replayed from the
 * start (or from its `start:` position), as `replay --record` does, until the first token that is not
 * legal (or not in the round of its line). Checks: a token tok_find finds
 * is the token of the move found (tokens match exactly); no seed appears
 * or vanishes (fz_play). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "fuzz.h"
#include "json.h"
#include "record.h"

static void replay(const Rules *r, const Record *rec)
{
    static Move moves[MAX_MOVES];
    static Vm vm;   /* large: kept off the stack */
    vm_init(&vm, r);
    Position p;
    History h;
    hist_init(&h);
    fz_arm(&vm);
    int ok;
    if (rec->start) {   /* a game begun from a position (`start:`), as replay --record reads it */
        char err[256];
        ok = pos_from_json(r, rec->start, strlen(rec->start), &p, err, sizeof err) &&
             flow_settle(&vm, &p, &h) >= 0;
    } else
        ok = flow_start(&vm, &p, &h) >= 0;
    for (int i = 0; ok && i < rec->nmoves; i++) {
        if (rec->round[i] != p.round)
            break;
        fz_arm(&vm);
        int n = gen_moves(&vm, &p, moves);
        if (n < 0)
            break;
        int k = tok_find(r, moves, n, rec->moves[i]);
        if (k < 0)
            break;
        char tok[256];
        tok_write(r, &moves[k], tok, sizeof tok);
        if (strcmp(tok, rec->moves[i]) != 0) {
            fprintf(stderr, "fuzz: tok_find took '%s' for the move '%s'\n", rec->moves[i], tok);
            abort();
        }
        ok = fz_play(&vm, &p, &moves[k], &h);
    }
    hist_free(&h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Record rec;
    char err[256];
    if (!rec_parse((const char *)data, size, &rec, err, sizeof err))
        return 0;
    int i = fz_builtin_index(rec.variant);
    if (i >= 0 && !rec.nopts) {
        fz_new_input();
        replay(fz_builtin(i), &rec);
    } else if (i >= 0) {
        const BuiltinVariant *b = &builtin_variants[i];
        size_t len = strlen(b->text);
        Diags dg;
        dg_init(&dg, b->path, b->text, len);
        Rules *r = rules_open(b->path, b->text, len, (const char *const *)rec.opts, rec.nopts,
                              MC_LOAD_DEFAULT, &dg);
        dg_free(&dg);
        if (r) {
            fz_new_input();
            replay(r, &rec);
        }
        rules_free(r);
    }
    rec_free(&rec);
    return 0;
}

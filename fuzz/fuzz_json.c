/* fuzz_json: the first byte chooses a built-in variant (modulo their
 * number), the rest is a JSON position of it for pos_from_json, passed
 * with its exact length (no NUL after it).
 *
 * A position that reads is settled (flow_settle); if the game goes on, it is
 * written with pos_to_json and must read back to the same position
 * (positions.md: what `replay` writes, `--from` reads). Then up to eight
 * moves are played, chosen by a hash of the input, with fz_play's check
 * that no seed appears or vanishes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "json.h"

#define PLIES 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Move moves[MAX_MOVES];
    if (size < 1 || fz_nbuiltin() == 0)
        return 0;
    const Rules *r = fz_builtin(data[0] % fz_nbuiltin());
    if (!r)
        abort();   /* a built-in variant that does not load */
    Position p;
    char err[256];
    if (!pos_from_json(r, (const char *)data + 1, size - 1, &p, err, sizeof err))
        return 0;
    fz_new_input();
    static Vm vm;   /* large: kept off the stack */
    vm_init(&vm, r);
    History h;
    hist_init(&h);
    fz_arm(&vm);
    if (flow_settle(&vm, &p, &h) < 0)
        goto done;
    if (!p.over) {
        char *js = pos_to_json(&vm, &p);
        Position q;
        if (js && !pos_from_json(r, js, strlen(js), &q, err, sizeof err)) {
            fprintf(stderr, "fuzz: written position does not read back: %s\n%s\n", err, js);
            abort();
        }
        if (js && !hist_same(r, &p, &q)) {
            fprintf(stderr, "fuzz: written position reads back as another:\n%s\n", js);
            abort();
        }
        free(js);
    }
    FzRng g;
    fz_rng_seed(&g, fz_hash(data, size));
    for (int i = 0; i < PLIES; i++) {
        fz_arm(&vm);
        int n = gen_moves(&vm, &p, moves);
        if (n <= 0)
            break;
        if (!fz_play(&vm, &p, &moves[fz_rng_below(&g, n)], &h))
            break;
    }
done:
    hist_free(&h);
    return 0;
}

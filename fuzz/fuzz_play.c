/* fuzz_play: the input is a variant file (a first line `#opts KEY=VALUE`
 * passes one option, as in fuzz_load). If it loads, up to GAMES random
 * games of at most PLIES decisions are played, the generator seeded from
 * a hash of the input. After every decision:
 *
 *  - no seed appears or vanishes within a round (fz_play);
 *  - vm_find finds each legal move by its own token (tokens are distinct);
 *  - vm_play_moves gives the position and the next moves that vm_play
 *    then vm_moves give;
 *  - vm_moves offers nothing only once the game is over.
 *
 * A sowing that runs too long (fz_arm) drops its game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define GAMES       3
#define PLIES       300
#define TOKEN_CHECK 64   /* tokens checked a decision (fill: up to 924 moves) */

static Move moves[MAX_MOVES], next[MAX_MOVES];

static int move_same(const Move *a, const Move *b)
{
    return a->kind == b->kind && a->hole == b->hole && a->dir == b->dir &&
           a->show_dir == b->show_dir && a->holes == b->holes;
}

static void check_tokens(const Rules *r, int n, FzRng *g)
{
    for (int c = 0; c < n && c < TOKEN_CHECK; c++) {
        int i = n <= TOKEN_CHECK ? c : fz_rng_below(g, n);
        char tok[256];
        vm_token(r, &moves[i], tok, sizeof tok);
        int k = vm_find(r, moves, n, tok);
        if (k != i) {
            fprintf(stderr, "fuzz: move %d of %d is '%s', but vm_find gives %d\n", i, n, tok, k);
            abort();
        }
    }
}

/* One game; an interrupted one is dropped where it stands. */
static void game(const Rules *r, FzRng *g)
{
    Position p, q;
    History h, h2;
    hist_init(&h);
    hist_init(&h2);
    fz_arm();
    vm_initial(r, &p, &h);
    if (vm_interrupted())
        goto done;
    fz_arm();
    vm_initial(r, &q, &h2);
    if (vm_interrupted())
        goto done;
    fz_arm();
    int n = vm_moves(r, &p, moves);
    if (vm_interrupted())
        goto done;
    for (int d = 0; d < PLIES; d++) {
        if (n == 0) {
            if (!p.over) {
                fprintf(stderr, "fuzz: no legal move, yet the game goes on (decision %d)\n", d);
                abort();
            }
            break;
        }
        check_tokens(r, n, g);
        Move m = moves[fz_rng_below(g, n)];
        if (!fz_play(r, &p, &m, &h))
            goto done;
        fz_arm();
        n = vm_moves(r, &p, moves);
        if (vm_interrupted())
            goto done;
        fz_arm();
        int n2 = vm_play_moves(r, &q, &m, &h2, next);
        if (vm_interrupted())
            goto done;
        int same = n2 == n && memcmp(&p, &q, sizeof p) == 0;
        for (int i = 0; same && i < n; i++)
            same = move_same(&moves[i], &next[i]);
        if (!same) {
            fprintf(stderr, "fuzz: vm_play_moves and vm_play + vm_moves disagree (decision %d: %d, %d moves)\n",
                    d, n2, n);
            abort();
        }
    }
done:
    hist_free(&h);
    hist_free(&h2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_text(data, size);
    if (!text)
        return 0;
    Diags dg;
    Rules *r = fz_load(text, size, &dg);
    dg_free(&dg);
    if (r) {
        FzRng g;
        fz_rng_seed(&g, fz_hash(data, size));
        fz_new_input();
        for (int i = 0; i < GAMES && !fz_spent(); i++)
            game(r, &g);
    }
    rules_free(r);
    free(text);
    return 0;
}

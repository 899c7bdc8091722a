/* fuzz_play: the input is a variant file (a first line `#opts KEY=VALUE`
 * passes one option, as in fuzz_load). If it loads, it is loaded twice:
 * with the plan's short cuts and in the reference mode (no short cut).
 * Up to GAMES random games of at most PLIES decisions are played on both,
 * the same moves, the generator seeded from a hash of the input. After
 * every decision:
 *
 *  - no seed appears or vanishes within a round (fz_play);
 *  - tok_find finds each legal move by its own token (tokens are distinct);
 *  - the planned rules, played with flow_play then gen_moves, and the
 *    reference rules, played with flow_play listing the next moves, give
 *    the same position and the same moves;
 *  - gen_moves offers nothing only once the game is over.
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
        tok_write(r, &moves[i], tok, sizeof tok);
        int k = tok_find(r, moves, n, tok);
        if (k != i) {
            fprintf(stderr, "fuzz: move %d of %d is '%s', but tok_find gives %d\n", i, n, tok, k);
            abort();
        }
    }
}

/* Both sides' moves and positions agree after decision d. */
static void same(const Position *p, const Position *q, int n, int n2, int d)
{
    int ok = n2 == n && memcmp(p, q, sizeof *p) == 0;
    for (int i = 0; ok && i < n; i++)
        ok = move_same(&moves[i], &next[i]);
    if (!ok) {
        fprintf(stderr, "fuzz: the planned and the reference rules disagree (decision %d: %d, %d moves)\n",
                d, n, n2);
        abort();
    }
}

/* One game on both; an interrupted one is dropped where it stands. */
static void game(Vm *vm, Vm *ref, FzRng *g)
{
    const Rules *r = vm->r;
    Position p, q;
    History h, h2;
    hist_init(&h);
    hist_init(&h2);
    int n = 0, n2 = 0;
    fz_arm(vm);
    if (flow_start(vm, &p, &h) < 0)
        goto done;
    fz_arm(ref);
    if (flow_start(ref, &q, &h2) < 0)
        goto done;
    fz_arm(vm);
    if ((n = gen_moves(vm, &p, moves)) < 0)
        goto done;
    fz_arm(ref);
    if ((n2 = gen_moves(ref, &q, next)) < 0)
        goto done;
    same(&p, &q, n, n2, 0);
    for (int d = 1; d <= PLIES && !fz_spent(); d++) {
        if (n == 0) {
            if (!p.over) {
                fprintf(stderr, "fuzz: no legal move, yet the game goes on (decision %d)\n", d);
                abort();
            }
            break;
        }
        check_tokens(r, n, g);
        Move m = moves[fz_rng_below(g, n)];
        if (!fz_play(vm, &p, &m, &h))
            goto done;
        fz_arm(vm);
        if ((n = gen_moves(vm, &p, moves)) < 0)
            goto done;
        fz_arm(ref);
        if ((n2 = flow_play(ref, &q, &m, &h2, next)) < 0)
            goto done;
        same(&p, &q, n, n2, d);
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
    Rules *r = fz_load(text, size, MC_LOAD_PLANNED, &dg);
    dg_free(&dg);
    Rules *rg = r ? fz_load(text, size, MC_LOAD_GENERAL, &dg) : NULL;
    if (r)
        dg_free(&dg);
    if (r && !rg) {
        fprintf(stderr, "fuzz: the variant loads with a plan but not in the reference mode\n");
        abort();
    }
    if (r) {
        static Vm vm, ref;   /* large: kept off the stack */
        vm_init(&vm, r);
        vm_init(&ref, rg);
        FzRng g;
        fz_rng_seed(&g, fz_hash(data, size));
        fz_new_input();
        for (int i = 0; i < GAMES && !fz_spent(); i++)
            game(&vm, &ref, &g);
    }
    rules_free(r);
    rules_free(rg);
    free(text);
    return 0;
}

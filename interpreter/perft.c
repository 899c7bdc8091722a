/* perft.c: counting the move sequences of a given length, the engine's
 * own regression check (tests/perft.txt). */
#include "engine.h"

/* perft below `p`, whose `n` legal moves are `moves`, into *total. A
 * move that stops for a choice of where the hand is sown (PH_HAND), of
 * the holes picked (PH_PICK) or of the hole its capture is put into
 * (PH_PUT) goes on with those choices: together they count as one move. */
static int perft_from(Vm *vm, const Position *p, const Move *moves, int n, History *h, int depth,
                      uint64_t *total)
{
    if (n == 0)
        return MC_OK;
    if (depth == 1 && !vm->r->mid_move) {
        *total += (uint64_t)n;
        return MC_OK;
    }
    Move next[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        Position q = *p;
        int saved_n = h ? h->n : 0, saved_base = h ? h->base : 0;
        int k = flow_play(vm, &q, &moves[i], h, next);
        if (k < 0)
            return k;
        int d = pos_mid_move(&q) ? depth : depth - 1;
        int rc = d ? perft_from(vm, &q, next, k, h, d, total) : MC_OK;
        *total += !d;
        if (rc < 0)
            return rc;
        if (h) {
            h->n = saved_n;
            h->base = saved_base;
        }
    }
    return MC_OK;
}

int perft_count(Vm *vm, const Position *p, History *h, int depth, uint64_t *nodes)
{
    *nodes = 0;
    if (depth == 0) {
        *nodes = 1;
        return MC_OK;
    }
    Move moves[MAX_MOVES];
    int n = gen_moves(vm, p, moves);
    if (n < 0)
        return n;
    return perft_from(vm, p, moves, n, h, depth, nodes);
}

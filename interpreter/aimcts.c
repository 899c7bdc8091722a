/* aimcts.c: the Monte Carlo tree search player (UCT with random
 * playouts; see ai.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aiint.h"

/* ---- mcts ------------------------------------------------------------- */

/* The result of `p` (over, or as it evaluates) for each player: 1 won,
 * 0.5 drawn, 0 lost (of two players: `res` for `player`, 1 - res for the
 * other). */
static void rewards(const Rules *r, const Position *p, double res, int player, double rw[MAX_PLAYERS])
{
    if (r->players == 2) {
        rw[player] = res;
        rw[!player] = 1.0 - res;
        return;
    }
    for (int q = 0; q < r->players; q++) {
        if (!p->over) {   /* ahead of every other, behind one, or level with the best */
            int64_t v = ai_evaluate(r, p, q);
            rw[q] = v > 0 ? 1.0 : v < 0 ? 0.0 : 0.5;
        } else {
            rw[q] = p->winner == q ? 1.0 : p->winner == WIN_DRAW || p->winner == WIN_NONE ? 0.5 : 0.0;
        }
    }
}

/* A random game from `p`; returns the result for `player` (1, 0.5, 0),
 * with each player's in rw[], or -1 if the deadline passed first (long
 * matches). */
static double playout(Ai *ai, Position p, int player, double deadline, double rw[MAX_PLAYERS])
{
    const Rules *r = ai->r;
    for (int ply = 0; ply < PLAYOUT_CAP && !p.over; ply++) {
        if (deadline > 0 && (ply & 31) == 31 && ai_now() > deadline)
            return -1;
        Move moves[MAX_MOVES];
        int n = gen_moves(&ai->vm, &p, moves);
        if (n <= 0 || flow_play(&ai->vm, &p, &moves[rng_below(&ai->rng, n)], NULL, NULL) < 0)
            break;
    }
    if (ai->vm.status != MC_OK)
        ai->aborted = 1;
    if (ai->aborted)
        return -1;
    double res;
    if (!p.over) {
        int64_t v = ai_evaluate(r, &p, player);
        res = v > 0 ? 1.0 : v < 0 ? 0.0 : 0.5;
    } else if (p.winner == WIN_DRAW || p.winner == WIN_NONE) {
        res = 0.5;
    } else {
        res = p.winner == player ? 1.0 : 0.0;
    }
    rewards(r, &p, res, player, rw);
    return res;
}

/* Gives node `ni` a child per legal move: their number, or 0 (no
 * moves, no room left in the tree, or a sowing cut short). */
static int expand(Ai *ai, int ni)
{
    Node *nd = &ai->nodes[ni];
    Move moves[MAX_MOVES];
    int n = gen_moves(&ai->vm, &nd->pos, moves);
    nd->expanded = 1;
    if (n < 0)
        ai->aborted = 1;
    if (n == 0 || ai->aborted || ai->nnodes + n > MCTS_NODES)
        return 0;
    for (int i = 0; i < n; i++) {
        Node *c = &ai->nodes[ai->nnodes++];
        memset(c, 0, sizeof *c);
        c->pos = ai->nodes[ni].pos;
        if (flow_play(&ai->vm, &c->pos, &moves[i], NULL, NULL) < 0)
            ai->aborted = 1;
        c->parent = ni;
        c->move = i;
    }
    if (ai->aborted) {
        /* a sowing was cut short: these children are not real */
        ai->nnodes -= n;
        nd->expanded = 0;
        return 0;
    }
    nd->first_child = ai->nnodes - n;
    nd->nchildren = n;
    return n;
}

/* Monte Carlo tree search from `p` for its time or `spec.playouts`:
 * the most visited of its `n` moves (a random one if none was);
 * fills `st`. */
int ai_choose_mcts(Ai *ai, const Position *p, int n, AiStats *st, double t0)
{
    double deadline = ai->spec.playouts ? 0 : t0 + ai->spec.time;
    ai->deadline = deadline;
    ai->aborted = 0;
    ai->nnodes = 1;
    memset(&ai->nodes[0], 0, sizeof ai->nodes[0]);
    ai->nodes[0].pos = *p;
    ai->nodes[0].parent = -1;
    expand(ai, 0);
    long it = 0;
    for (;; it++) {
        if (ai->spec.playouts ? it >= ai->spec.playouts : ai_now() > deadline)
            break;
        if ((ai->stop && *ai->stop) || ai->aborted)
            break;
        /* select */
        int ni = 0;
        while (ai->nodes[ni].expanded && ai->nodes[ni].nchildren > 0) {
            Node *nd = &ai->nodes[ni];
            if (pos_chance(ai->r, &nd->pos)) {   /* a lot (a seed by chance) is drawn, not chosen */
                ni = nd->first_child + rng_below(&ai->rng, nd->nchildren);
                if (ai->nodes[ni].visits == 0)
                    break;
                continue;
            }
            double lnN = log(nd->visits + 1.0);
            int best = -1;
            double bv = -1;
            for (int k = 0; k < nd->nchildren; k++) {
                const Node *c = &ai->nodes[nd->first_child + k];
                double v = c->visits == 0 ? 1e9 + rng_below(&ai->rng, 1000)
                         : c->wins / c->visits + ai->spec.c * sqrt(lnN / c->visits);
                if (v > bv) {
                    bv = v;
                    best = nd->first_child + k;
                }
            }
            ni = best;
            if (ai->nodes[ni].visits == 0)
                break;
        }
        Node *leaf = &ai->nodes[ni];
        if (!leaf->expanded && !leaf->pos.over && leaf->visits > 0 && expand(ai, ni) > 0)
            ni = ai->nodes[ni].first_child + rng_below(&ai->rng, ai->nodes[ni].nchildren);
        /* simulate, for the player who moved into ni */
        int mover = ai->nodes[ni].parent >= 0 ? ai->nodes[ai->nodes[ni].parent].pos.to_move : p->to_move;
        double rw[MAX_PLAYERS];
        if (playout(ai, ai->nodes[ni].pos, mover, deadline, rw) < 0)
            break;
        /* backpropagate: each node scores the result of the player who
         * moved into it (the root: of nobody who counts) */
        for (int x = ni; x >= 0; x = ai->nodes[x].parent) {
            Node *nd = &ai->nodes[x];
            int who = nd->parent >= 0 ? ai->nodes[nd->parent].pos.to_move : p->to_move;
            nd->visits += 1;
            nd->wins += rw[who & PL_MASK];
        }
    }
    /* the most visited child */
    const Node *root = &ai->nodes[0];
    int best = rng_below(&ai->rng, n);
    double bv = -1;
    for (int k = 0; k < root->nchildren; k++) {
        const Node *c = &ai->nodes[root->first_child + k];
        if (c->visits > bv) {
            bv = c->visits;
            best = c->move;
        }
    }
    st->nodes = it;
    st->seconds = ai_now() - t0;
    return best;
}

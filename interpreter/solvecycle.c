/* solvecycle.c: the retrograde solver's valuing of the positions it
 * listed (solve.c): the strongly connected components of the graph of
 * moves, sinks first (Tarjan's algorithm without recursion); a position
 * on no cycle gets the best of its moves, the positions of a cycle are
 * valued together, by attractors that grow as the value they force falls
 * (solve.h). */
#include <stdlib.h>
#include <string.h>

#include "solveint.h"

/* ---- cycles ------------------------------------------------------------------ */

/* A strongly connected component being valued: its positions (global
 * numbers), the predecessors within it (CSR), and the work arrays of
 * forced(). */
typedef struct Comp {
    uint32_t *node;
    uint64_t n;
    const uint8_t *inside;     /* bit per global position: on the Tarjan stack */
    uint32_t *local;           /* global -> local number (Tarjan's low[], reused) */
    uint64_t *pfirst;
    uint32_t *pred;
    uint32_t *cnt, *queue, *next, *head;
    int32_t *ext, *hi;
    uint32_t *xr;              /* forced() with ranks: the distance of the
                                  exits that decide, then the most of the
                                  moves' (the opponent's positions) */
} Comp;

/* Bit v of the set `bits`. */
static inline int on_stack(const uint8_t *bits, uint32_t v)
{
    return bits[v >> 3] >> (v & 7) & 1;
}

#define NEVER INT32_MIN        /* forced(): no end can be forced */

/* The distance the moves of `v` out of the component (off the Tarjan
 * stack `inside`) decide for the bound's side: where he moves (`mine`),
 * the least of those worth `want` (South's utility) to him; else the
 * most of them all. */
static uint32_t exits_rank(const Solver *s, const uint8_t *inside, uint32_t v, int mine, int32_t want)
{
    uint32_t r = mine ? NORANK : 0;
    for (uint64_t k = s->first[v]; k < s->first[v + 1]; k++) {
        const uint32_t w = s->edge[k];
        if (!(w & TERM) && on_stack(inside, w))
            continue;
        const uint32_t x = exit_rank(s, w);
        if (mine ? edge_value(s, w) == want && x < r : x > r)
            r = x;
    }
    return r;
}

/* What `player` can force from each position of the component if he must
 * end the play (an endless play is worth nothing to him), into out[]:
 * South's highest value, or North's lowest; NEVER where he cannot force
 * an end. Values are seen as the player's (North's negated), so that he
 * maximizes; for each value t, from the highest, the positions from
 * which he can force an end worth t or more are an attractor that only
 * grows as t falls: a position joins it once, with the value t, when it
 * is his move and one of its exits is worth t or one of its moves leads
 * into the attractor, or when it is his opponent's and every exit is
 * worth t or more and every move leads into the attractor. Positions
 * wait in buckets by the value at which they can join. O(positions +
 * moves + values). out[] is by local number, or with `global` by the
 * positions' numbers.
 *
 * With `rank` (by the positions' numbers), also the distance of each
 * position to the end it forces, along the moves that made it join: one
 * more than its exit's, or than the position its move leads to; for the
 * opponent's, one more than the most of all his moves'. Along the moves
 * that keep the value and lower the distance, play reaches that end and
 * never comes back to a position (NORANK: no end forced). */
static void forced(const Solver *s, Comp *c, int player, int32_t *out, int global, uint32_t *rank)
{
#define OUT(i) out[global ? c->node[i] : (i)]
#define RANK(i) rank[c->node[i]]
    const int32_t sign = player == SOUTH ? 1 : -1, off = s->off;
    int32_t tmin = off, tmax = -off;   /* the exits' values */
    for (uint64_t i = 0; i < c->n; i++) {
        const uint32_t v = c->node[i];
        for (uint64_t k = s->first[v]; k < s->first[v + 1]; k++) {
            const uint32_t w = s->edge[k];
            if ((w & TERM) || !on_stack(c->inside, w)) {
                const int32_t x = sign * edge_value(s, w);
                tmin = x < tmin ? x : tmin;
                tmax = x > tmax ? x : tmax;
            }
        }
    }
    for (int32_t t = tmin; t <= tmax; t++)
        c->head[t + off] = NONE;
    for (uint64_t i = 0; i < c->n; i++) {
        const uint32_t v = c->node[i];
        const int mine = s->mover[v] == player;
        int32_t e = mine ? NEVER : INT32_MAX;
        uint32_t internal = 0;
        for (uint64_t k = s->first[v]; k < s->first[v + 1]; k++) {
            const uint32_t w = s->edge[k];
            if (!(w & TERM) && on_stack(c->inside, w)) {
                internal++;
                continue;
            }
            const int32_t x = sign * edge_value(s, w);
            if (mine ? x > e : x < e)
                e = x;
        }
        c->ext[i] = e;
        c->cnt[i] = internal;
        OUT(i) = NEVER;
        if (rank) {   /* the exits' distance: the best exit's, or the most */
            c->xr[i] = exits_rank(s, c->inside, v, mine, mine && e != NEVER ? sign * e : 0);
            RANK(i) = NORANK;
        }
        if ((mine && e != NEVER) || (!mine && internal == 0)) {   /* waits for t = e */
            c->next[i] = c->head[e + off];
            c->head[e + off] = (uint32_t)i;
        }
    }
    for (int32_t t = tmax; t >= tmin; t--) {
        uint64_t qn = 0;
        for (uint32_t i = c->head[t + off]; i != NONE; i = c->next[i])
            if (OUT(i) == NEVER) {
                OUT(i) = t;
                if (rank)
                    RANK(i) = rank_up(c->xr[i]);
                c->queue[qn++] = i;
            }
        for (uint64_t qi = 0; qi < qn; qi++) {
            const uint32_t x = c->queue[qi];
            for (uint64_t k = c->pfirst[x]; k < c->pfirst[x + 1]; k++) {
                const uint32_t y = c->pred[k];
                if (OUT(y) != NEVER)
                    continue;
                if (s->mover[c->node[y]] == player) {
                    OUT(y) = t;
                    if (rank)
                        RANK(y) = rank_up(RANK(x));
                    c->queue[qn++] = y;
                    continue;
                }
                if (rank && RANK(x) > c->xr[y])   /* the opponent's: the most of his moves' */
                    c->xr[y] = RANK(x);
                if (--c->cnt[y] == 0) {
                    if (c->ext[y] >= t) {   /* (INT32_MAX: no exit) */
                        OUT(y) = t;
                        if (rank)
                            RANK(y) = rank_up(c->xr[y]);
                        c->queue[qn++] = y;
                    } else {                /* its worst exit decides, later */
                        c->next[y] = c->head[c->ext[y] + off];
                        c->head[c->ext[y] + off] = y;
                    }
                }
            }
        }
    }
    if (sign < 0)
        for (uint64_t i = 0; i < c->n; i++)
            if (OUT(i) != NEVER)
                OUT(i) = -OUT(i);
#undef OUT
#undef RANK
}

/* Values the positions of a component with a cycle. With lo the most
 * South can force (NEVER: no end), hi the least North can force (none:
 * no end) and e the endless play's worth (with a bound, -off or off: the
 * value is then lo, or hi), a position's value is
 * max(lo, min(hi, e)): South takes an end worth lo if that is best for
 * him; otherwise North holds him below anything above hi, and where
 * North cannot force an end better for him than e, neither can end the
 * play to his profit and it goes on for ever. (For each value t, South
 * gets t or more exactly when he can force t, or North cannot force less
 * and the endless play is worth t or more.) */
static int value_cycle(Solver *s, Comp *c)
{
    const uint64_t n = c->n;
    const size_t nb = 2 * (size_t)s->off + 1;
    int rc = 0;
    uint64_t npred = 0;
    c->ext = c->hi = NULL;
    c->xr = NULL;
    c->pfirst = NULL;
    c->pred = c->cnt = c->queue = c->next = c->head = NULL;
    for (uint64_t i = 0; i < n; i++)
        c->local[c->node[i]] = (uint32_t)i;
    if ((rc = sv_grow(s, &c->pfirst, 0, n + 1, sizeof *c->pfirst)) || (rc = sv_grow(s, &c->cnt, 0, n, sizeof *c->cnt)) ||
        (rc = sv_grow(s, &c->queue, 0, n, sizeof *c->queue)) || (rc = sv_grow(s, &c->next, 0, n, sizeof *c->next)) ||
        (rc = sv_grow(s, &c->head, 0, nb, sizeof *c->head)) || (rc = sv_grow(s, &c->ext, 0, n, sizeof *c->ext)) ||
        (rc = sv_grow(s, &c->hi, 0, n, sizeof *c->hi)) || (s->rank && (rc = sv_grow(s, &c->xr, 0, n, sizeof *c->xr))))
        goto out;
    /* the predecessors: counted, then filled (cnt[] as the fill pointers) */
    memset(c->pfirst, 0, (n + 1) * sizeof *c->pfirst);
    for (uint64_t i = 0; i < n; i++) {
        uint32_t v = c->node[i];
        for (uint64_t e = s->first[v]; e < s->first[v + 1]; e++) {
            uint32_t w = s->edge[e];
            if (!(w & TERM) && on_stack(c->inside, w)) {
                c->pfirst[c->local[w] + 1]++;
                npred++;
            }
        }
    }
    for (uint64_t i = 0; i < n; i++)
        c->pfirst[i + 1] += c->pfirst[i];
    if ((rc = sv_grow(s, &c->pred, 0, npred ? npred : 1, sizeof *c->pred)))
        goto out;
    memset(c->cnt, 0, n * sizeof *c->cnt);
    for (uint64_t i = 0; i < n; i++) {
        uint32_t v = c->node[i];
        for (uint64_t e = s->first[v]; e < s->first[v + 1]; e++) {
            uint32_t w = s->edge[e];
            if (!(w & TERM) && on_stack(c->inside, w)) {
                uint32_t lw = c->local[w];
                c->pred[c->pfirst[lw] + c->cnt[lw]++] = (uint32_t)i;
            }
        }
    }
    /* South's forced values in val[], North's in hi[]; then the values */
    forced(s, c, SOUTH, s->val, 1, s->o->bound == SOLVE_LOWER ? s->rank : NULL);
    forced(s, c, NORTH, c->hi, 0, s->o->bound == SOLVE_UPPER ? s->rank : NULL);
    for (uint64_t i = 0; i < n; i++) {
        const uint32_t v = c->node[i];
        int32_t e = s->o->bound * s->off;   /* a bound: the worst end for one side */
        if (!s->o->bound) {
            Position p;
            sv_unpack(s, v, &p);
            if ((rc = flow_endless(&s->vm, &p)) < 0) {
                rc = sv_fail(s, rc, mc_status_text(rc));
                goto out;
            }
            e = sv_final(s, &p);
        }
        const int32_t hi = c->hi[i] == NEVER || c->hi[i] > e ? e : c->hi[i];
        s->val[v] = s->val[v] != NEVER && s->val[v] > hi ? s->val[v] : hi;
    }
out:
    sv_release(s, &c->pfirst, c->pfirst ? n + 1 : 0, sizeof *c->pfirst);
    sv_release(s, &c->pred, c->pred ? (npred ? npred : 1) : 0, sizeof *c->pred);
    sv_release(s, &c->cnt, c->cnt ? n : 0, sizeof *c->cnt);
    sv_release(s, &c->queue, c->queue ? n : 0, sizeof *c->queue);
    sv_release(s, &c->next, c->next ? n : 0, sizeof *c->next);
    sv_release(s, &c->head, c->head ? nb : 0, sizeof *c->head);
    sv_release(s, &c->ext, c->ext ? n : 0, sizeof *c->ext);
    sv_release(s, &c->hi, c->hi ? n : 0, sizeof *c->hi);
    sv_release(s, &c->xr, c->xr ? n : 0, sizeof *c->xr);
    return rc;
}

/* ---- components, sinks first (Tarjan, without recursion) ------------------- */

typedef struct Tarjan {
    uint32_t *idx, *low, *stack, *cnode;
    uint64_t *cedge;
    uint8_t *inside;
    uint64_t sp, cp;
} Tarjan;

/* Values the component whose positions are stack[from..sp). */
static int value_component(Solver *s, Tarjan *tj, uint64_t from, SolveResult *res)
{
    const uint64_t n = tj->sp - from;
    uint32_t v = tj->stack[from];
    int loop = 0;
    if (n == 1) {
        int32_t best = 0;
        int any = 0;
        for (uint64_t e = s->first[v]; e < s->first[v + 1]; e++) {
            uint32_t w = s->edge[e];
            if (w == v) {
                loop = 1;
                break;
            }
            int32_t x = edge_value(s, w);
            if (!any || (s->mover[v] == SOUTH ? x > best : x < best))
                best = x;
            any = 1;
        }
        if (!loop) {
            s->val[v] = best;
            if (s->rank) {   /* the bound's side: his best move's distance, or the most */
                const int mine = s->mover[v] == (s->o->bound == SOLVE_LOWER ? SOUTH : NORTH);
                s->rank[v] = rank_up(exits_rank(s, tj->inside, v, mine, best));
            }
            tj->inside[v >> 3] &= (uint8_t) ~(1u << (v & 7));
            tj->sp = from;
            return 0;
        }
    }
    Comp c = { 0 };
    c.node = tj->stack + from;
    c.n = n;
    c.inside = tj->inside;
    c.local = tj->low;   /* low[] of these positions is no longer needed */
    int rc = value_cycle(s, &c);
    res->cyclic += n;
    res->components++;
    for (uint64_t i = 0; i < n; i++) {
        uint32_t w = c.node[i];
        tj->inside[w >> 3] &= (uint8_t) ~(1u << (w & 7));
    }
    tj->sp = from;
    return rc;
}

/* Tarjan's depth-first search from `root` (not yet numbered): each
 * component valued as it is found (value_component). */
static int tarjan_from(Solver *s, Tarjan *tj, uint32_t root, uint64_t *counter, uint64_t *valued,
                       SolveResult *res)
{
    int rc;
    tj->idx[root] = tj->low[root] = (uint32_t)++*counter;
    tj->stack[tj->sp++] = root;
    tj->inside[root >> 3] |= (uint8_t)(1u << (root & 7));
    tj->cnode[0] = root;
    tj->cedge[0] = s->first[root];
    tj->cp = 1;
    while (tj->cp) {
        uint32_t v = tj->cnode[tj->cp - 1];
        uint64_t e = tj->cedge[tj->cp - 1];
        if (e < s->first[v + 1]) {
            tj->cedge[tj->cp - 1] = e + 1;
            uint32_t w = s->edge[e];
            if (w & TERM)
                continue;
            if (!tj->idx[w]) {
                tj->idx[w] = tj->low[w] = (uint32_t)++*counter;
                tj->stack[tj->sp++] = w;
                tj->inside[w >> 3] |= (uint8_t)(1u << (w & 7));
                tj->cnode[tj->cp] = w;
                tj->cedge[tj->cp] = s->first[w];
                tj->cp++;
            } else if (on_stack(tj->inside, w) && tj->idx[w] < tj->low[v]) {
                tj->low[v] = tj->idx[w];
            }
            continue;
        }
        tj->cp--;
        if (tj->cp) {
            uint32_t u = tj->cnode[tj->cp - 1];
            if (tj->low[v] < tj->low[u])
                tj->low[u] = tj->low[v];
        }
        if (tj->low[v] == tj->idx[v]) {
            uint64_t from = tj->sp;
            while (tj->stack[--from] != v)
                ;
            *valued += tj->sp - from;
            if ((rc = value_component(s, tj, from, res)))
                return rc;
            if ((*valued & 0xFFF) < tj->sp - from + 1 && (rc = sv_progress(s, SOLVE_VALUING, *valued, s->n)))
                return rc;
        }
    }
    return 0;
}

/* Values every position: Tarjan's components, sinks first, each valued
 * as it is found (value_component); from number 0, which reaches every
 * listed position, or (s->unrank) from each position not yet reached. */
int sv_value_positions(Solver *s, SolveResult *res)
{
    Tarjan tj = { 0 };
    const uint64_t n = s->n;
    uint64_t counter = 0, valued = 0;
    int rc;
    if ((rc = sv_grow(s, &tj.idx, 0, n, sizeof *tj.idx)) || (rc = sv_grow(s, &tj.low, 0, n, sizeof *tj.low)) ||
        (rc = sv_grow(s, &tj.stack, 0, n, sizeof *tj.stack)) || (rc = sv_grow(s, &tj.cnode, 0, n, sizeof *tj.cnode)) ||
        (rc = sv_grow(s, &tj.cedge, 0, n, sizeof *tj.cedge)) || (rc = sv_grow(s, &tj.inside, 0, n / 8 + 1, 1)))
        goto out;
    memset(tj.idx, 0, n * sizeof *tj.idx);
    memset(tj.inside, 0, n / 8 + 1);
    for (uint64_t v = 0; v < (s->unrank ? n : 1) && !rc; v++)
        if (!tj.idx[v])
            rc = tarjan_from(s, &tj, (uint32_t)v, &counter, &valued, res);
out:
    sv_release(s, &tj.idx, tj.idx ? n : 0, sizeof *tj.idx);
    sv_release(s, &tj.low, tj.low ? n : 0, sizeof *tj.low);
    sv_release(s, &tj.stack, tj.stack ? n : 0, sizeof *tj.stack);
    sv_release(s, &tj.cnode, tj.cnode ? n : 0, sizeof *tj.cnode);
    sv_release(s, &tj.cedge, tj.cedge ? n : 0, sizeof *tj.cedge);
    sv_release(s, &tj.inside, tj.inside ? n / 8 + 1 : 0, 1);
    return rc;
}

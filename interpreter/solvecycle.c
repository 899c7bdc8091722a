/* solvecycle.c: the retrograde solver's valuing of the positions it
 * listed (solve.c): the strongly connected components of the graph of
 * moves, sinks first (Tarjan's algorithm without recursion); a position
 * on no cycle gets the best of its moves, the positions of a cycle are
 * valued together, threshold by threshold, by attractors (solve.h). */
#include <stdlib.h>
#include <string.h>

#include "solveint.h"

/* ---- cycles ------------------------------------------------------------------ */

/* A strongly connected component being valued: its positions (global
 * numbers), who moves at each, the value of an endless play from each,
 * the predecessors within it (CSR), and the work arrays of the
 * attractors. */
typedef struct Comp {
    uint32_t *node;
    uint64_t n;
    const uint8_t *inside;     /* bit per global position: on the Tarjan stack */
    uint32_t *local;           /* global -> local number (Tarjan's low[], reused) */
    int32_t *endless;
    uint64_t *pfirst;
    uint32_t *pred;
    uint32_t *cnt, *queue;
    uint8_t *in_s, *in_n, *done;
} Comp;

/* Bit v of the set `bits`. */
static inline int on_stack(const uint8_t *bits, uint32_t v)
{
    return bits[v >> 3] >> (v & 7) & 1;
}

/* The positions of the component from which `player` can force, in a
 * finite number of moves, an end whose value satisfies `want(v, t)`
 * (South: v >= t; North: v < t), into in[]. */
static void attract(const Solver *s, Comp *c, int player, int32_t t, uint8_t *in)
{
    uint64_t qn = 0;
    for (uint64_t i = 0; i < c->n; i++) {
        uint32_t v = c->node[i];
        int good = 0, bad = 0;
        uint32_t internal = 0;
        for (uint64_t e = s->first[v]; e < s->first[v + 1]; e++) {
            uint32_t w = s->edge[e];
            if (!(w & TERM) && on_stack(c->inside, w)) {
                internal++;
                continue;
            }
            int32_t x = edge_value(s, w);
            if ((player == SOUTH) == (x >= t))
                good = 1;
            else
                bad = 1;
        }
        in[i] = 0;
        c->cnt[i] = internal;
        if (s->mover[v] == player ? good : !bad && internal == 0) {
            in[i] = 1;
            c->queue[qn++] = (uint32_t)i;
        } else if (s->mover[v] != player && bad) {
            c->cnt[i] = NONE;   /* the opponent has a way out: never */
        }
    }
    for (uint64_t qi = 0; qi < qn; qi++) {
        uint32_t x = c->queue[qi];
        for (uint64_t e = c->pfirst[x]; e < c->pfirst[x + 1]; e++) {
            uint32_t y = c->pred[e];
            if (in[y])
                continue;
            if (s->mover[c->node[y]] == player || (c->cnt[y] != NONE && --c->cnt[y] == 0)) {
                in[y] = 1;
                c->queue[qn++] = y;
            }
        }
    }
}

/* qsort: highest first. */
static int cmp_desc(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* Values the positions of a component with a cycle: for each threshold t
 * (every value an exit or an endless play can have), from the highest,
 * a position not yet valued gets t when South can force t or more, or
 * when North cannot force less and the endless play from it is worth t
 * or more. */
static int value_cycle(Solver *s, Comp *c)
{
    const uint64_t n = c->n;
    int rc = 0;
    size_t nt = 0, tcap = 0;
    int32_t *th = NULL;
    c->endless = NULL;
    c->pfirst = NULL;
    c->pred = NULL;
    c->cnt = c->queue = NULL;
    c->in_s = c->in_n = c->done = NULL;
    uint64_t npred = 0;
    for (uint64_t i = 0; i < n; i++)
        c->local[c->node[i]] = (uint32_t)i;
    if ((rc = sv_grow(s, &c->endless, 0, n, sizeof *c->endless)) ||
        (rc = sv_grow(s, &c->pfirst, 0, n + 1, sizeof *c->pfirst)) || (rc = sv_grow(s, &c->cnt, 0, n, sizeof *c->cnt)) ||
        (rc = sv_grow(s, &c->queue, 0, n, sizeof *c->queue)) || (rc = sv_grow(s, &c->in_s, 0, n, 1)) ||
        (rc = sv_grow(s, &c->in_n, 0, n, 1)) || (rc = sv_grow(s, &c->done, 0, n, 1)))
        goto out;
    memset(c->pfirst, 0, (n + 1) * sizeof *c->pfirst);
    memset(c->done, 0, n);
    /* predecessors, and the thresholds */
    for (uint64_t i = 0; i < n; i++) {
        uint32_t v = c->node[i];
        for (uint64_t e = s->first[v]; e < s->first[v + 1]; e++) {
            uint32_t w = s->edge[e];
            int32_t x;
            if (!(w & TERM) && on_stack(c->inside, w)) {
                c->pfirst[c->local[w] + 1]++;
                npred++;
                continue;
            }
            x = edge_value(s, w);
            if (nt == tcap) {
                size_t nc = tcap ? tcap * 2 : 64;
                if ((rc = sv_grow(s, &th, tcap, nc, sizeof *th)))
                    goto out;
                tcap = nc;
            }
            th[nt++] = x;
        }
        Position p;
        sv_unpack(s, v, &p);
        if ((rc = flow_endless(&s->vm, &p)) < 0) {
            rc = sv_fail(s, rc, mc_status_text(rc));
            goto out;
        }
        c->endless[i] = solve_utility(s->seeds, &p);
        if (nt == tcap) {
            size_t nc = tcap ? tcap * 2 : 64;
            if ((rc = sv_grow(s, &th, tcap, nc, sizeof *th)))
                goto out;
            tcap = nc;
        }
        th[nt++] = c->endless[i];
    }
    for (uint64_t i = 0; i < n; i++)
        c->pfirst[i + 1] += c->pfirst[i];
    if ((rc = sv_grow(s, &c->pred, 0, npred ? npred : 1, sizeof *c->pred)))
        goto out;
    /* cnt[] as the fill pointers */
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
    qsort(th, nt, sizeof *th, cmp_desc);
    uint64_t left = n;
    for (size_t k = 0; k < nt && left; k++) {
        if (k && th[k] == th[k - 1])
            continue;
        const int32_t t = th[k];
        attract(s, c, SOUTH, t, c->in_s);
        attract(s, c, NORTH, t, c->in_n);
        for (uint64_t i = 0; i < n; i++)
            if (!c->done[i] && (c->in_s[i] || (!c->in_n[i] && c->endless[i] >= t))) {
                c->done[i] = 1;
                s->val[c->node[i]] = t;
                left--;
            }
    }
out:
    sv_release(s, &th, tcap, sizeof *th);
    sv_release(s, &c->endless, c->endless ? n : 0, sizeof *c->endless);
    sv_release(s, &c->pfirst, c->pfirst ? n + 1 : 0, sizeof *c->pfirst);
    sv_release(s, &c->pred, c->pred ? (npred ? npred : 1) : 0, sizeof *c->pred);
    sv_release(s, &c->cnt, c->cnt ? n : 0, sizeof *c->cnt);
    sv_release(s, &c->queue, c->queue ? n : 0, sizeof *c->queue);
    sv_release(s, &c->in_s, c->in_s ? n : 0, 1);
    sv_release(s, &c->in_n, c->in_n ? n : 0, 1);
    sv_release(s, &c->done, c->done ? n : 0, 1);
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

/* Values every position: Tarjan's components, sinks first, each valued
 * as it is found (value_component). */
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
    /* every position is reachable from the root, number 0 */
    tj.idx[0] = tj.low[0] = (uint32_t)++counter;
    tj.stack[tj.sp++] = 0;
    tj.inside[0] |= 1;
    tj.cnode[0] = 0;
    tj.cedge[0] = s->first[0];
    tj.cp = 1;
    while (tj.cp) {
        uint32_t v = tj.cnode[tj.cp - 1];
        uint64_t e = tj.cedge[tj.cp - 1];
        if (e < s->first[v + 1]) {
            tj.cedge[tj.cp - 1] = e + 1;
            uint32_t w = s->edge[e];
            if (w & TERM)
                continue;
            if (!tj.idx[w]) {
                tj.idx[w] = tj.low[w] = (uint32_t)++counter;
                tj.stack[tj.sp++] = w;
                tj.inside[w >> 3] |= (uint8_t)(1u << (w & 7));
                tj.cnode[tj.cp] = w;
                tj.cedge[tj.cp] = s->first[w];
                tj.cp++;
            } else if (on_stack(tj.inside, w) && tj.idx[w] < tj.low[v]) {
                tj.low[v] = tj.idx[w];
            }
            continue;
        }
        tj.cp--;
        if (tj.cp) {
            uint32_t u = tj.cnode[tj.cp - 1];
            if (tj.low[v] < tj.low[u])
                tj.low[u] = tj.low[v];
        }
        if (tj.low[v] == tj.idx[v]) {
            uint64_t from = tj.sp;
            while (tj.stack[--from] != v)
                ;
            valued += tj.sp - from;
            if ((rc = value_component(s, &tj, from, res)))
                goto out;
            if ((valued & 0xFFF) < tj.sp - from + 1 && (rc = sv_progress(s, SOLVE_VALUING, valued, n)))
                goto out;
        }
    }
out:
    sv_release(s, &tj.idx, tj.idx ? n : 0, sizeof *tj.idx);
    sv_release(s, &tj.low, tj.low ? n : 0, sizeof *tj.low);
    sv_release(s, &tj.stack, tj.stack ? n : 0, sizeof *tj.stack);
    sv_release(s, &tj.cnode, tj.cnode ? n : 0, sizeof *tj.cnode);
    sv_release(s, &tj.cedge, tj.cedge ? n : 0, sizeof *tj.cedge);
    sv_release(s, &tj.inside, tj.inside ? n / 8 + 1 : 0, 1);
    return rc;
}

/* test_solve: exact values by retrograde analysis (interpreter/solve.c).
 * - positions worked out by hand: Kalah endings, a loop with no way out
 *   (its value is the repetition rule's), a finished game;
 * - against a plain minimax written here (no table, no pruning, the whole
 *   game tree) on random late positions of Kalah and Bechi 2x3, and on
 *   Andada endings of at most 5 seeds on the board, where the solver
 *   finds no cycle: the value of the root and of every move;
 * - against a naive solver written here for games with cycles: every
 *   reachable position in a plain table, and for each threshold the
 *   attractors by sweeps to a fixed point, on small Oware, Awari and
 *   Bohnenspiel boards;
 * - refusals: a position decided by lot, the memory bound;
 * - checkpoints: a listing stopped and gone on with equals one from
 *   scratch. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "builtin.h"
#include "rng.h"
#include "rules.h"
#include "solve.h"
#include "vm.h"
#include "testlib.h"

static const SolveOpts OPTS = { (size_t)512 << 20, NULL, NULL, NULL, 1, 0, NULL, NULL, 0 };

/* The built-in `name` with `holes` holes a row and `seeds` a hole (its
 * text's `board.holes` and `board.seeds` lines replaced), and the
 * options `opts`. */
static Rules *resized_with(const char *name, int holes, int seeds, const char *const *opts, int nopts)
{
    const BuiltinVariant *b = builtin_find(name);
    assert_non_null(b);
    char *text = malloc(strlen(b->text) + 64);
    assert_non_null(text);
    const char *board = strstr(b->text, "\nboard:\n");
    assert_non_null(board);
    const char *h = strstr(board, "\n  holes: "), *s = strstr(board, "\n  seeds: ");
    assert_non_null(h);
    assert_non_null(s);
    assert_true(h < s);
    const char *h_end = strchr(h + 1, '\n'), *s_end = strchr(s + 1, '\n');
    int n = sprintf(text, "%.*s", (int)(h - b->text), b->text);
    n += sprintf(text + n, "\n  holes: %d", holes);
    n += sprintf(text + n, "%.*s", (int)(s - h_end), h_end);
    n += sprintf(text + n, "\n  seeds: %d", seeds);
    strcpy(text + n, s_end);
    Rules *r = test_load_text(text, opts, nopts);
    free(text);
    assert_non_null(r);
    return r;
}

static Rules *resized(const char *name, int holes, int seeds)
{
    return resized_with(name, holes, seeds, NULL, 0);
}

/* A Kalah position: South's holes a[0..5] (1..6), North's b[0..5] (7..12),
 * the stores, and who moves. */
static Position kalah_at(Vm *vm, const int a[6], const int b[6], int s0, int s1, int to_move)
{
    Position p;
    flow_start(vm, &p, NULL);
    for (int i = 0; i < 6; i++) {
        p.count[i] = (uint16_t)a[i];
        p.count[6 + i] = (uint16_t)b[i];
    }
    p.store[0] = s0;
    p.store[1] = s1;
    p.to_move = (uint8_t)to_move;
    p.last_mover = (uint8_t)!to_move;
    return p;
}

static void solve_ok(const Rules *r, const Position *p, SolveResult *res)
{
    char err[200] = "";
    int rc = solve_position(r, p, &OPTS, res, err, sizeof err);
    if (rc != MC_OK)
        fail_msg("solve: %s", err);
}

/* `r` solved from its start, which goes into *p (a machine for `r` in
 * *vm): the result, malloc'd. */
static SolveResult *solve_start(const Rules *r, Vm *vm, Position *p)
{
    vm_init(vm, r);
    flow_start(vm, p, NULL);
    SolveResult *res = malloc(sizeof *res);
    assert_non_null(res);
    solve_ok(r, p, res);
    return res;
}

/* The value of the move written `tok` among the result's. */
static SolveValue move_value(const Rules *r, const SolveResult *res, const char *tok)
{
    int k = tok_find(r, res->moves, res->nmoves, tok);
    assert_true(k >= 0);
    return res->move_value[k];
}

static void test_solve_kalah_by_hand(void **state)
{
    (void)state;
    Rules *r = test_builtin("kalah", NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    SolveResult *res = malloc(sizeof *res);
    assert_non_null(res);

    /* South: one seed in hole 6; North: one in hole 12; stores 23 and 23.
     * South's only move drops it in his store (24) and gives him another
     * turn; his row is empty, so the game ends and North takes his 1: 24
     * to 24, a draw. */
    int a1[6] = { 0, 0, 0, 0, 0, 1 }, b1[6] = { 0, 0, 0, 0, 0, 1 };
    Position p0 = kalah_at(&vm, a1, b1, 23, 23, SOUTH);
    solve_ok(r, &p0, res);
    assert_int_equal(res->nmoves, 1);
    assert_int_equal(res->value.winner, WIN_DRAW);
    assert_int_equal(res->value.margin, 0);
    assert_int_equal(res->positions, 1);
    assert_int_equal(res->nline, 1);
    assert_int_equal(res->line_end, 0);

    /* South: hole 1 holds 1, hole 2 is empty; North: 3 in hole 11 (the
     * one opposite hole 2), 1 in hole 12; stores 20 and 23. South's only
     * move, 1, drops its seed into the empty hole 2 and takes it with the
     * 3 opposite (24); his row is empty: North takes his 1, 24-24. */
    int a2[6] = { 1, 0, 0, 0, 0, 0 }, b2[6] = { 0, 0, 0, 0, 3, 1 };
    Position p = kalah_at(&vm, a2, b2, 20, 23, SOUTH);
    solve_ok(r, &p, res);
    assert_int_equal(res->value.winner, WIN_DRAW);
    assert_int_equal(res->value.margin, 0);
    /* South: 1 in holes 1 and 6; North: 3 in hole 11, 2 in hole 12;
     * stores 19 and 22.
     * - 6: into the store (20), another turn; then 1 takes 1 + 3 (24), and
     *   South's row is empty: North takes his 2 (24). A draw.
     * - 1: takes 1 + 3 (23). North's only move, 12, sows one seed into his
     *   store (23) and one into hole 1; his row is empty: South takes the
     *   seeds of holes 1 and 6 (25). South wins by 2.
     * So South wins by 2, by playing 1; North then plays 12. */
    int a3[6] = { 1, 0, 0, 0, 0, 1 }, b3[6] = { 0, 0, 0, 0, 3, 2 };
    p = kalah_at(&vm, a3, b3, 19, 22, SOUTH);
    solve_ok(r, &p, res);
    assert_int_equal(res->value.winner, WIN_SOUTH);
    assert_int_equal(res->value.margin, 2);
    SolveValue v1 = move_value(r, res, "1"), v6 = move_value(r, res, "6");
    assert_int_equal(v1.winner, WIN_SOUTH);
    assert_int_equal(v1.margin, 2);
    assert_int_equal(v6.winner, WIN_DRAW);
    assert_int_equal(v6.margin, 0);
    assert_int_equal(res->nline, 2);
    char tok[32];
    tok_write(r, &res->line[0], tok, sizeof tok);
    assert_string_equal(tok, "1");
    tok_write(r, &res->line[1], tok, sizeof tok);
    assert_string_equal(tok, "12");
    assert_int_equal(res->line_mover[1], NORTH);
    assert_int_equal(res->line_end, 0);

    /* a finished game: its own value */
    p.over = 1;
    p.winner = WIN_NORTH;
    p.store[0] = 20;
    p.store[1] = 28;
    solve_ok(r, &p, res);
    assert_int_equal(res->value.winner, WIN_NORTH);
    assert_int_equal(res->value.margin, -8);
    assert_int_equal(res->nmoves, 0);
    free(res);
    rules_free(r);
}

/* One hole a side, one seed: each move sends it to the other side, for
 * ever. Neither player can end the game, so the value is the repetition
 * rule's at the position itself: whoever holds the seed then takes it.
 * With a bound, endless play is the worst end for one side: the lower
 * bound gives the seed to North (North by 1), the upper one to South,
 * whatever the rule, by listing and by search. */
static const char LOOP[] = "game: loop\n"
                           "board:\n  rows: 2\n  holes: 1\n  seeds: 0\n  stores: off-track\n"
                           "moves:\n  from: hole.owner == mover and hole.count > 0\n  direction: ccw\n"
                           "sowing:\n  first-seed: next\n"
                           "repetition:\n  count: 3\n  seeds: owners\n%s";

static void test_solve_loop_by_hand(void **state)
{
    (void)state;
    char text[600];
    for (int draw = 0; draw < 2; draw++) {
        snprintf(text, sizeof text, LOOP, draw ? "  draw: true\n" : "");
        Rules *r = test_load_text(text, NULL, 0);
        assert_non_null(r);
        Vm vm;
        vm_init(&vm, r);
        Position p;
        flow_start(&vm, &p, NULL);
        /* no seed at the start, so the game is over: a seed put back */
        p.over = 0;
        p.winner = WIN_NONE;
        p.end = 0;
        p.to_move = SOUTH;
        p.last_mover = NORTH;
        p.count[0] = 1;   /* South's hole, South to move */
        SolveResult *res = malloc(sizeof *res);
        assert_non_null(res);
        solve_ok(r, &p, res);
        assert_int_equal(res->positions, 2);
        assert_int_equal(res->cyclic, 2);
        assert_int_equal(res->components, 1);
        assert_int_equal(res->value.winner, draw ? WIN_DRAW : WIN_SOUTH);
        assert_int_equal(res->value.margin, 1);
        assert_int_equal(res->line_end, 1);   /* the line comes back */
        /* from North's side, North to move: North's seed */
        p.count[0] = 0;
        p.count[1] = 1;
        p.to_move = NORTH;
        solve_ok(r, &p, res);
        assert_int_equal(res->value.winner, draw ? WIN_DRAW : WIN_NORTH);
        assert_int_equal(res->value.margin, -1);
        for (int search = 0; search < 2; search++)
            for (int bound = SOLVE_LOWER; bound <= SOLVE_UPPER; bound += 2) {
                SolveOpts o = OPTS;
                char err[200] = "";
                o.bound = bound;
                int rc = search ? solve_search(r, &p, &o, res, err, sizeof err)
                                : solve_position(r, &p, &o, res, err, sizeof err);
                if (rc != MC_OK)
                    fail_msg("solve: %s", err);
                assert_int_equal(res->value.winner, bound == SOLVE_LOWER ? WIN_NORTH : WIN_SOUTH);
                assert_int_equal(res->value.margin, bound);
            }
        free(res);
        rules_free(r);
    }
}

/* ---- against a plain minimax --------------------------------------------- */

typedef struct Mini {
    Vm *vm;
    long nodes, budget;
    int32_t seeds;
} Mini;

static int32_t util(const Mini *m, const Position *q)
{
    int32_t range = 2 * m->seeds + 1, margin = q->store[0] - q->store[1];
    return margin + (q->winner == WIN_SOUTH ? range : q->winner == WIN_NORTH ? -range : 0);
}

/* South's utility under perfect play: the whole tree, no table (a tree
 * over `budget` nodes, or deeper than 100 decisions, is given up:
 * nodes > budget). */
static int32_t minimax_at(Mini *m, const Position *p, int depth)
{
    if (++m->nodes > m->budget || depth > 100) {
        m->nodes = m->budget + 1;
        return 0;
    }
    Move mv[MAX_MOVES];
    int n = gen_moves(m->vm, p, mv);
    assert_true(n > 0);
    int32_t best = p->to_move == SOUTH ? INT32_MIN : INT32_MAX;
    for (int i = 0; i < n; i++) {
        Position q = *p;
        assert_true(flow_play(m->vm, &q, &mv[i], NULL, NULL) >= 0);
        int32_t v = q.over ? util(m, &q) : minimax_at(m, &q, depth + 1);
        if (p->to_move == SOUTH ? v > best : v < best)
            best = v;
    }
    return best;
}

static int32_t minimax(Mini *m, const Position *p)
{
    return minimax_at(m, p, 0);
}

static int32_t as_util(const Mini *m, SolveValue v)
{
    int32_t range = 2 * m->seeds + 1;
    return v.margin + (v.winner == WIN_SOUTH ? range : v.winner == WIN_NORTH ? -range : 0);
}

/* A position of `r` after lo..lo+span-1 random decisions, with at most
 * `board` seeds on the board: 1, or 0 if the game ended first, the seeds
 * are more, or a lot is due. */
static int late_position(Vm *vm, Rng *g, int lo, int span, int board, Position *p)
{
    flow_start(vm, p, NULL);
    int plies = lo + rng_below(g, span);
    for (int i = 0; i < plies && !p->over; i++) {
        Move mv[MAX_MOVES];
        int n = gen_moves(vm, p, mv);
        flow_play(vm, p, &mv[rng_below(g, n)], NULL, NULL);
    }
    int on_board = 0;
    for (int h = 0; h < vm->r->nholes; h++)
        on_board += p->count[h];
    return !p->over && !pos_chance(vm->r, p) && on_board <= board;
}

/* Random positions of `r` reached after 10..59 random decisions with at
 * most `board` seeds on the board: where the solver finds no cycle, its
 * value and each move's equal the plain minimax's. */
static void against_minimax(Rules *r, int board, int want)
{
    Vm vm;
    vm_init(&vm, r);
    Rng g;
    rng_seed(&g, 7);
    SolveResult *res = malloc(sizeof *res);
    assert_non_null(res);
    int checked = 0;
    for (int t = 0; t < 4000 && checked < want; t++) {
        Position p;
        if (!late_position(&vm, &g, 10, 50, board, &p))
            continue;
        solve_ok(r, &p, res);
        if (res->cyclic)
            continue;
        Mini m = { &vm, 0, 2000000, (int32_t)pos_seed_total(r, &p) };
        int32_t want_v = minimax(&m, &p);
        if (m.nodes > m.budget)
            continue;
        assert_int_equal(as_util(&m, res->value), want_v);
        Move mv[MAX_MOVES];
        int n = gen_moves(&vm, &p, mv);
        assert_int_equal(n, res->nmoves);
        for (int k = 0; k < n; k++) {
            Position q = p;
            flow_play(&vm, &q, &mv[k], NULL, NULL);
            m.nodes = 0;
            int32_t v = q.over ? util(&m, &q) : minimax(&m, &q);
            assert_true(m.nodes <= m.budget);
            assert_int_equal(as_util(&m, res->move_value[k]), v);
        }
        checked++;
    }
    print_message("%-12s %d positions agree with the minimax\n", r->name, checked);
    assert_int_equal(checked, want);
    free(res);
}

static void test_solve_equals_minimax(void **state)
{
    (void)state;
    /* all the positions in `make test-slow` (MANCALA_TEST_FULL set), a
     * third of them in `make test` */
    const int part = getenv("MANCALA_TEST_FULL") ? 1 : 3;
    Rules *r = test_builtin("kalah", NULL, 0);
    assert_non_null(r);
    against_minimax(r, 12, 40 / part);
    rules_free(r);
    r = test_builtin("bechi-2x3", NULL, 0);
    assert_non_null(r);
    against_minimax(r, 12, 15 / part);
    rules_free(r);
    r = test_builtin("andada", NULL, 0);
    assert_non_null(r);
    against_minimax(r, 5, 12 / part);
    rules_free(r);
    /* and from the start of Kalah with three holes and two seeds */
    r = resized("kalah", 3, 2);
    Vm vm;
    Position p;
    SolveResult *res = solve_start(r, &vm, &p);
    Mini m = { &vm, 0, 100000000, 12 };
    assert_int_equal(as_util(&m, res->value), minimax(&m, &p));
    assert_true(m.nodes <= m.budget);
    free(res);
    rules_free(r);
}

/* ---- against a naive solver ---------------------------------------------- */

typedef struct Naive {
    Vm *vm;
    Position *pos;
    int n, cap;
    int *first, *edge, nedge, ecap;   /* edge: a position, or -1 - index of a utility */
    int32_t *term;
    int nterm, tcap;
    int32_t seeds;
} Naive;

/* The position with what the solver ignores cleared: the ply count, who
 * moved last (the player not to move, as the solver takes it), and the
 * padding, which a copy need not keep. */
static Position plain(const Position *p)
{
    Position q;
    memset(&q, 0, sizeof q);
    memcpy(q.count, p->count, sizeof q.count);
    q.owner[0] = p->owner[0];
    memcpy(q.flags, p->flags, sizeof q.flags);
    q.out_of_play = p->out_of_play;
    memcpy(q.store, p->store, sizeof q.store);
    memcpy(q.total, p->total, sizeof q.total);
    q.removed = p->removed;
    q.round = p->round;
    q.to_move = p->to_move;
    q.starter = p->starter;
    q.last_mover = (uint8_t)!p->to_move;
    q.phase = p->phase;
    q.over = p->over;
    q.winner = p->winner;
    q.end = p->end;
    q.picks = p->picks;
    q.hand = p->hand;
    q.sowed = p->sowed;
    q.pick_rule = p->pick_rule;
    q.last_move = p->last_move;
    memcpy(q.reserve, p->reserve, sizeof q.reserve);
    memcpy(q.debt, p->debt, sizeof q.debt);
    q.lot = p->lot;
    memcpy(q.hand_from, p->hand_from, sizeof q.hand_from);
    memcpy(q.counter, p->counter, sizeof q.counter);
    return q;
}

static int naive_find(Naive *nv, const Position *p)
{
    Position q = plain(p);
    for (int i = 0; i < nv->n; i++)
        if (!memcmp(&nv->pos[i], &q, sizeof q))
            return i;
    if (nv->n == nv->cap) {
        nv->cap = nv->cap ? 2 * nv->cap : 256;
        nv->pos = realloc(nv->pos, (size_t)nv->cap * sizeof *nv->pos);
        assert_non_null(nv->pos);
    }
    nv->pos[nv->n] = q;
    return nv->n++;
}

static void naive_edge(Naive *nv, int e)
{
    if (nv->nedge == nv->ecap) {
        nv->ecap = nv->ecap ? 2 * nv->ecap : 1024;
        nv->edge = realloc(nv->edge, (size_t)nv->ecap * sizeof *nv->edge);
        assert_non_null(nv->edge);
    }
    nv->edge[nv->nedge++] = e;
}

static int32_t naive_util(const Naive *nv, const Position *q)
{
    Mini m = { NULL, 0, 0, nv->seeds };
    return util(&m, q);
}

/* South's utility at each position, as solve.h defines it, the plain
 * way: the components of the graph from a reachability matrix; a
 * component is valued once all its exits are: a position without a
 * cycle by its best move; the positions of a cycle each by the highest
 * threshold t (over the values of the exits and of the endless plays) at
 * which South forces t or more, or North cannot force less than t and
 * the endless play from it is worth t or more, the forcing found by
 * sweeps to a fixed point. */
static int32_t *naive_values(Naive *nv)
{
    Vm *vm = nv->vm;
    int fcap = 0;
    Move mv[MAX_MOVES];
    for (int i = 0; i <= nv->n; i++) {   /* nv->n grows as positions are found */
        if (i + 1 > fcap) {
            fcap = fcap ? 2 * fcap : 256;
            nv->first = realloc(nv->first, (size_t)fcap * sizeof *nv->first);
            assert_non_null(nv->first);
        }
        nv->first[i] = nv->nedge;
        if (i == nv->n)
            break;
        int n = gen_moves(vm, &nv->pos[i], mv);
        assert_true(n > 0);
        for (int k = 0; k < n; k++) {
            Position q = nv->pos[i];
            assert_true(flow_play(vm, &q, &mv[k], NULL, NULL) >= 0);
            if (q.over) {
                if (nv->nterm == nv->tcap) {
                    nv->tcap = nv->tcap ? 2 * nv->tcap : 256;
                    nv->term = realloc(nv->term, (size_t)nv->tcap * sizeof *nv->term);
                    assert_non_null(nv->term);
                }
                nv->term[nv->nterm] = naive_util(nv, &q);
                naive_edge(nv, -1 - nv->nterm++);
            } else {
                naive_edge(nv, naive_find(nv, &q));
            }
        }
    }
    const int n = nv->n;
    int32_t *endless = malloc((size_t)n * sizeof *endless), *val = malloc((size_t)n * sizeof *val);
    char *reach = calloc((size_t)n * (size_t)n, 1), *valued = calloc((size_t)n, 1);
    char *in = malloc((size_t)n), *in_s = malloc((size_t)n), *in_n = malloc((size_t)n);
    int *rep = malloc((size_t)n * sizeof *rep), *stack = malloc((size_t)n * sizeof *stack);
    assert_true(endless && val && reach && valued && in && in_s && in_n && rep && stack);
    for (int i = 0; i < n; i++) {
        Position q = nv->pos[i];
        assert_true(flow_endless(vm, &q) >= 0);
        endless[i] = naive_util(nv, &q);
    }
    /* reach[i * n + j]: j is reachable from i in one move or more */
    for (int i = 0; i < n; i++) {
        int sp = 0;
        stack[sp++] = i;
        while (sp) {
            int x = stack[--sp];
            for (int e = nv->first[x]; e < nv->first[x + 1]; e++) {
                int w = nv->edge[e];
                if (w >= 0 && !reach[(size_t)i * n + w]) {
                    reach[(size_t)i * n + w] = 1;
                    stack[sp++] = w;
                }
            }
        }
    }
    /* each position's component: the lowest position reachable both ways */
    for (int i = 0; i < n; i++) {
        rep[i] = i;
        for (int j = 0; j < i; j++)
            if (reach[(size_t)i * n + j] && reach[(size_t)j * n + i]) {
                rep[i] = j;
                break;
            }
    }
    /* value a component once every way out of it is valued; again and
     * again until all are */
    for (int left = n; left;) {
        int progress = 0;
        for (int c = 0; c < n; c++) {
            if (rep[c] != c || valued[c])
                continue;
            int ready = 1, size = 0;
            for (int i = 0; i < n && ready; i++) {
                if (rep[i] != c)
                    continue;
                size++;
                for (int e = nv->first[i]; e < nv->first[i + 1]; e++) {
                    int w = nv->edge[e];
                    if (w >= 0 && rep[w] != c && !valued[w])
                        ready = 0;
                }
            }
            if (!ready)
                continue;
            progress = 1;
            if (size == 1 && !reach[(size_t)c * n + c]) {   /* no cycle: the best move */
                int32_t best = nv->pos[c].to_move == SOUTH ? INT32_MIN : INT32_MAX;
                for (int e = nv->first[c]; e < nv->first[c + 1]; e++) {
                    int w = nv->edge[e];
                    int32_t v = w < 0 ? nv->term[-1 - w] : val[w];
                    if (nv->pos[c].to_move == SOUTH ? v > best : v < best)
                        best = v;
                }
                val[c] = best;
                valued[c] = 1;
                left--;
                continue;
            }
            /* a cycle: every threshold, highest first, found by a plain scan
             * of the values of its exits and of its endless plays */
            memset(in, 0, (size_t)n);
            for (int32_t t = INT32_MAX;;) {
                int32_t next = INT32_MIN;
                int any = 0;
                for (int i = 0; i < n; i++) {
                    if (rep[i] != c)
                        continue;
                    if (endless[i] < t && (!any || endless[i] > next))
                        next = endless[i], any = 1;
                    for (int e = nv->first[i]; e < nv->first[i + 1]; e++) {
                        int w = nv->edge[e];
                        if (w >= 0 && rep[w] == c)
                            continue;
                        int32_t v = w < 0 ? nv->term[-1 - w] : val[w];
                        if (v < t && (!any || v > next))
                            next = v, any = 1;
                    }
                }
                if (!any)
                    break;
                t = next;
                for (int side = 0; side < 2; side++) {   /* South >= t, North < t */
                    char *set = side ? in_n : in_s;
                    memset(set, 0, (size_t)n);
                    for (int changed = 1; changed;) {
                        changed = 0;
                        for (int i = 0; i < n; i++) {
                            if (rep[i] != c || set[i])
                                continue;
                            int some = 0, all = 1;
                            for (int e = nv->first[i]; e < nv->first[i + 1]; e++) {
                                int w = nv->edge[e];
                                int good = w >= 0 && rep[w] == c ? set[w]
                                         : ((w < 0 ? nv->term[-1 - w] : val[w]) >= t) == !side;
                                some |= good;
                                all &= good;
                            }
                            if (nv->pos[i].to_move == side ? some : all) {
                                set[i] = 1;
                                changed = 1;
                            }
                        }
                    }
                }
                for (int i = 0; i < n; i++)
                    if (rep[i] == c && !in[i] && (in_s[i] || (!in_n[i] && endless[i] >= t))) {
                        in[i] = 1;
                        val[i] = t;
                    }
            }
            for (int i = 0; i < n; i++)
                if (rep[i] == c) {
                    assert_true(in[i]);
                    valued[i] = 1;
                    left--;
                }
        }
        assert_true(progress);
    }
    free(endless);
    free(reach);
    free(valued);
    free(in);
    free(in_s);
    free(in_n);
    free(rep);
    free(stack);
    return val;
}

static void against_naive(Rules *r, int max_positions)
{
    Vm vm;
    Position p;
    SolveResult *res = solve_start(r, &vm, &p);
    assert_true(res->positions <= (uint64_t)max_positions);
    Naive nv = { &vm, NULL, 0, 0, NULL, NULL, 0, 0, NULL, 0, 0, (int32_t)pos_seed_total(r, &p) };
    naive_find(&nv, &p);
    int32_t *val = naive_values(&nv);
    assert_int_equal(res->positions, (uint64_t)nv.n);
    Mini m = { NULL, 0, 0, nv.seeds };
    assert_int_equal(as_util(&m, res->value), val[0]);
    for (int k = 0; k < res->nmoves; k++) {
        int w = nv.edge[nv.first[0] + k];
        assert_int_equal(as_util(&m, res->move_value[k]), w < 0 ? nv.term[-1 - w] : val[w]);
    }
    const uint64_t cyclic = res->cyclic;
    /* every position solved as a root has the value the naive solver
     * gave it (what is reachable from it is valued alike) */
    for (int i = 1; i < nv.n; i++) {
        solve_ok(r, &nv.pos[i], res);
        assert_int_equal(as_util(&m, res->value), val[i]);
    }
    print_message("%-12s %d positions, %llu on cycles: the naive solver agrees on each\n", r->name, nv.n,
                  (unsigned long long)cyclic);
    assert_true(cyclic > 0);
    free(val);
    free(nv.pos);
    free(nv.first);
    free(nv.edge);
    free(nv.term);
    free(res);
}

static void test_solve_equals_naive_with_cycles(void **state)
{
    (void)state;
    static const struct { const char *name; int holes, seeds; } games[] = {
        { "oware", 3, 1 }, { "awari", 3, 1 }, { "bohnenspiel", 3, 1 }, { "bohnenspiel", 5, 1 }, { "oware", 2, 2 },
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        Rules *r = resized(games[i].name, games[i].holes, games[i].seeds);
        against_naive(r, 5000);
        rules_free(r);
    }
}

/* The search method (solvesearch.c) against the listing method, on a
 * game without cycles: the same value; each move it calls best has the
 * value, and each other one a true bound that excludes it. */
static void search_agrees(Rules *r, const Position *p, SolveResult *a, SolveResult *b, int apart)
{
    char err[200] = "";
    solve_ok(r, p, a);
    /* one thread, or two sharing the table: the same value */
    SolveOpts o = { (size_t)64 << 20, NULL, NULL, NULL, 1 + apart, apart, NULL, NULL, 0 };
    if (solve_search(r, p, &o, b, err, sizeof err) != MC_OK)
        fail_msg("solve_search: %s", err);
    Mini m = { NULL, 0, 0, (int32_t)pos_seed_total(r, p) };
    const int32_t v = as_util(&m, a->value);
    assert_int_equal(as_util(&m, b->value), v);
    assert_int_equal(a->nmoves, b->nmoves);
    assert_true(b->searched);
    for (int k = 0; k < a->nmoves; k++) {
        int32_t exact = as_util(&m, a->move_value[k]), got = as_util(&m, b->move_value[k]);
        if (!b->move_bound[k])
            assert_int_equal(got, v);   /* a best move */
        else if (b->move_bound[k] > 0)   /* South's, worse: at most `got`, below v */
            assert_true(exact <= got && got < v);
        else
            assert_true(exact >= got && got > v);
        assert_int_equal(exact == v, !b->move_bound[k]);
    }
    /* the line ends the game, each move keeping the value */
    assert_int_equal(b->line_end, 0);
    Vm vm;
    vm_init(&vm, r);
    Position q = *p;
    for (int i = 0; i < b->nline; i++) {
        assert_int_equal(q.to_move, b->line_mover[i]);
        Move mv[MAX_MOVES];
        int n = gen_moves(&vm, &q, mv);
        char tok[32];
        tok_write(r, &b->line[i], tok, sizeof tok);
        int k = tok_find(r, mv, n, tok);
        assert_true(k >= 0);
        assert_true(flow_play(&vm, &q, &mv[k], NULL, NULL) >= 0);
    }
    assert_true(q.over);
    assert_int_equal(solve_utility(m.seeds, &q), v);
}

static void test_solve_search_equals_listing(void **state)
{
    (void)state;
    SolveResult *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_true(a && b);
    static const int sizes[][2] = { { 3, 3 }, { 4, 2 }, { 2, 6 }, { 5, 1 } };
    static const char *const empty[] = { "capture-empty-opposite=true" };
    for (int e = 0; e < 2; e++)
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
            /* the second time with the other capture rule */
            Rules *r = resized_with("kalah", sizes[i][0], sizes[i][1], empty, e);
            Vm vm;
            vm_init(&vm, r);
            Position p;
            flow_start(&vm, &p, NULL);
            search_agrees(r, &p, a, b, 0);
            search_agrees(r, &p, a, b, 1);
            rules_free(r);
        }
    /* random late positions of the full game */
    Rules *r = test_builtin("kalah", NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    Rng g;
    rng_seed(&g, 11);
    int checked = 0;
    for (int t = 0; t < 400 && checked < 30; t++) {
        Position p;
        if (!late_position(&vm, &g, 20, 30, 10, &p))
            continue;
        search_agrees(r, &p, a, b, 0);
        search_agrees(r, &p, a, b, 1);
        checked++;
    }
    print_message("kalah        %d late positions: search and listing agree\n", checked);
    assert_int_equal(checked, 30);
    rules_free(r);
    free(a);
    free(b);
}

static void test_solve_refusals(void **state)
{
    (void)state;
    SolveResult *res = malloc(sizeof *res);
    assert_non_null(res);
    char err[200];
    /* the memory bound */
    Rules *r = test_builtin("kalah", NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    Position p;
    flow_start(&vm, &p, NULL);
    SolveOpts small = { (size_t)1 << 20, NULL, NULL, NULL, 1, 0, NULL, NULL, 0 };
    assert_int_equal(solve_position(r, &p, &small, res, err, sizeof err), MC_ENOMEM);
    assert_non_null(strstr(err, "more than the 1 MB allowed"));
    /* a stop asked for */
    volatile sig_atomic_t stop = 1;
    SolveOpts stopped = { (size_t)64 << 20, NULL, NULL, &stop, 1, 0, NULL, NULL, 0 };
    assert_int_equal(solve_position(r, &p, &stopped, res, err, sizeof err), MC_EINTR);
    rules_free(r);
    /* a lot: who begins Tuz is drawn */
    r = test_builtin("tuz", NULL, 0);
    assert_non_null(r);
    vm_init(&vm, r);
    flow_start(&vm, &p, NULL);
    assert_true(pos_chance(r, &p));
    assert_int_equal(solve_position(r, &p, &OPTS, res, err, sizeof err), MC_EINVAL);
    assert_non_null(strstr(err, "decided by lot"));
    rules_free(r);
    free(res);
}

/* Checkpoints: Kalah with 3 holes of 4 seeds, stopped by the memory
 * bound twice and by a stop asked for, each time kept in a file and gone
 * on from it, ends with the value, moves, counts and line of a solve
 * from scratch; the file is removed once solved. A damaged file, or one
 * of another variant, is refused. */
static void test_solve_checkpoint(void **state)
{
    (void)state;
    char path[64] = "/tmp/mancala-ckpt-XXXXXX", err[4400];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
    Rules *r = resized("kalah", 3, 4);
    Vm vm;
    Position p;
    SolveResult *fresh = solve_start(r, &vm, &p), *res = malloc(sizeof *res);
    assert_non_null(res);
    assert_true(fresh->positions > 200000);   /* 13 MB of tables */
    SolveOpts o = { (size_t)3 << 20, NULL, NULL, NULL, 1, 0, path, NULL, 0 };
    assert_int_equal(solve_position(r, &p, &o, res, err, sizeof err), MC_ENOMEM);
    assert_int_equal(res->saved, 1);
    assert_int_equal(access(path, R_OK), 0);
    o.memory = (size_t)6 << 20;   /* further, and stopped again */
    assert_int_equal(solve_position(r, &p, &o, res, err, sizeof err), MC_ENOMEM);
    assert_true(res->resumed > 0);
    volatile sig_atomic_t stop = 1;
    o.memory = (size_t)64 << 20;
    o.stop = &stop;
    assert_int_equal(solve_position(r, &p, &o, res, err, sizeof err), MC_EINTR);
    assert_int_equal(res->saved, 1);
    /* of another variant */
    Rules *other = resized("kalah", 3, 2);
    Position q;
    Vm vq;
    vm_init(&vq, other);
    flow_start(&vq, &q, NULL);
    o.stop = NULL;
    assert_int_equal(solve_position(other, &q, &o, res, err, sizeof err), MC_EINVAL);
    assert_non_null(strstr(err, "another"));
    rules_free(other);
    /* gone on to the end */
    assert_int_equal(solve_position(r, &p, &o, res, err, sizeof err), MC_OK);
    assert_true(res->resumed > 0);
    assert_int_equal(res->positions, fresh->positions);
    assert_int_equal(res->edges, fresh->edges);
    assert_int_equal(res->value.winner, fresh->value.winner);
    assert_int_equal(res->value.margin, fresh->value.margin);
    assert_int_equal(res->nmoves, fresh->nmoves);
    for (int k = 0; k < res->nmoves; k++)
        assert_int_equal(res->move_value[k].margin, fresh->move_value[k].margin);
    assert_int_equal(res->nline, fresh->nline);
    assert_int_not_equal(access(path, F_OK), 0);
    /* a damaged one */
    o.memory = (size_t)3 << 20;
    assert_int_equal(solve_position(r, &p, &o, res, err, sizeof err), MC_ENOMEM);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 400, SEEK_SET);
    int c = fgetc(f);
    fseek(f, 400, SEEK_SET);
    fputc(c ^ 1, f);
    fclose(f);
    assert_int_equal(solve_position(r, &p, &o, res, err, sizeof err), MC_EINVAL);
    assert_non_null(strstr(err, "checksum"));
    unlink(path);
    free(res);
    free(fresh);
    rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_checkpoint),
        cmocka_unit_test(test_solve_kalah_by_hand),
        cmocka_unit_test(test_solve_loop_by_hand),
        cmocka_unit_test(test_solve_equals_minimax),
        cmocka_unit_test(test_solve_equals_naive_with_cycles),
        cmocka_unit_test(test_solve_search_equals_listing),
        cmocka_unit_test(test_solve_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

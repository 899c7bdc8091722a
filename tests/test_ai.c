/* test_ai: computer players (interpreter/ai.c).
 * - settings parse, and bad ones are refused;
 * - alphabeta at a fixed depth agrees with a plain minimax written here
 *   (no pruning, no table) on random positions of several variants;
 * - in positions where that minimax finds a forced win within 3
 *   decisions (and none in 1), alphabeta and greedy are compared: the
 *   alphabeta move must keep the forced win;
 * - every player returns a legal move. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai.h"
#include "builtin.h"
#include "rng.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"


/* Plain minimax (negamax form) to `depth` decisions, same scoring as the
 * player: wins by distance, else the static evaluation. */
static int64_t minimax(Vm *vm, const Position *p, int depth, int ply)
{
    const Rules *r = vm->r;
    if (p->over) {
        if (p->winner == WIN_DRAW || p->winner == WIN_NONE)
            return 0;
        return p->winner == p->to_move ? AI_WIN - ply : -AI_WIN + ply;
    }
    if (depth == 0)
        return ai_evaluate(r, p, p->to_move);
    Move m[MAX_MOVES];
    int n = gen_moves(vm, p, m);
    if (!n)
        return ai_evaluate(r, p, p->to_move);
    int64_t best = -INT64_MAX;
    for (int i = 0; i < n; i++) {
        Position q = *p;
        flow_play(vm, &q, &m[i], NULL, NULL);
        int64_t v;
        if (q.over)
            v = q.winner == WIN_DRAW || q.winner == WIN_NONE ? 0
              : q.winner == p->to_move ? AI_WIN - (ply + 1) : -AI_WIN + (ply + 1);
        else if (q.to_move == p->to_move)
            v = minimax(vm, &q, depth - 1, ply + 1);
        else
            v = -minimax(vm, &q, depth - 1, ply + 1);
        if (v > best)
            best = v;
    }
    return best;
}

/* The minimax value of playing move i at p. */
static int64_t value_of(Vm *vm, const Position *p, int i, int depth)
{
    Move m[MAX_MOVES];
    gen_moves(vm, p, m);
    Position q = *p;
    flow_play(vm, &q, &m[i], NULL, NULL);
    if (q.over)
        return q.winner == WIN_DRAW || q.winner == WIN_NONE ? 0 : q.winner == p->to_move ? AI_WIN - 1 : -AI_WIN + 1;
    return q.to_move == p->to_move ? minimax(vm, &q, depth - 1, 1) : -minimax(vm, &q, depth - 1, 1);
}

static void test_ai_parse(void **state)
{
    (void)state;
    AiSpec s;
    char err[300];
    assert_true(ai_parse("alphabeta:time=0.05", &s, err, sizeof err));
    assert_int_equal(s.kind, AI_ALPHABETA);
    assert_true(s.time > 0.049 && s.time < 0.051);
    assert_true(ai_parse("mcts:playouts=2000:c=0.7", &s, err, sizeof err));
    assert_int_equal(s.playouts, 2000);
    assert_true(ai_parse("alphabeta:depth=4", &s, err, sizeof err));
    assert_int_equal(s.depth, 4);
    assert_true(ai_parse("human", &s, err, sizeof err));
    assert_int_equal(s.kind, AI_HUMAN);
    assert_false(ai_parse("wizard", &s, err, sizeof err));
    assert_non_null(strstr(err, "unknown player"));
    assert_false(ai_parse("alphabeta:time=-1", &s, err, sizeof err));
    assert_false(ai_parse("alphabeta:playouts=3", &s, err, sizeof err));
    assert_false(ai_parse("random:time=1", &s, err, sizeof err));
    assert_false(ai_parse("mcts:c", &s, err, sizeof err));
}

/* Random positions reached by random play from the start. */
static int random_position(Vm *vm, Rng *g, int plies, Position *out)
{
    Position p;
    flow_start(vm, &p, NULL);
    for (int i = 0; i < plies && !p.over; i++) {
        Move m[MAX_MOVES];
        int n = gen_moves(vm, &p, m);
        if (!n)
            break;
        flow_play(vm, &p, &m[rng_below(g, n)], NULL, NULL);
    }
    *out = p;
    return !p.over;
}

static void check_variant(const char *name, int depth, int tries)
{
    Rules *r = test_builtin(name, NULL, 0);
    assert_non_null(r);
    Vm machine, *vm = &machine;
    vm_init(vm, r);
    Rng g;
    rng_seed(&g, 99);
    AiSpec spec;
    char err[200];
    char text[64];
    snprintf(text, sizeof text, "alphabeta:depth=%d", depth);
    assert_true(ai_parse(text, &spec, err, sizeof err));
    int forced = 0, checked = 0;
    for (int t = 0; t < tries; t++) {
        Position p;
        if (!random_position(vm, &g, 4 + rng_below(&g, 60), &p))
            continue;
        Ai *ai = ai_new(r, &spec, (uint64_t)t);
        assert_non_null(ai);
        AiStats st;
        int k = ai_choose(ai, &p, &st, NULL);
        Move m[MAX_MOVES];
        int n = gen_moves(vm, &p, m);
        assert_true(k >= 0 && k < n);
        int64_t want = minimax(vm, &p, depth, 0);
        int64_t got = value_of(vm, &p, k, depth);
        if (n > 1 && got != want)
            fail_msg("%s try %d: alphabeta's move is worth %lld, the best %lld", name, t,
                     (long long)got, (long long)want);
        checked++;
        /* a forced win within 3 decisions, none in 1 */
        if (want >= AI_WIN - 3 && minimax(vm, &p, 1, 0) < AI_WIN - 1) {
            forced++;
            assert_true(got >= AI_WIN - 3);
        }
        ai_free(ai);
    }
    print_message("%-12s %d positions, %d with a forced win in 2..3 decisions\n", name, checked, forced);
    assert_true(checked > tries / 2);
    rules_free(r);
}

static void test_ai_alphabeta_equals_minimax(void **state)
{
    (void)state;
    check_variant("kalah", 3, 150);
    check_variant("oware", 3, 150);
    check_variant("bohnenspiel", 3, 150);
    check_variant("bechi", 3, 150);
    check_variant("andada", 3, 100);
}

static void test_ai_every_player_returns_legal_moves(void **state)
{
    (void)state;
    const char *specs[] = { "random", "greedy", "alphabeta:depth=2", "mcts:playouts=30" };
    const char *variants[] = { "bechi", "bechi-2x3", "hufesay", "ba-awa", "bohnenspiel", "andada", "oware", "kalah" };
    Rng g;
    rng_seed(&g, 5);
    for (size_t v = 0; v < sizeof variants / sizeof *variants; v++) {
        Rules *r = test_builtin(variants[v], NULL, 0);
        assert_non_null(r);
        Vm machine, *vm = &machine;
        vm_init(vm, r);
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
            AiSpec spec;
            char err[200];
            assert_true(ai_parse(specs[s], &spec, err, sizeof err));
            Ai *ai = ai_new(r, &spec, 1);
            for (int t = 0; t < 20; t++) {
                Position p;
                if (!random_position(vm, &g, rng_below(&g, 80), &p))
                    continue;
                Move m[MAX_MOVES];
                int n = gen_moves(vm, &p, m);
                AiStats st;
                int k = ai_choose(ai, &p, &st, NULL);
                if (k < 0 || k >= n)
                    fail_msg("%s %s: move %d of %d", variants[v], specs[s], k, n);
            }
            ai_free(ai);
        }
        rules_free(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ai_parse),
        cmocka_unit_test(test_ai_alphabeta_equals_minimax),
        cmocka_unit_test(test_ai_every_player_returns_legal_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

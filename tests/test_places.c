/* test_places: a `sowing.per-hole` worked out at each place (it reads
 * `hole`), the seeds the last place received (`dropped`), the extra turn
 * the next move is (`extra`: set by `extra-turn`, cleared by a pass, kept
 * in JSON positions), and last(S). Expected boards are worked out by hand
 * in the comments; holes are numbered 1..6 (South 1-3, North 4-6), South's
 * store after 3 on his track. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "endgameint.h"
#include "json.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"
#include "gamelib.h"

/* Two seeds into an empty hole, one into a hole holding seeds; the
 * mover's store (on his track) takes one. The mover sows again when the
 * last place was empty before its seeds fell. */
static const char places[] =
    "game: places\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: on-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  stores: own\n"
    "  per-hole: if hole.count == 0 then 2 else 1\n"
    "extra-turn: last.count == dropped\n";

/* South 1 (5 seeds): 2 is empty, two seeds (hand 3); 3 holds one, one
 * (2; hand 2); the store, one (1; hand 1); 4 is empty but one seed is
 * left: one. Board [0,2,2, 1,0,0], store 1. The last place, 4, holds the
 * one seed it received: it was empty, South sows again. */
static void test_places_per_place(void **state)
{
    (void)state;
    static const int want[] = { 0, 2, 2, 1, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, places, mode, "{\"board\": [5,0,1, 0,0,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.store[SOUTH], 1);
        assert_int_equal(g.p.to_move, SOUTH);
        game_end(&g);
    }
}

/* South 3 (2 seeds): the store takes one (not two, though it is empty:
 * a store takes one), 4 holds one and gets one (2). The last place held
 * seeds before: North moves. Board [0,0,0, 2,0,0], store 1. */
static void test_places_store_takes_one(void **state)
{
    (void)state;
    static const int want[] = { 0, 0, 0, 2, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, places, mode, "{\"board\": [0,0,2, 1,0,1], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "3");
        counts_are(&g.p, want, 3);
        assert_int_equal(g.p.count[3], 2);
        assert_int_equal(g.p.store[SOUTH], 1);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* The sowing goes on once in a turn: `extra` is true in the move an
 * extra turn gives. A player without seeds passes (his turn ends). */
static const char once[] =
    "game: once\n"
    "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "extra-turn: last.count == 1 and not extra\n"
    "no-moves: {pass: true}\n";

/* South 1 into the empty 2: an extra turn (JSON last_move.extra true);
 * South 2 into the empty 3: it would give one, but this move is extra:
 * North moves, last_move.extra false. */
static void test_places_extra_once(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, once, mode, "{\"board\": [1,0,0, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\"}");
        assert_true(g.r->uses_extra);
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.to_move, SOUTH);
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"extra\":true"));
        Position q;
        char err[200];
        assert_true(pos_from_json(g.r, js, strlen(js), &q, err, sizeof err));
        assert_int_equal(q.last_move & LM_EXTRA, LM_EXTRA);
        free(js);
        play(&g.vm, &g.p, &g.h, "2");
        assert_int_equal(g.p.count[2], 1);
        assert_int_equal(g.p.to_move, NORTH);
        js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"extra\":false"));
        free(js);
        game_end(&g);
    }
}

/* South 3 into North's empty 4: an extra turn, but South has no seeds
 * left and passes. North's turn begins: not extra, so North 5 into the
 * empty 6 gives him an extra turn. */
static void test_places_pass_ends_turn(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, once, mode, "{\"board\": [0,0,1, 0,1,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "3");
        assert_int_equal(g.p.to_move, NORTH);
        assert_int_equal(g.p.last_move & LM_EXTRA, 0);
        play(&g.vm, &g.p, &g.h, "5");
        assert_int_equal(g.p.count[5], 1);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* A position read with last_move.extra: the move to make is extra, and
 * gives no other extra turn. */
static void test_places_extra_from_json(void **state)
{
    (void)state;
    Game g;
    game_at(&g, once, MC_LOAD_PLANNED,
            "{\"board\": [1,0,0, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\", \"last_mover\": \"south\", "
            "\"last_move\": {\"extra\": true}}");
    play(&g.vm, &g.p, &g.h, "1");
    assert_int_equal(g.p.to_move, NORTH);
    game_end(&g);
}

/* Endgame databases do not keep whether a move is extra: a variant whose
 * rules read it is refused. */
static void test_places_no_endgame(void **state)
{
    (void)state;
    Game g;
    game_start(&g, once, MC_LOAD_PLANNED);
    char err[200];
    assert_int_equal(eg_shape_ok(g.r, &g.p, err, sizeof err), MC_EINVAL);
    assert_non_null(strstr(err, "`extra`"));
    game_end(&g);
    game_start(&g, places, MC_LOAD_PLANNED);
    assert_int_equal(eg_shape_ok(g.r, &g.p, err, sizeof err), MC_OK);
    game_end(&g);
}

/* last(S) on a board of more than 64 holes (two rows of 40): the game
 * ends when North's highest-numbered hole holding seeds is his last, 80.
 * South 1 (1 seed) into 2; with seeds in 80 it ends, with them in 79 it
 * does not. */
static void test_places_last_of_set(void **state)
{
    (void)state;
    static const char wide[] =
        "game: wide\n"
        "board: {rows: 2, holes: 40, seeds: 0, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "end:\n"
        "  - when: last(row(north) where hole.count > 0).number == 80\n"
        "    seeds: owners\n";
    char pos[600];
    for (int at = 79; at <= 80; at++) {
        int n = snprintf(pos, sizeof pos, "{\"board\": [1");
        for (int h = 2; h <= 80; h++)
            n += snprintf(pos + n, sizeof pos - (size_t)n, ",%d", h == at || h == 41 ? 1 : 0);
        snprintf(pos + n, sizeof pos - (size_t)n, "], \"stores\": [0,0], \"to_move\": \"south\"}");
        Game g;
        game_at(&g, wide, MC_LOAD_PLANNED, pos);
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.over, at == 80);
        game_end(&g);
    }
}

static void test_places_refused(void **state)
{
    (void)state;
    static const char base[] =
        "game: bad\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
        "moves:\n"
        "  direction: ccw\n"
        "# the rest\n";
    static const char *const bad[][2] = {
        { "  from: hole.count > dropped\n", "`dropped` is not available here" },
        { "  from: hole.count > 0\nsowing: {per-hole: last.count}\n", "`last` is not available here" },
        { "  from: hole.count > 0\nsowing: {per-hole: extra}\n", "number" },
        { "  from: last(hole)\n", "last" },
    };
    refused_files(base, "# the rest\n", bad, sizeof bad / sizeof *bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_places_per_place),
        cmocka_unit_test(test_places_store_takes_one),
        cmocka_unit_test(test_places_extra_once),
        cmocka_unit_test(test_places_pass_ends_turn),
        cmocka_unit_test(test_places_extra_from_json),
        cmocka_unit_test(test_places_no_endgame),
        cmocka_unit_test(test_places_last_of_set),
        cmocka_unit_test(test_places_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_counters: per-player counters (`board.counters`, read as
 * `PLAYER.NAME`, changed by a `set` change `{counter, value, of}`): a
 * capture that depends on the mover's count of captures, whose counter
 * is changed, values cut to 0..30000, counters read and written in JSON,
 * the repetition rule telling positions apart by them, a new round
 * setting them to 0, a swap of sides leaving each player his own, the
 * loader's refusals, perft on both VM paths. Expected positions are
 * worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "json.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"
#include "gamelib.h"

/* 2x3 (South 1-3, North 4-6); a last seed in the opponent's row takes
 * its hole when the hole then holds two more seeds than the mover has
 * captures so far; each capture counts one. */
#define BASE                                                              \
    "game: counters\n"                                                    \
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, counters: [caught]}\n" \
    "moves:\n"                                                            \
    "  from: hole.owner == mover and hole.count > 0\n"                    \
    "  direction: ccw\n"                                                  \
    "captures:\n"                                                         \
    "  - when: last.owner == opponent and last.count == mover.caught + 2\n" \
    "    take: last\n"                                                    \
    "    to: mover\n"

static const char counted[] = BASE "    set: {counter: caught, value: mover.caught + 1}\n";

/* South [0,0,2], North [1,1,1]: 3 drops into 4 (2) and 5 (2): the last,
 * 5, holds 0 + 2: taken, South's count 1. From the same board with
 * South's count at 1 the hole must hold 3: nothing taken, the count
 * stays 1. */
static void test_counter_capture(void **state)
{
    (void)state;
    static const int taken[] = { 0, 0, 0, 2, 0, 1 };
    static const int kept[] = { 0, 0, 0, 2, 2, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, counted, mode, "{\"board\": [0,0,2, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "3");
        counts_are(&g.p, taken, 6);
        assert_int_equal(g.p.store[SOUTH], 2);
        assert_int_equal(g.p.counter[SOUTH][0], 1);
        assert_int_equal(g.p.counter[NORTH][0], 0);
        game_end(&g);
        game_at(&g, counted, mode,
                "{\"board\": [0,0,2, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\", \"counters\": {\"caught\": [1,0]}}");
        play(&g.vm, &g.p, &g.h, "3");
        counts_are(&g.p, kept, 6);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.counter[SOUTH][0], 1);
        game_end(&g);
    }
}

/* `of` names whose counter; values are cut to 0..30000: a capture that
 * sets the opponent's counter to 40000 leaves 30000, one that sets the
 * mover's to -5 leaves 0. */
static void test_counter_of_and_cut(void **state)
{
    (void)state;
    static const char text[] = BASE
        "    set:\n"
        "      - {counter: caught, of: opponent, value: 40000}\n"
        "      - {counter: caught, value: -5}\n";
    Game g;
    game_at(&g, text, MC_LOAD_PLANNED,
            "{\"board\": [0,0,2, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\", \"counters\": {\"caught\": [0,7]}}");
    play(&g.vm, &g.p, &g.h, "3");
    assert_int_equal(g.p.counter[NORTH][0], 30000);
    assert_int_equal(g.p.counter[SOUTH][0], 0);
    game_end(&g);
}

/* JSON: written as {"caught": [S, N]} and read back; a position that
 * differs only in a counter is another position for the repetition
 * rule; fields in error are refused. */
static void test_counter_json(void **state)
{
    (void)state;
    Game g;
    game_at(&g, counted, MC_LOAD_PLANNED,
            "{\"board\": [0,0,2, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\", \"counters\": {\"caught\": [3,4]}}");
    assert_int_equal(g.p.counter[SOUTH][0], 3);
    assert_int_equal(g.p.counter[NORTH][0], 4);
    char *js = pos_to_json(&g.vm, &g.p);
    assert_non_null(strstr(js, "\"counters\":{\"caught\":[3,4]}"));
    free(js);
    Position q = g.p;
    q.counter[NORTH][0] = 5;
    assert_false(hist_same(g.r, &g.p, &q));
    assert_true(hist_hash(g.r, &g.p) != hist_hash(g.r, &q));
    q.counter[NORTH][0] = 4;
    assert_true(hist_same(g.r, &g.p, &q));
    static const char *const bad[][2] = {
        { "{\"board\": [0,0,2, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\", \"counters\": {\"x\": [1,0]}}",
          "no counter `x` in this variant" },
        { "{\"board\": [0,0,2, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\", \"counters\": {\"caught\": [1]}}",
          "`caught` must be [S, N], each 0..30000" },
        { "{\"board\": [0,0,2, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\", \"counters\": {\"caught\": [1,30001]}}",
          "`caught` must be [S, N], each 0..30000" },
        { "{\"board\": [0,0,2, 1,1,1], \"stores\": [0,0], \"to_move\": \"south\", \"counters\": [1]}",
          "field `counters`: expected" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        Position p;
        char err[256];
        assert_int_equal(pos_from_json(g.r, bad[i][0], strlen(bad[i][0]), &p, err, sizeof err), 0);
        if (!strstr(err, bad[i][1]))
            fail_msg("%s: got \"%s\"", bad[i][0], err);
    }
    game_end(&g);
}

/* A match: a round ends when a row is empty; the next is set up afresh
 * and the counters start at 0 again. South [0,0,1], North [1,0,0],
 * counts [2,1]: 3 drops into 4 (2): 4 holds 2, not 2 + 2: nothing taken;
 * South's row is empty: the round ends; round 2 starts with [2,2,2,
 * 2,2,2] and both counters 0. */
static void test_counter_new_round(void **state)
{
    (void)state;
    static const char text[] = BASE
        "    set: {counter: caught, value: mover.caught + 1}\n"
        "end:\n"
        "  - when: seeds(row(south)) == 0 or seeds(row(north)) == 0\n"
        "    seeds: owners\n"
        "match:\n"
        "  max-rounds: 5\n"
        "  next: reset\n"
        "  points: player.store\n"
        "  over: south.total >= 40 or north.total >= 40\n"
        "  score: player.total\n";
    static const int fresh[] = { 2, 2, 2, 2, 2, 2 };
    Game g;
    game_at(&g, text, MC_LOAD_PLANNED,
            "{\"board\": [0,0,1, 1,0,0], \"stores\": [5,5], \"to_move\": \"south\", \"counters\": {\"caught\": [2,1]}}");
    play(&g.vm, &g.p, &g.h, "3");
    assert_int_equal(g.p.round, 2);
    counts_are(&g.p, fresh, 6);
    assert_int_equal(g.p.counter[SOUTH][0], 0);
    assert_int_equal(g.p.counter[NORTH][0], 0);
    game_end(&g);
}

/* A swap of sides (moves.swap) turns the board round, but each player
 * keeps his counters. */
static void test_counter_swap(void **state)
{
    (void)state;
    static const char text[] =
        "game: counters-swap\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, counters: [caught]}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "  swap: true\n";
    Game g;
    game_at(&g, text, MC_LOAD_PLANNED,
            "{\"board\": [1,2,3, 4,5,6], \"stores\": [0,0], \"to_move\": \"south\", \"counters\": {\"caught\": [3,4]}}");
    play(&g.vm, &g.p, &g.h, "swap");
    static const int turned[] = { 4, 5, 6, 1, 2, 3 };
    counts_are(&g.p, turned, 6);
    assert_int_equal(g.p.counter[SOUTH][0], 3);
    assert_int_equal(g.p.counter[NORTH][0], 4);
    game_end(&g);
}

/* perft from the start: the same on both VM paths. From [2,2,2, 2,2,2]
 * South's three moves; after each North's three: 9 at depth 2. */
static void test_counter_perft(void **state)
{
    (void)state;
    uint64_t nodes[2][6] = { { 0 } };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        for (int d = 1; d <= 6; d++) {
            Game g;
            game_start(&g, counted, mode);
            assert_int_equal(perft_count(&g.vm, &g.p, &g.h, d, &nodes[mode == MC_LOAD_GENERAL][d - 1]), MC_OK);
            game_end(&g);
        }
    }
    assert_int_equal(nodes[0][0], 3);
    assert_int_equal(nodes[0][1], 9);
    for (int d = 0; d < 6; d++)
        assert_int_equal(nodes[0][d], nodes[1][d]);
}

/* What the loader refuses. */
static void test_counter_refused(void **state)
{
    (void)state;
    static const char *const bad_sets[][2] = {
        { "    set: {counter: nope, value: 1}\n", "`counter` must name a counter of `board.counters`" },
        { "    set: {counter: caught}\n", "`counter` and `value` go together" },
        { "    set: {value: 1, owner: mover}\n", "`counter` and `value` go together" },
        { "    set: {counter: caught, value: hole.count}\n", "hole" },
        { "    set: {counter: caught, value: true}\n", "expected a number" },
        { "    set: {counter: caught, value: 1, of: 3}\n", "expected a player" },
        { "    set: {of: mover, owner: mover}\n", "`counter` and `value` go together" },
    };
    refused_files(counted, "    set:", bad_sets, sizeof bad_sets / sizeof *bad_sets);
#define B(list) "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, counters: " list "}\n" \
                  "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    static const char *const bad_boards[][2] = {
        { B("[a, b, c, d, e]"), "too many counters (at most 4)" },
        { B("[store]"), "counter name `store` must be a name" },
        { B("[and]"), "counter name `and` must be a name" },
        { B("[a, a]"), "counter name `a` must be a name" },
        { B("caught"), "a list of names" },
    };
#undef B
    refused_files("game: counters\n#\n", "#\n", bad_boards, sizeof bad_boards / sizeof *bad_boards);
    /* a property no player has: the message names the counters too */
    static const char *const bad_reads[][2] = {
        { "captures:\n  - when: mover.nope > 0\n    take: last\n    to: mover\n", "or a counter the board declares" },
    };
    refused_files(BASE, "captures:", bad_reads, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counter_capture),
        cmocka_unit_test(test_counter_of_and_cut),
        cmocka_unit_test(test_counter_json),
        cmocka_unit_test(test_counter_new_round),
        cmocka_unit_test(test_counter_swap),
        cmocka_unit_test(test_counter_perft),
        cmocka_unit_test(test_counter_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

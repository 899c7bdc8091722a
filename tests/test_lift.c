/* test_lift: sowings that lift a number of seeds the mover chooses
 * (`moves.lift`, tokens 3x4): the moves listed, the seeds lifted on the
 * first lap only, a hole that allows no number, perft on both VM paths.
 * Expected boards are worked out by hand in the comments. */
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

/* 2x3 (South 1-3, North 4-6), a single lap; a hole of two or more seeds
 * is sown, leaving at least one seed in it. */
#define LIFT                                                              \
    "game: lift\n"                                                        \
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"           \
    "moves:\n"                                                            \
    "  from: hole.owner == mover and hole.count > 1\n"                    \
    "  direction: ccw\n"                                                  \
    "  lift: {min: 1, max: hole.count - 1}\n"
static const char lift[] = LIFT;

/* South's 1 holds 3: he lifts 1 or 2 of them (2 holds 1: not sown; 3
 * holds 2: only 1 of them). 1x2 drops them into 2 and 3, leaving one in
 * 1: [1,2,3, 2,2,2]. */
static void test_lift_choice(void **state)
{
    (void)state;
    char buf[128];
    static const int want[] = { 1, 2, 3, 2, 2, 2 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, lift, mode, "{\"board\": [3,1,2, 2,2,2], \"stores\": [0,0], \"to_move\": \"south\"}");
        assert_string_equal(tokens(&g, buf, sizeof buf), "1x1 1x2 3x1");
        play(&g.vm, &g.p, &g.h, "1x2");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.to_move, NORTH);
        /* North's holes of 2 each give one move of one seed */
        assert_string_equal(tokens(&g, buf, sizeof buf), "4x1 5x1 6x1");
        game_end(&g);
    }
}

/* With relay laps only the first lap lifts the number chosen: South
 * [3,0,2], North [0,1,0]: 1x2 drops into 2 (1) and 3 (3), occupied: the
 * relay lifts all three of 3, into 4 (1), 5 (2), 6 (1), empty before:
 * stop. [1,1,0, 1,2,1]. */
static void test_lift_first_lap(void **state)
{
    (void)state;
    static const char text[] = LIFT "sowing: {laps: relay}\n";
    static const int want[] = { 1, 1, 0, 1, 2, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [3,0,2, 0,1,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1x2");
        assert_false(g.p.over);
        counts_are(&g.p, want, 6);
        game_end(&g);
    }
}

/* A hole where `min` is above `max` gives no move: at least two seeds
 * lifted, one left: a hole of 2 allows none, a hole of 3 one (3x2). */
static void test_lift_none(void **state)
{
    (void)state;
    static const char text[] =
        "game: lift\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 1\n"
        "  direction: ccw\n"
        "  lift: {min: 2, max: hole.count - 1}\n";
    char buf[64];
    Game g;
    game_at(&g, text, MC_LOAD_DEFAULT, "{\"board\": [2,3,0, 2,2,2], \"stores\": [0,0], \"to_move\": \"south\"}");
    assert_string_equal(tokens(&g, buf, sizeof buf), "2x2");
    game_end(&g);
}

/* perft: each number is a move. From the start (2 a hole) South has
 * three moves of one seed (1x1, 2x1, 3x1). After 1x1 or 2x1 North has
 * three too; after 3x1 his 4 holds 3 and gives 4x1 and 4x2: four. Depth
 * 2: 3 + 3 + 4 = 10. */
static void test_lift_perft(void **state)
{
    (void)state;
    uint64_t nodes[2][3] = { { 0 } };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        for (int d = 1; d <= 3; d++) {
            Game g;
            game_start(&g, lift, mode);
            assert_int_equal(perft_count(&g.vm, &g.p, &g.h, d, &nodes[mode == MC_LOAD_GENERAL][d - 1]), MC_OK);
            game_end(&g);
        }
    }
    assert_int_equal(nodes[0][0], 3);
    assert_int_equal(nodes[0][1], 10);
    for (int d = 0; d < 3; d++)
        assert_int_equal(nodes[0][d], nodes[1][d]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lift_choice),
        cmocka_unit_test(test_lift_first_lap),
        cmocka_unit_test(test_lift_none),
        cmocka_unit_test(test_lift_perft),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_steer: sowings the mover steers seed by seed (`sowing.steer`,
 * phase steer, tokens to:H), around() and ahead(), `trail`, the relay
 * from the hole straight ahead, a capture on the way the last seed went,
 * a lap with nowhere left to go, the JSON field `steer`, and the files
 * refused. Expected boards are worked out by hand in the comments, on a
 * board of two rows of five:
 *
 *     10  9  8  7  6
 *      1  2  3  4  5
 */
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

/* Never straight back, or never into a hole of the lap (the option
 * `once`: not into `trail`); relays from the hole straight ahead while
 * it holds seeds; an empty hole ahead and one holding seeds after it:
 * taken. */
static const char steered[] =
    "game: steered\n"
    "options:\n"
    "  once: {type: bool, default: false}\n"
    "board: {rows: 2, holes: 5, seeds: 0, stores: off-track}\n"
    "moves:\n"
    "  from: hole.count > 0\n"
    "sowing:\n"
    "  steer: let h = hole in around(h) where (if once then hole not in trail else hole != ahead(h, -1))\n"
    "  laps: relay\n"
    "  relay-from: next\n"
    "  relay-while: ahead(last, 1).count > 0\n"
    "captures:\n"
    "  - when: ahead(last, 1).count == 0 and ahead(last, 2).count > 0\n"
    "    take: ahead(last, 2)\n"
    "    to: mover\n";

static const char *const trail_on[] = { "once=true" };

/* The tokens at g are `want`. */
static void moves_are(Game *g, const char *want)
{
    char buf[512];
    assert_string_equal(tokens(g, buf, sizeof buf), want);
}

/* South lifts 1 (2 seeds): the first goes next to it, 2 or 10; into 2
 * (heading east), then 3 or 9 (not back into 1); into 3. Straight ahead
 * 4 is empty and 5 holds 3: taken. Board [0,1,1,0,0, 0,0,0,0,1], South's
 * store 3; North moves. */
static void test_steer_capture_ahead(void **state)
{
    (void)state;
    static const int want[] = { 0, 1, 1, 0, 0, 0, 0, 0, 0, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, steered, mode, "{\"board\": [2,0,0,0,3, 0,0,0,0,1], \"stores\": [0,0], \"to_move\": \"south\"}");
        moves_are(&g, "1 5 10");
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.phase, PH_STEER);
        assert_int_equal(g.p.hand, 2);
        assert_int_equal(g.p.count[0], 0);
        moves_are(&g, "to:2 to:10");
        play(&g.vm, &g.p, &g.h, "to:2");
        moves_are(&g, "to:3 to:9");
        play(&g.vm, &g.p, &g.h, "to:3");
        assert_int_equal(g.p.phase, PH_PLAY);
        counts_are(&g.p, want, 10);
        assert_int_equal(g.p.store[SOUTH], 3);
        assert_int_equal(g.p.to_move, NORTH);
        assert_int_equal(g.p.hand, 0);
        game_end(&g);
    }
}

/* South 1 to:2 to:3 (heading east): 4 straight ahead holds 2, lifted for
 * a relay lap, its first seed any way from 4 (3, 5 or 7); the JSON says
 * so. Into 5 (east), then only 6 (4 is behind); into 6, heading north:
 * the board ends there, no relay, no capture. Board [0,1,1,0,1,
 * 1,0,0,0,0]. */
static void test_steer_relay_ahead(void **state)
{
    (void)state;
    static const int want[] = { 0, 1, 1, 0, 1, 1, 0, 0, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, steered, mode, "{\"board\": [2,0,0,2,0, 0,0,0,0,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1 to:2 to:3");
        assert_int_equal(g.p.phase, PH_STEER);
        assert_int_equal(g.p.hand, 2);
        assert_int_equal(g.p.count[3], 0);
        assert_int_equal(g.p.to_move, SOUTH);
        moves_are(&g, "to:3 to:5 to:7");
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"phase\":\"steer\""));
        assert_non_null(strstr(js, "\"steer\":{\"at\":4,\"before\":null,\"origin\":4,\"start\":1,\"trail\":[4]}"));
        free(js);
        play(&g.vm, &g.p, &g.h, "to:5");
        moves_are(&g, "to:6");
        play(&g.vm, &g.p, &g.h, "to:6");
        counts_are(&g.p, want, 10);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* South lifts 2 (5 seeds): into 3, 8 (north), 9 (west); from 9 the
 * holes next to it are 2, 8 and 10. Straight back (8) is barred; 2, the
 * lap's origin, is open by default and barred with `once`. */
static void test_steer_back_or_trail(void **state)
{
    (void)state;
    const char *pos = "{\"board\": [0,5,0,0,0, 0,0,0,0,0], \"stores\": [0,0], \"to_move\": \"south\"}";
    Game g;
    game_at(&g, steered, MC_LOAD_PLANNED, pos);
    play(&g.vm, &g.p, &g.h, "2 to:3 to:8 to:9");
    moves_are(&g, "to:2 to:10");
    game_end(&g);
    game_at_opts(&g, steered, trail_on, 1, MC_LOAD_PLANNED, pos);
    play(&g.vm, &g.p, &g.h, "2 to:3 to:8 to:9");
    moves_are(&g, "to:10");
    game_end(&g);
}

/* With `once`, South lifts 1 (5 seeds): into 2, 9, 10; next to 10 are
 * 1 (the origin) and 9, both of the lap: nowhere to go. The two seeds
 * still in hand fall into 10 (3 in all) and the move ends there, no
 * capture (straight ahead of 10, going west, is off the board anyway).
 * Board [0,1,0,0,0, 0,0,0,1,3]; North moves. */
static void test_steer_nowhere_left(void **state)
{
    (void)state;
    static const int want[] = { 0, 1, 0, 0, 0, 0, 0, 0, 1, 3 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at_opts(&g, steered, trail_on, 1, mode,
                     "{\"board\": [5,0,0,0,0, 0,0,0,0,0], \"stores\": [0,0], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1 to:2 to:9 to:10");
        assert_int_equal(g.p.phase, PH_PLAY);
        counts_are(&g.p, want, 10);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* A position in phase steer read from JSON: at 2, come from 1 (heading
 * east): 3 or 9. Fields that do not hang together are refused. */
static void test_steer_json(void **state)
{
    (void)state;
    Game g;
    game_at(&g, steered, MC_LOAD_PLANNED,
            "{\"board\": [0,1,0,0,0, 0,0,0,0,0], \"stores\": [0,0], \"to_move\": \"south\", \"phase\": \"steer\", "
            "\"hand\": 2, \"steer\": {\"at\": 2, \"before\": 1, \"origin\": 1, \"start\": 1, \"trail\": [1, 2]}}");
    moves_are(&g, "to:3 to:9");
    play(&g.vm, &g.p, &g.h, "to:9");
    assert_int_equal(g.p.count[8], 1);
    assert_int_equal(g.p.hand, 1);
    static const char *const bad[][2] = {
        { "\"hand\": 2, \"steer\": {\"at\": 2, \"before\": 4, \"origin\": 1, \"start\": 1, \"trail\": [1,2,4]}",
          "is not next to hole 2" },
        { "\"hand\": 2, \"steer\": {\"at\": 2, \"before\": 1, \"origin\": 1, \"start\": 1, \"trail\": [1]}",
          "the trail holds" },
        { "\"hand\": 2, \"steer\": {\"at\": 2, \"before\": null, \"origin\": 1, \"start\": 1, \"trail\": [1,2]}",
          "with `before` null" },
        { "\"hand\": 0, \"steer\": {\"at\": 2, \"before\": 1, \"origin\": 1, \"start\": 1, \"trail\": [1,2]}",
          "holds the seeds he steers" },
        { "\"hand\": 2, \"steer\": {\"at\": 11, \"before\": 1, \"origin\": 1, \"start\": 1, \"trail\": [1,2]}",
          "with holes 1..10" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char text[512], err[256];
        snprintf(text, sizeof text, "{\"board\": [0,1,0,0,0, 0,0,0,0,0], \"stores\": [0,0], \"to_move\": \"south\", "
                 "\"phase\": \"steer\", %s}", bad[i][0]);
        Position q;
        assert_false(pos_from_json(g.r, text, strlen(text), &q, err, sizeof err));
        if (!strstr(err, bad[i][1]))
            fail_msg("%s: got \"%s\"", bad[i][0], err);
    }
    char err[256];
    const char *other =
        "{\"board\": [0,1,0,0,0, 0,0,0,0,0], \"stores\": [0,0], \"to_move\": \"south\", \"steer\": {\"at\": 2}}";
    Position q;
    assert_false(pos_from_json(g.r, other, strlen(other), &q, err, sizeof err));
    assert_non_null(strstr(err, "only in phase \"steer\""));
    game_end(&g);
}

/* around() and ahead() outside a lap: the holes next to 1 are 2 and 10,
 * next to 8 are 3, 7 and 9; before a lap's first seed ahead() is no hole. */
static void test_steer_around(void **state)
{
    (void)state;
    static const char around[] =
        "game: around\n"
        "board: {rows: 2, holes: 5, seeds: 1, stores: off-track}\n"
        "moves:\n"
        "  from: hole.count > 0 and size(around(hole)) == 2 and hole(10) in around(hole(1))\n"
        "    and hole(3) in around(hole(8)) and hole(7) in around(hole(8)) and hole(9) in around(hole(8))\n"
        "    and size(around(hole(8))) == 3\n"
        "sowing:\n"
        "  steer: around(hole) where ahead(hole, 1) == hole(0)\n";
    Game g;
    game_start(&g, around, MC_LOAD_PLANNED);
    moves_are(&g, "1 5 6 10");
    game_end(&g);
}

/* Endgame databases refuse a steered sowing (a move passes through
 * positions in phase steer); large stones do not go with it. */
static void test_steer_no_endgame_no_stones(void **state)
{
    (void)state;
    Game g;
    game_at(&g, steered, MC_LOAD_PLANNED, "{\"board\": [2,0,0,0,3, 0,0,0,0,1], \"stores\": [0,0], \"to_move\": \"south\"}");
    char err[200];
    assert_int_equal(eg_shape_ok(g.r, &g.p, err, sizeof err), MC_EINVAL);
    assert_non_null(strstr(err, "`sowing.steer`"));
    game_end(&g);
    static const char base[] =
        "game: bad\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, stones: [big]}\n"
        "moves:\n"
        "  from: hole.count > 0\n"
        "# the rest\n";
    static const char *const bad[][2] = {
        { "sowing: {steer: around(hole)}\n", "cannot go with large stones" },
    };
    refused_files(base, "# the rest\n", bad, sizeof bad / sizeof *bad);
}

/* Files refused: keys that go along a track beside `steer`, ahead()
 * without it, and `steer` in an opening. */
static void test_steer_refused(void **state)
{
    (void)state;
    static const char base[] =
        "game: bad\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
        "moves:\n"
        "  from: hole.count > 0\n"
        "# the rest\n";
    static const char *const bad[][2] = {
        { "sowing: {steer: around(hole), skip: false}\n", "`skip` cannot go with `steer`" },
        { "sowing: {steer: around(hole), relay-from: {next: true}, laps: relay}\n",
          "`relay-from` cannot go with `steer`" },
        { "  direction: ccw\nsowing: {steer: around(hole)}\n", "cannot go with `moves.direction`" },
        { "  direction: ccw\ncaptures: [{when: \"ahead(last, 1).count > 0\", take: last, to: mover}]\n",
          "ahead() follows the way a steered lap went" },
        { "sowing: {steer: around(hole)}\ncaptures: [{when: true, take: last, chain: forward, while: true, "
          "to: mover}]\n", "cannot go with a capture `chain`" },
        { "sowing: {steer: around(hole)}\ncaptures: [{when: reached(board), take: last, to: mover}]\n",
          "cannot go with `sown` and reached()" },
        { "sowing: {steer: 3}\n", "hole set" },
        { "extra-turn: size(trail) > 0\nsowing: {steer: around(hole)}\n", "`trail` is not available here" },
        { "sowing: {path: [hole]}\n", "needs the key `direction`" },
    };
    refused_files(base, "# the rest\n", bad, sizeof bad / sizeof *bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steer_capture_ahead),
        cmocka_unit_test(test_steer_relay_ahead),
        cmocka_unit_test(test_steer_back_or_trail),
        cmocka_unit_test(test_steer_nowhere_left),
        cmocka_unit_test(test_steer_json),
        cmocka_unit_test(test_steer_around),
        cmocka_unit_test(test_steer_refused),
        cmocka_unit_test(test_steer_no_endgame_no_stones),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

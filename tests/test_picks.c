/* test_picks: decisions inside a move. Captures from holes of the
 * mover's choice (a capture rule's `pick`, phase "pick", tokens take:H):
 * the decisions, their end, perft's count of a move with its picks, the
 * JSON position, and what the loader refuses; and relays the mover may
 * stop (`relay-stop`, tokens 3/1); holes marked before the game
 * (`setup.mark`, tokens mark:H); captured seeds put into a hole of the
 * mover's choice (a capture rule's `put`, phase "put", tokens put:H). Expected boards are worked out by hand
 * in the comments. */
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

/* Each position bad[i][0] is refused with a message containing
 * bad[i][1]. */
static void refused_positions(const Rules *r, const char *const bad[][2], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char e[256] = "";
        Position p;
        assert_false(pos_from_json(r, bad[i][0], strlen(bad[i][0]), &p, e, sizeof e));
        if (!strstr(e, bad[i][1]))
            fail_msg("case %zu: \"%s\", expected \"...%s...\"", i, e, bad[i][1]);
    }
}

/* 2x4, a last seed in an empty hole of one's own takes the hole facing
 * it, then two holes of the opponent's row of the mover's choice */
static const char pick[] =
    "game: pick\n"
    "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    "captures:\n"
    "  - when: last.owner == mover and last.count == 1 and opposite(last).count > 0\n"
    "    take: opposite(last)\n"
    "    to: mover\n"
    "    pick: {holes: 2, from: row(opponent)}\n"
    "end:\n"
    "  - when: seeds(row(south)) == 0 or seeds(row(north)) == 0\n"
    "    seeds: owners\n";

/* South 1 (1 seed) into 2, empty: 7 (facing 2, 1 seed) is taken; then
 * South picks two of North's holes that hold seeds: 5 (2), 6 (3), 8 (1) */
static const char pos[] = "{\"board\": [1,0,0,0, 2,3,1,1], \"stores\": [0, 0], \"to_move\": \"south\"}";

static void test_picks_decisions(void **state)
{
    (void)state;
    char buf[256];
    /* after take:5 and take:8 South has 1 + 2 + 1 = 4; North keeps 6 (3) */
    static const int want[] = { 0, 1, 0, 0, 0, 3, 0, 0 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, pick, mode, pos);
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.phase, PH_PICK);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_int_equal(g.p.picks, 2);
        assert_int_equal(g.p.store[SOUTH], 1);
        assert_string_equal(tokens(&g, buf, sizeof buf), "take:5 take:6 take:8");
        play(&g.vm, &g.p, &g.h, "take:5");
        assert_int_equal(g.p.phase, PH_PICK);
        assert_string_equal(tokens(&g, buf, sizeof buf), "take:6 take:8");
        play(&g.vm, &g.p, &g.h, "take:8");
        assert_int_equal(g.p.phase, PH_PLAY);
        assert_int_equal(g.p.to_move, NORTH);
        assert_int_equal(g.p.store[SOUTH], 4);
        counts_are(&g.p, want, 8);
        game_end(&g);
    }
}

/* Fewer holes to pick than allowed: the picks end with the last one, and
 * the end rules then run (North's row is empty: the game is over). */
static void test_picks_run_out(void **state)
{
    (void)state;
    /* South 1 into 2: 7 (1) taken; North has only 5 (2) left: one pick */
    static const char one[] = "{\"board\": [1,0,0,0, 2,0,1,0], \"stores\": [0, 0], \"to_move\": \"south\"}";
    char buf[64];
    Game g;
    game_at(&g, pick, MC_LOAD_DEFAULT, one);
    play(&g.vm, &g.p, &g.h, "1");
    assert_string_equal(tokens(&g, buf, sizeof buf), "take:5");
    play(&g.vm, &g.p, &g.h, "take:5");
    assert_true(g.p.over);
    assert_int_equal(g.p.winner, MC_WIN_SOUTH);
    assert_int_equal(g.p.store[SOUTH], 4);   /* 1 + 2, and his own seed in 2 at the end */
    game_end(&g);
}

/* perft counts a move with its picks as one move: South's only sowing
 * (1) with two picks among three holes, in order: 3 x 2 = 6. */
static void test_picks_perft(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, pick, mode, pos);
        uint64_t nodes = 0;
        assert_int_equal(perft_count(&g.vm, &g.p, &g.h, 1, &nodes), MC_OK);
        assert_int_equal(nodes, 6);
        game_end(&g);
    }
}

/* The position in phase pick written and read back; what is refused. */
static void test_picks_json(void **state)
{
    (void)state;
    Game g;
    game_at(&g, pick, MC_LOAD_DEFAULT, pos);
    play(&g.vm, &g.p, &g.h, "1");
    g.p.plies = 0;   /* not part of this variant's JSON (its rules do not read it) */
    char *js = pos_to_json(&g.vm, &g.p);
    assert_non_null(js);
    assert_non_null(strstr(js, "\"phase\":\"pick\""));
    assert_non_null(strstr(js, "\"picks\":2,\"pick_from\":[5,6,8],\"pick_rule\":1"));
    Position back;
    char err[256];
    assert_true(pos_from_json(g.r, js, strlen(js), &back, err, sizeof err));
    assert_memory_equal(&back, &g.p, sizeof back);
    free(js);
    static const char *const bad[][2] = {
        { "{\"board\": [1,0,0,0, 2,3,1,1], \"stores\": [0, 0], \"to_move\": \"south\", \"picks\": 1}",
          "holes are picked only in phase \"pick\"" },
        { "{\"board\": [1,0,0,0, 2,3,1,1], \"stores\": [0, 0], \"to_move\": \"south\", \"phase\": \"pick\","
          " \"picks\": 1, \"pick_from\": [5], \"pick_rule\": 0}",
          "names a rule of `captures` that has `pick`" },
        { "{\"board\": [1,0,0,0, 2,3,1,1], \"stores\": [0, 0], \"to_move\": \"south\", \"phase\": \"pick\","
          " \"picks\": 1, \"pick_from\": [2], \"pick_rule\": 1}",
          "hole 2 is out of play or empty" },
        { "{\"board\": [1,0,0,0, 2,3,1,1], \"stores\": [0, 0], \"to_move\": \"south\", \"phase\": \"pick\","
          " \"picks\": 0, \"pick_from\": [5], \"pick_rule\": 1}",
          "has holes to pick" },
        { "{\"board\": [1,0,0,0, 2,3,1,1], \"stores\": [0, 0], \"to_move\": \"south\", \"phase\": \"pick\","
          " \"picks\": 129, \"pick_from\": [5], \"pick_rule\": 1}",
          "expected 0..128 holes" },
    };
    refused_positions(g.r, bad, sizeof bad / sizeof *bad);
    game_end(&g);
}

/* What the loader refuses. */
static void test_picks_refused(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        { "extra-turn: last == store(mover)\n", "cannot read the move" },
        { "end: [{when: captured > 3, seeds: owners}]\n", "cannot read the move" },
    };
    refused_files(pick, "end:", bad, sizeof bad / sizeof *bad);
}

/* 2x4: a last seed that makes 2 or 4 in a hole of the opponent's takes
 * it, and the mover puts the seeds into a hole of the opponent's row of
 * his choice */
static const char put[] =
    "game: put\n"
    "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    "captures:\n"
    "  - when: last.owner == opponent and last.count in {2, 4}\n"
    "    take: last\n"
    "    put: row(opponent)\n"
    "end:\n"
    "  - when: seeds(row(south)) == 0 or seeds(row(north)) == 0\n"
    "    seeds: owners\n";

/* South 4 (1 seed) into 5, which now holds 2: taken into South's hand;
 * he may put them into any of North's holes 5..8 (5 too, now empty) */
static const char put_pos[] = "{\"board\": [1,0,0,1, 1,3,0,2], \"stores\": [0, 0], \"to_move\": \"south\"}";

static void test_put_decisions(void **state)
{
    (void)state;
    char buf[256];
    /* put:7: 5 emptied, 7 gets the 2; North moves next */
    static const int want[] = { 1, 0, 0, 0, 0, 3, 2, 2 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, put, mode, put_pos);
        play(&g.vm, &g.p, &g.h, "4");
        assert_int_equal(g.p.phase, PH_PUT);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_int_equal(g.p.hand, 2);
        assert_int_equal(g.p.count[4], 0);
        assert_string_equal(tokens(&g, buf, sizeof buf), "put:5 put:6 put:7 put:8");
        play(&g.vm, &g.p, &g.h, "put:7");
        assert_int_equal(g.p.phase, PH_PLAY);
        assert_int_equal(g.p.to_move, NORTH);
        assert_int_equal(g.p.hand, 0);
        assert_int_equal(g.p.store[SOUTH], 0);
        counts_are(&g.p, want, 8);
        game_end(&g);
    }
}

/* The end rules run after the put, on the position: a rule that puts
 * into the mover's own row; South 4 (1) into 5 (1 -> 2) takes it, which
 * leaves North's row empty, and puts them into his own 1. */
static void test_put_then_end(void **state)
{
    (void)state;
    static const char own[] =
        "game: put\n"
        "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "captures:\n"
        "  - when: last.owner == opponent and last.count in {2, 4}\n"
        "    take: last\n"
        "    put: row(mover)\n"
        "end:\n"
        "  - when: seeds(row(south)) == 0 or seeds(row(north)) == 0\n"
        "    seeds: owners\n";
    /* South 4 (1) into 5 (1 -> 2): taken; North's row is empty; South puts
     * them into 1: the end rule holds, South takes his row's 2 + 1 = 3 */
    static const char one[] = "{\"board\": [1,0,0,1, 1,0,0,0], \"stores\": [0, 0], \"to_move\": \"south\"}";
    char buf[64];
    Game g;
    game_at(&g, own, MC_LOAD_DEFAULT, one);
    play(&g.vm, &g.p, &g.h, "4");
    assert_int_equal(g.p.phase, PH_PUT);
    assert_false(g.p.over);
    assert_string_equal(tokens(&g, buf, sizeof buf), "put:1 put:2 put:3 put:4");
    play(&g.vm, &g.p, &g.h, "put:1");
    assert_true(g.p.over);
    assert_int_equal(g.p.store[SOUTH], 3);
    assert_int_equal(g.p.winner, WIN_SOUTH);
    game_end(&g);
}

/* perft counts a move with its put as one move. One ply: South 1 (into
 * his own 2: no capture) and 4 with its four puts: 5. Two plies, North's
 * replies (a last seed making 2 in South's row takes it, then 4 puts):
 * after 1 ([0,1,0,1, 1,3,0,2]): 5 (into 6), 6 (7, 8, 1: 1 seed in 1),
 * 8 (1, 2: 2 holds 2: 4 puts): 6. After 4 and put:5 ([1,0,0,0,
 * 2,3,0,2]): 5 (6, 7), 6 (7, 8, 1: 2 in 1: 4 puts), 8 (1, 2: 1 in 2): 6.
 * put:6 ([1,0,0,0, 0,5,0,2]): 6 (to 3), 8: 2. put:7 ([1,0,0,0,
 * 0,3,2,2]): 6 and 7 each end in 1 with 2 (4 puts each), 8: 9. put:8
 * ([1,0,0,0, 0,3,0,4]): 6 (4 puts), 8 (ends in 4 with 1): 5. In all
 * 6 + 6 + 2 + 9 + 5 = 28. */
static void test_put_perft(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, put, mode, put_pos);
        uint64_t nodes = 0;
        assert_int_equal(perft_count(&g.vm, &g.p, &g.h, 1, &nodes), MC_OK);
        assert_int_equal(nodes, 5);
        nodes = 0;
        assert_int_equal(perft_count(&g.vm, &g.p, &g.h, 2, &nodes), MC_OK);
        assert_int_equal(nodes, 28);
        game_end(&g);
    }
}

/* The position in phase put written and read back; what is refused. */
static void test_put_json(void **state)
{
    (void)state;
    Game g;
    game_at(&g, put, MC_LOAD_DEFAULT, put_pos);
    play(&g.vm, &g.p, &g.h, "4");
    g.p.plies = 0;   /* not part of this variant's JSON (its rules do not read it) */
    char *js = pos_to_json(&g.vm, &g.p);
    assert_non_null(js);
    assert_non_null(strstr(js, "\"phase\":\"put\""));
    assert_non_null(strstr(js, "\"hand\":2"));
    assert_non_null(strstr(js, "\"put_from\":[5,6,7,8]"));
    Position back;
    char err[256];
    assert_true(pos_from_json(g.r, js, strlen(js), &back, err, sizeof err));
    assert_memory_equal(&back, &g.p, sizeof back);
    free(js);
    static const char *const bad[][2] = {
        { "{\"board\": [0,0,0,1, 1,3,0,2], \"stores\": [0, 0], \"to_move\": \"south\", \"put_from\": [5]}",
          "seeds are put only in phase \"put\"" },
        { "{\"board\": [0,0,0,1, 1,3,0,2], \"stores\": [0, 0], \"to_move\": \"south\", \"hand\": 2}",
          "held in hand only in phases" },
        { "{\"board\": [0,0,0,1, 1,3,0,0], \"stores\": [0, 0], \"to_move\": \"south\", \"phase\": \"put\","
          " \"put_from\": [5]}",
          "holds the seeds he puts" },
        { "{\"board\": [0,0,0,1, 1,3,0,0], \"stores\": [0, 0], \"to_move\": \"south\", \"phase\": \"put\","
          " \"hand\": 2, \"put_from\": []}",
          "names the holes the seeds may go into" },
        { "{\"board\": [0,0,0,1, 1,3,0,0], \"stores\": [0, 0], \"to_move\": \"south\", \"phase\": \"put\","
          " \"hand\": 2, \"put_from\": [9]}",
          "expected a list of hole numbers 1..8" },
    };
    refused_positions(g.r, bad, sizeof bad / sizeof *bad);
    /* phase put in a variant without `put` */
    Game o;
    game_at(&o, pick, MC_LOAD_DEFAULT, pos);
    static const char nop[] = "{\"board\": [1,0,0,0, 2,3,1,1], \"stores\": [0, 0], \"to_move\": \"south\","
                              " \"phase\": \"put\", \"hand\": 1, \"put_from\": [5]}";
    char e[256] = "";
    Position p;
    assert_false(pos_from_json(o.r, nop, strlen(nop), &p, e, sizeof e));
    assert_non_null(strstr(e, "is not a phase of this variant"));
    game_end(&o);
    game_end(&g);
}

/* What the loader refuses with `put`. */
static void test_put_refused(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        { "captures:\n  - {when: last.count == 2, take: last, put: row(opponent), to: mover}\n", "one of them" },
        { "captures:\n  - {when: last.count == 2, take: last, put: row(opponent), into: 1}\n", "one of them" },
        { "captures:\n  - {when: last.count == 2, put: row(opponent), set: {owner: mover}}\n", "add `take`" },
        { "captures:\n  - {when: last.count == 2, take: last, put: row(opponent), cancel-if: captured > 2}\n",
          "cannot be undone" },
        { "captures:\n  - {when: last.count == 2, take: last, put: 3}\n", "expected a hole set here" },
        { "sowing:\n  each-seed:\n    - {when: hole.count == 2, take: hole, put: row(opponent)}\n", "belongs to `captures`" },
        { "captures:\n  - {when: last.count == 2, take: last, put: row(opponent)}\nextra-turn: last == store(mover)\n",
          "with `put` the `extra-turn` and `end` rules are tried after the put" },
    };
    refused_files(put, "captures:", bad, sizeof bad / sizeof *bad);
}

/* 2x4, relay sowing; where a lap ends in an occupied first hole of a row
 * (index 1) the mover may stop instead of relaying. */
static const char stop[] =
    "game: stop\n"
    "board: {rows: 2, holes: 4, seeds: 2, stores: off-track}\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    "sowing: {laps: relay, relay-stop: last.index == 1}\n"
    "captures:\n"
    "  - when: last.owner == mover and last.count == 1 and opposite(last).count > 0\n"
    "    take: opposite(last)\n"
    "    to: mover\n";

static void test_picks_relay_stop(void **state)
{
    (void)state;
    char buf[256];
    /* from the start: 1 goes 2, 3; 3 relays 4, 5, 6; 6 relays 7, 8, 1
     * (empty): no lap ends in a hole of index 1 before that: one move.
     * 3 goes 4, 5: 5 is North's first hole and held 2: a chance to stop
     * (3/1); going on, 5 relays 6, 7, 8; 8 relays 1, 2, 3 (empty): 3 takes
     * 6 (3 seeds). 4 goes 5, 6; 6 relays 7, 8, 1: 1 (index 1) held 2: a
     * chance (4/1); on, 1 relays 2, 3, 4 (empty before: 4 was lifted):
     * the move ends, and 4 takes 5 (3 seeds). */
    static const int on[] = { 3, 3, 1, 3, 0, 0, 3, 0 };
    static const int stopped[] = { 2, 2, 0, 3, 3, 2, 2, 2 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, stop, mode);
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 2 3 3/1 4 4/1");
        play(&g.vm, &g.p, &g.h, "3");
        counts_are(&g.p, on, 8);
        assert_int_equal(g.p.store[SOUTH], 3);
        game_end(&g);
        game_start(&g, stop, mode);
        play(&g.vm, &g.p, &g.h, "3/1");
        counts_are(&g.p, stopped, 8);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
        static const int four[] = { 0, 3, 3, 1, 0, 0, 3, 3 };
        game_start(&g, stop, mode);
        play(&g.vm, &g.p, &g.h, "4");
        counts_are(&g.p, four, 8);
        assert_int_equal(g.p.store[SOUTH], 3);
        game_end(&g);
    }
}

/* Each player marks one of his two leftmost holes, in turn; a relay may
 * stop in a hole its mover marked. */
static const char mark[] =
    "game: mark\n"
    "board: {rows: 2, holes: 4, seeds: 2, stores: off-track, flags: [misoro]}\n"
    "setup:\n"
    "  mark: {flag: misoro, holes: 1, by: alternate, where: hole.owner == mover and hole.index <= 2}\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    "sowing: {laps: relay, relay-stop: last.misoro and last.owner == mover}\n";

static void test_picks_setup_mark(void **state)
{
    (void)state;
    char buf[256];
    Game g;
    game_start(&g, mark, MC_LOAD_DEFAULT);
    /* South marks first: his holes of index 1 and 2 are 1 and 2 */
    assert_int_equal(g.p.phase, PH_MARK);
    assert_int_equal(g.p.to_move, SOUTH);
    assert_string_equal(tokens(&g, buf, sizeof buf), "mark:1 mark:2");
    play(&g.vm, &g.p, &g.h, "mark:2");
    /* then North: his index 1 and 2 are 5 and 6 */
    assert_int_equal(g.p.to_move, NORTH);
    assert_string_equal(tokens(&g, buf, sizeof buf), "mark:5 mark:6");
    play(&g.vm, &g.p, &g.h, "mark:5");
    /* one each: the play begins, South first; 2 and 5 are marked */
    assert_int_equal(g.p.phase, PH_PLAY);
    assert_int_equal(g.p.to_move, SOUTH);
    assert_int_equal(g.p.flags[0], (1u << 1) | (1u << 4));
    /* South's laps end (each hole holding 2): 1: at 3, 6, then 1
     * (emptied: the end); 2: at 4, 7, then 2; 3: at 5, 8 (North's), then
     * 3; 4: at 6, then 1, which held seeds: South's own hole, a chance
     * only if he marked it, then 4. He marked 2: no chance anywhere */
    assert_string_equal(tokens(&g, buf, sizeof buf), "1 2 3 4");
    /* perft from the start: 2 marks, 2 marks, then 4 sowings, and 4/1
     * where South marked 1: 2 x (5 + 4) */
    Game f;
    game_start(&f, mark, MC_LOAD_DEFAULT);
    uint64_t nodes = 0;
    assert_int_equal(perft_count(&f.vm, &f.p, &f.h, 3, &nodes), MC_OK);
    assert_int_equal(nodes, 2 * (5 + 4));
    game_end(&f);
    game_end(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_picks_decisions),
        cmocka_unit_test(test_picks_run_out),
        cmocka_unit_test(test_picks_perft),
        cmocka_unit_test(test_picks_json),
        cmocka_unit_test(test_picks_refused),
        cmocka_unit_test(test_picks_relay_stop),
        cmocka_unit_test(test_picks_setup_mark),
        cmocka_unit_test(test_put_decisions),
        cmocka_unit_test(test_put_then_end),
        cmocka_unit_test(test_put_perft),
        cmocka_unit_test(test_put_json),
        cmocka_unit_test(test_put_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

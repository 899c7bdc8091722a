/* test_rounds: what happens between the decisions of the players: lots
 * (`first-player: {chosen-by: lot}`, `match.leftover-tie: lot`, tokens
 * lot:south and lot:north, drawn by the computer players and counted by
 * perft), and the seeds passed between the holdings as a round ends
 * (`match.settle`: give, lend, borrow, repay; the debts; `p.debt`) with
 * `match.fill-even`, and the holes a match keeps (`match.keep`,
 * `match.share`). Expected positions are worked out by hand in the
 * comments; every case runs in the planned and the reference mode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai.h"
#include "json.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"
#include "gamelib.h"

/* 2x2, a seed a hole; lots say who begins; every move ends the round
 * (each player takes his holes' seeds); rounds begin alternately. */
static const char lot_first[] =
    "game: lotfirst\n"
    "board: {rows: 2, holes: 2, seeds: 1, stores: off-track}\n"
    "first-player: {chosen-by: lot}\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    "end:\n"
    "  - when: true\n"
    "    seeds: owners\n"
    "match: {max-rounds: 3, next: reset, starter: alternate, over: false, score: player.total}\n";

static void test_lot_first(void **state)
{
    (void)state;
    char buf[256];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, lot_first, mode);
        /* nobody has moved: the game begins with the lot */
        assert_int_equal(g.p.phase, PH_LOT);
        assert_int_equal(g.p.lot, MC_LOT_FIRST);
        assert_string_equal(tokens(&g, buf, sizeof buf), "lot:south lot:north");
        /* perft counts each outcome: 2; then each side has 2 sowings: 4 */
        uint64_t nodes = 0;
        Position start = g.p;
        assert_int_equal(perft_count(&g.vm, &start, NULL, 1, &nodes), MC_OK);
        assert_int_equal(nodes, 2);
        assert_int_equal(perft_count(&g.vm, &start, NULL, 2, &nodes), MC_OK);
        assert_int_equal(nodes, 4);
        /* the JSON position says what the lot decides, and reads back */
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"phase\":\"lot\""));
        assert_non_null(strstr(js, "\"lot\":{\"decides\":\"first\"}"));
        Position q;
        char err[200];
        assert_true(pos_from_json(g.r, js, strlen(js), &q, err, sizeof err));
        assert_int_equal(q.phase, PH_LOT);
        assert_int_equal(q.lot, MC_LOT_FIRST);
        free(js);
        /* it falls to North: he begins round 1 */
        play(&g.vm, &g.p, &g.h, "lot:north");
        assert_int_equal(g.p.phase, PH_PLAY);
        assert_int_equal(g.p.lot, 0);
        assert_int_equal(g.p.starter, NORTH);
        assert_int_equal(g.p.to_move, NORTH);
        assert_string_equal(tokens(&g, buf, sizeof buf), "3 4");
        /* North 3 into 4 (2 seeds): the round ends, each takes his
         * holes': 2 each; round 2 is South's (alternately from North),
         * with no lot */
        play(&g.vm, &g.p, &g.h, "3");
        assert_int_equal(g.p.round, 2);
        assert_int_equal(g.p.total[SOUTH], 2);
        assert_int_equal(g.p.total[NORTH], 2);
        assert_int_equal(g.p.starter, SOUTH);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_int_equal(g.p.phase, PH_PLAY);
        /* South 1 into 2: round 3 is North's again */
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.round, 3);
        assert_int_equal(g.p.starter, NORTH);
        game_end(&g);
    }
}

/* 2x2, 2 seeds a hole; every move ends the round; a hole per 2 seeds
 * held, a hole left over with equal remainders drawn by lot. */
static const char lot_hole[] =
    "game: lothole\n"
    "board: {rows: 2, holes: 2, seeds: 2, stores: off-track}\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    "end:\n"
    "  - when: true\n"
    "    seeds: owners\n"
    "match: {max-rounds: 10, next: redistribute, leftover-tie: lot, over: false, score: player.total}\n";

/* A lot is no player's choice: every computer player draws it, and
 * each outcome comes up; a search over a lot averages it. */
static void test_lot_players(void **state)
{
    (void)state;
    static const char *const specs[] = { "random", "greedy", "alphabeta:depth=3", "mcts:playouts=50" };
    for (int s = 0; s < 4; s++) {
        Game g;
        game_start(&g, lot_first, MC_LOAD_PLANNED);
        AiSpec spec;
        char err[100];
        assert_true(ai_parse(specs[s], &spec, err, sizeof err));
        int seen[2] = { 0, 0 };
        for (uint64_t seed = 1; seed <= 40; seed++) {
            Ai *ai = ai_new(g.r, &spec, seed);
            assert_non_null(ai);
            AiStats st;
            int k = ai_choose(ai, &g.p, &st, NULL);
            assert_true(k == 0 || k == 1);
            seen[k]++;
            ai_free(ai);
        }
        assert_true(seen[0] > 0 && seen[1] > 0);
        game_end(&g);
    }
    /* alphabeta searching through a lot: South 1 ends the round 3-5,
     * a hole per 2 seeds and 1 over each, a lot for the hole left over
     * (South 2 ends it 2-6: no lot) */
    Game g;
    game_start(&g, lot_hole, MC_LOAD_PLANNED);
    Position q = g.p;
    play(&g.vm, &q, NULL, "1");
    assert_int_equal(q.phase, PH_LOT);
    assert_int_equal(q.lot, MC_LOT_HOLE | WIN_NORTH << 2);
    AiSpec spec;
    char err[100];
    assert_true(ai_parse("alphabeta:depth=3", &spec, err, sizeof err));
    Ai *ai = ai_new(g.r, &spec, 7);
    AiStats st;
    int k = ai_choose(ai, &g.p, &st, NULL);
    assert_true(k == 0 || k == 1);
    assert_int_equal(st.depth, 3);
    ai_free(ai);
    game_end(&g);
}

/* 2x3, 2 seeds a hole; every move ends the round, each player taking
 * his holes' seeds. Between rounds: a debtor repays what he can; an odd
 * holding gives a seed away; one who holds more than 2 beyond the other
 * lends him 2; one who holds fewer than 4 borrows up to 4. Then both
 * fill, from the left, as many holes (2 seeds each) as the poorer can. */
static const char settle[] =
    "game: settle\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    "end:\n"
    "  - when: true\n"
    "    seeds: owners\n"
    "match:\n"
    "  max-rounds: 10\n"
    "  next: fill\n"
    "  fill-seeds: 2\n"
    "  choose: left\n"
    "  fill-even: true\n"
    "  settle:\n"
    "    - repay: player.debt\n"
    "    - give: player.store % 2\n"
    "    - lend: if player.store > player.opponent.store + 2 then 2 else 0\n"
    "    - borrow: if player.store < 4 then 4 - player.store else 0\n"
    "  over: south.store < 2 or north.store < 2\n"
    "  score: player.store\n"
    "evaluate: player.debt * 10 + player.opponent.debt\n";

static void test_settle(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        /* South 3 into 4; the round ends 1-10 (4's seed is North's).
         * repay: North owes 1, pays it: 2-9. give: South even; North 9
         * gives 1: 3-8. lend: North 8 > 3 + 2 lends 2: 5-6, South owes
         * 2. borrow: neither under 4. fill: South can fill 2, North 3:
         * 2 each, from the left (1, 2; 4, 5): 1-2 left, 3 and 6 out. */
        game_at(&g, settle, mode,
                "{\"board\": [0,0,1, 0,0,0], \"stores\": [1, 9], \"to_move\": \"south\", \"debts\": [0, 1]}");
        assert_true(g.r->has_debts);
        play(&g.vm, &g.p, &g.h, "3");
        static const int w1[] = { 2, 2, 0, 2, 2, 0 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.round, 2);
        assert_int_equal(g.p.store[SOUTH], 1);
        assert_int_equal(g.p.store[NORTH], 2);
        assert_int_equal(g.p.debt[SOUTH], 2);
        assert_int_equal(g.p.debt[NORTH], 0);
        assert_true(has_hole(g.p.out_of_play, 2) && has_hole(g.p.out_of_play, 5));
        assert_int_equal(g.p.total[SOUTH], 1);
        assert_int_equal(g.p.total[NORTH], 10);
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"debts\":[2,0]"));
        free(js);
        game_end(&g);

        /* South owes 3 and holds 1 after the same move (1-10): repay:
         * 1 of it, 0-11, owes 2. give: North 11 gives 1: 1-10. lend:
         * North 10 > 1 + 2 lends 2: 3-8, South owes 4. borrow: South 3
         * borrows 1: 4-7, owes 5. fill: 2 holes each: 0-3. */
        game_at(&g, settle, mode,
                "{\"board\": [0,0,1, 0,0,0], \"stores\": [1, 9], \"to_move\": \"south\", \"debts\": [3, 0]}");
        play(&g.vm, &g.p, &g.h, "3");
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.store[NORTH], 3);
        assert_int_equal(g.p.debt[SOUTH], 5);
        game_end(&g);

        /* North to move, 6 into 1; the round ends 10-1 (1's seed is
         * South's). give: South 10 even, North 1 gives it: 11-0. lend:
         * South lends 2: 9-2, North owes 2. borrow: North 2 borrows 2:
         * 7-4, owes 4. fill: South can fill 3 holes but North 2, so
         * South fills 1 and 2 only and keeps 3: 3-0. */
        game_at(&g, settle, mode,
                "{\"board\": [0,0,0, 0,0,1], \"stores\": [9, 1], \"to_move\": \"north\"}");
        play(&g.vm, &g.p, &g.h, "6");
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.store[SOUTH], 3);
        assert_int_equal(g.p.store[NORTH], 0);
        assert_int_equal(g.p.debt[NORTH], 4);
        assert_int_equal(g.p.debt[SOUTH], 0);
        game_end(&g);
    }
}

/* `debt` is a player's property; the JSON field `debts` is checked. */
static void test_settle_fields(void **state)
{
    (void)state;
    Game g;
    game_at(&g, settle, MC_LOAD_PLANNED,
            "{\"board\": [2,2,2, 2,2,2], \"stores\": [0, 0], \"to_move\": \"south\", \"debts\": [7, 0]}");
    /* evaluate: player.debt * 10 + player.opponent.debt */
    assert_int_equal(ai_evaluate(g.r, &g.p, SOUTH), 70);
    assert_int_equal(ai_evaluate(g.r, &g.p, NORTH), 7);
    Position q;
    char err[200];
    const char *debts = "{\"board\": [2,2,2, 2,2,2], \"stores\": [0, 0], \"to_move\": \"south\", \"debts\": [1]}";
    assert_false(pos_from_json(g.r, debts, strlen(debts), &q, err, sizeof err));
    assert_non_null(strstr(err, "field `debts`"));
    const char *lot = "{\"board\": [2,2,2, 2,2,2], \"stores\": [0, 0], \"to_move\": \"south\", \"lot\": {\"decides\": \"first\"}}";
    assert_false(pos_from_json(g.r, lot, strlen(lot), &q, err, sizeof err));
    assert_non_null(strstr(err, "field `lot`"));
    game_end(&g);
}

/* 2x3, two seeds a hole; every move ends the round, each player taking
 * his holes' seeds; holes redistributed with `match.leftover` as given
 * (the %s). */
static const char leftover_fmt[] =
    "game: leftover\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
    "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
    "end:\n"
    "  - when: true\n"
    "    seeds: owners\n"
    "match: {max-rounds: 10, next: redistribute, leftover: %s, over: false, score: player.total}\n";

/* One move from `pos` ends the round; the next round's owners (North's
 * holes, 1-based, 0-terminated), counts and stores are checked. */
static void leftover_case(const char *mode_word, const char *pos, const char *move, const int *north,
                          const int *counts, int s0, int s1)
{
    char text[sizeof leftover_fmt + 40];
    snprintf(text, sizeof text, leftover_fmt, mode_word);
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, pos);
        play(&g.vm, &g.p, &g.h, move);
        assert_int_equal(g.p.round, 2);
        Mask want = 0;
        for (int i = 0; north[i]; i++)
            want |= bit(north[i] - 1);
        assert_true(g.p.owner[0] == want);
        counts_are(&g.p, counts, 6);
        assert_int_equal(g.p.store[SOUTH], s0);
        assert_int_equal(g.p.store[NORTH], s1);
        game_end(&g);
    }
}

/* match.leftover: who owns the hole left over, and fewer-seeds-empty's
 * empty hole and kept remainders. */
static void test_leftover(void **state)
{
    (void)state;
    static const int full[] = { 2, 2, 2, 2, 2, 2 };
    /* South 3 into 4 (North's): the round ends 7-5. A hole per 2 seeds:
     * South 3, North 2, 1 and 1 over, a hole left over. */
    const char *p75 = "{\"board\": [0,0,1, 0,0,0], \"stores\": [7, 4], \"to_move\": \"south\"}";
    /* larger-remainder: equal remainders, so the richer South takes it:
     * North's first hole, 4, is South's */
    static const int n56[] = { 5, 6, 0 }, n456[] = { 4, 5, 6, 0 };
    leftover_case("larger-remainder", p75, "3", n56, full, 0, 0);
    /* fewer-seeds: the poorer North keeps his row */
    leftover_case("fewer-seeds", p75, "3", n456, full, 0, 0);
    /* fewer-seeds-empty: as fewer-seeds, but North pays 2 holes (4 of
     * his 5) and his first hole after South's run (1..3), 4, is empty;
     * each keeps his remainder: 7-6 = 1, 5-4 = 1 */
    static const int e4[] = { 2, 2, 2, 0, 2, 2 };
    leftover_case("fewer-seeds-empty", p75, "3", n456, e4, 1, 1);
    /* the round ends 9-3: South 4 holes + North's first (4), North 1 hole
     * + the one left over: 5 and 6; he fills 1, and 5, first after
     * South's run 1..4, is empty; remainders 1 and 1 */
    static const int e5[] = { 2, 2, 2, 2, 0, 2 };
    leftover_case("fewer-seeds-empty", "{\"board\": [0,0,1, 0,0,0], \"stores\": [9, 2], \"to_move\": \"south\"}",
                  "3", n56, e5, 1, 1);
    /* North 6 into 1 (South's): 3-9. North owns 4 holes, his row and
     * South's first, 1; South's run is 2, 3: 2, its first, is empty */
    static const int n1456[] = { 1, 4, 5, 6, 0 };
    static const int e2[] = { 2, 0, 2, 2, 2, 2 };
    leftover_case("fewer-seeds-empty", "{\"board\": [0,0,0, 0,0,1], \"stores\": [2, 9], \"to_move\": \"north\"}",
                  "6", n1456, e2, 1, 1);
    /* 5-5 with 2 more seeds held (14 seeds): 2 holes each and two left
     * over; equal seeds, equal remainders: the first to South (as with
     * larger-remainder), the second to North. Each owns his row and pays
     * 2 holes: his first, 1 and 4, stay empty; 1 seed each is kept */
    static const int n456b[] = { 4, 5, 6, 0 };
    static const int e14[] = { 0, 2, 2, 0, 2, 2 };
    leftover_case("fewer-seeds-empty", "{\"board\": [0,0,1, 0,0,0], \"stores\": [5, 4], \"to_move\": \"south\"}",
                  "3", n456b, e14, 1, 1);
}

/* 2x3, two seeds a hole; the middle holes (2 and 5) are never sown from
 * and keep their seeds from round to round (`match.keep`), shared as
 * `match.share` (%s) says; every move ends the round, each player
 * taking his other holes' seeds; refills of 2 a hole, %s. */
static const char keep_fmt[] =
    "game: keep\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
    "moves: {from: hole.owner == mover and hole.count > 0 and hole.column != 2, direction: ccw}\n"
    "end:\n"
    "  - when: true\n"
    "    seeds: owners\n"
    "match: {enabled: %s, max-rounds: 10, next: fill, fill-seeds: 2, choose: %s, keep: hole.column == 2,%s\n"
    "        over: false, score: player.store}\n";

/* One move from `pos` ends the round: the next round's counts and stores
 * (or, with the match off, the stores at the game's end). */
static void keep_case(const char *enabled, const char *choose, const char *share, const char *pos, const char *move,
                      const int *counts, int s0, int s1)
{
    char text[sizeof keep_fmt + 160];
    snprintf(text, sizeof text, keep_fmt, enabled, choose, share);
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, pos);
        assert_true(g.r->keep == (bit(1) | bit(4)) || !g.r->match);
        play(&g.vm, &g.p, &g.h, move);
        if (g.r->match)
            assert_int_equal(g.p.round, 2);
        else
            assert_true(g.p.over);
        counts_are(&g.p, counts, 6);
        assert_int_equal(g.p.store[SOUTH], s0);
        assert_int_equal(g.p.store[NORTH], s1);
        game_end(&g);
    }
}

/* match.keep and match.share: what the kept holes hold after a round. */
static void test_keep(void **state)
{
    (void)state;
    /* [1,3,0 | 0,4,0], 5-5 (18 seeds). South 1 into 2: 2 holds 4, 5
     * holds 4, nothing else: the round ends. */
    const char *p44 = "{\"board\": [1,3,0, 0,4,0], \"stores\": [5, 5], \"to_move\": \"south\"}";
    /* no share: 2 and 5 keep 4 each; the stores stay 5-5; each refills
     * his other two holes from the left (1, 3; 4, 6): 1-1 */
    static const int kept[] = { 2, 4, 2, 2, 4, 2 };
    keep_case("true", "left", "", p44, "1", kept, 1, 1);
    /* South would take 1, North 10 of each: South 1, North the 3 left
     * (cut): 7-11, both kept holes empty; refills 2 holes each: 3-7 */
    static const int emptied[] = { 2, 0, 2, 2, 0, 2 };
    keep_case("true", "left", " share: if player == south then 1 else 10,", p44, "1", emptied, 3, 7);
    /* [1,4,0 | 0,3,0]: 2 ends with 5, 5 with 3. Half each, both worked
     * out before either is taken: 2 gives 2 and 2 (1 stays; taken one
     * after the other, North would get 1 of the 3 left), 5 gives 1 and 1
     * (1 stays): 8-8; refills: 4-4 */
    static const int halves[] = { 2, 1, 2, 2, 1, 2 };
    keep_case("true", "left", " share: hole.count / 2,", "{\"board\": [1,4,0, 0,3,0], \"stores\": [5, 5], \"to_move\": \"south\"}",
              "1", halves, 4, 4);
    /* the match off: nothing is kept; the owners take 2 and 5 too: 9-9 */
    static const int none[] = { 0, 0, 0, 0, 0, 0 };
    keep_case("false", "left", " share: hole.count / 2,", p44, "1", none, 9, 9);

    /* choose: player: South holds 3 after the round (a hole's worth),
     * the kept hole is never offered: fill:1 or fill:3 */
    char text[sizeof keep_fmt + 160], buf[256];
    snprintf(text, sizeof text, keep_fmt, "true", "player", "");
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [1,3,0, 0,4,0], \"stores\": [2, 5], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.phase, PH_FILL);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_string_equal(tokens(&g, buf, sizeof buf), "fill:1 fill:3");
        play(&g.vm, &g.p, &g.h, "fill:3");
        static const int after[] = { 0, 4, 2, 2, 4, 2 };
        counts_are(&g.p, after, 6);
        assert_true(has_hole(g.p.out_of_play, 0) && !has_hole(g.p.out_of_play, 1));
        /* a JSON position in phase fill: the kept hole may hold seeds,
         * another hole of the player to fill may not */
        Position q;
        char err[200];
        const char *ok = "{\"board\": [0,3,0, 0,4,0], \"stores\": [3, 11], \"to_move\": \"south\", \"phase\": \"fill\"}";
        assert_true(pos_from_json(g.r, ok, strlen(ok), &q, err, sizeof err));
        const char *bad = "{\"board\": [1,3,0, 0,4,0], \"stores\": [2, 11], \"to_move\": \"south\", \"phase\": \"fill\"}";
        assert_false(pos_from_json(g.r, bad, strlen(bad), &q, err, sizeof err));
        assert_non_null(strstr(err, "hole 1 holds 1"));
        game_end(&g);
    }
}

/* match.fill-rest: what pays for no full hole goes into the next hole
 * in `choose` order. 2x3, every move ends the round; South 1 into 2:
 * South takes 2's seed (3 in all), North keeps 9. From the left: South
 * fills 1 (2) and puts his last seed into 2; 3 is out of play; North
 * fills his three holes and keeps 3. From the right: 3 (2), then 2 (1); 1
 * is out of play. */
static void test_fill_rest(void **state)
{
    (void)state;
    static const char fmt[] =
        "game: rest\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0, direction: ccw}\n"
        "end:\n"
        "  - when: true\n"
        "    seeds: owners\n"
        "match: {max-rounds: 10, next: fill, fill-seeds: 2, choose: %s, fill-rest: true, over: false,\n"
        "        score: player.store}\n";
    static const int left[] = { 2, 1, 0, 2, 2, 2 }, right[] = { 0, 1, 2, 2, 2, 2 };
    for (int side = 0; side < 2; side++) {
        char text[sizeof fmt + 8];
        snprintf(text, sizeof text, fmt, side ? "right" : "left");
        for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
            Game g;
            game_at(&g, text, mode, "{\"board\": [1,0,0, 0,0,0], \"stores\": [2, 9], \"to_move\": \"south\"}");
            play(&g.vm, &g.p, &g.h, "1");
            assert_int_equal(g.p.round, 2);
            counts_are(&g.p, side ? right : left, 6);
            assert_int_equal(g.p.store[SOUTH], 0);
            assert_int_equal(g.p.store[NORTH], 3);
            assert_true(g.p.out_of_play == bit(side ? 0 : 2));
            game_end(&g);
        }
    }
}

/* match.next: copy with fill-rest and a kept middle column (Fergen
 * Gobale's layout). 2x5 (South 1-5; North 6-10, 10 above 1), holes 3
 * and 8 kept, 2 seeds a hole from the layer's left; every move ends the
 * round, each taking the seeds of his holes but the kept ones. */
static void copy_case(const char *opposite, const char *pos, const int *want, Mask out, int south, int north)
{
    static const char fmt[] =
        "game: copy\n"
        "board: {rows: 2, holes: 5, seeds: 2, stores: off-track}\n"
        "moves: {from: hole.owner == mover and hole.count > 0 and hole.column != 3, direction: ccw}\n"
        "end:\n"
        "  - when: true\n"
        "    seeds: owners\n"
        "match: {max-rounds: 10, next: copy, fill-seeds: 2, choose: left, fill-rest: true, keep: hole.column == 3,\n"
        "        copy-opposite: %s, over: false, score: player.store}\n";
    char text[sizeof fmt + 8];
    snprintf(text, sizeof text, fmt, opposite);
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, pos);
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.round, 2);
        counts_are(&g.p, want, 10);
        assert_true(g.p.out_of_play == out);
        assert_int_equal(g.p.store[SOUTH], south);
        assert_int_equal(g.p.store[NORTH], north);
        game_end(&g);
    }
}

static void test_copy_rest(void **state)
{
    (void)state;
    /* South 1 into 2; South takes 1, 5 in all, North keeps 20; 3 and 8
     * keep 3 each. South lays 2 into 1 and 2, his last seed into 4; 5
     * stays empty. North copies hole for hole from his own left (6, 7,
     * 9; 10 empty) or into the holes facing (10, 9, 7; 6 empty); the
     * empty ones are out of play; 0-15 */
    const char *rest = "{\"board\": [1,0,3,0,0, 0,0,3,0,0], \"stores\": [4, 20], \"to_move\": \"south\"}";
    static const int by_index[] = { 2, 2, 3, 1, 0, 2, 2, 3, 1, 0 };
    static const int facing[] = { 2, 2, 3, 1, 0, 0, 1, 3, 2, 2 };
    copy_case("false", rest, by_index, bit(4) | bit(9), 0, 15);
    copy_case("true", rest, facing, bit(4) | bit(5), 0, 15);
    /* South holds 11: 8 fill his four holes, the 3 left go into the kept
     * hole that is empty (3, not 8); North pays 8: 0-12 */
    static const int full[] = { 2, 2, 3, 2, 2, 2, 2, 3, 2, 2 };
    copy_case("true", "{\"board\": [1,0,0,0,0, 0,0,3,0,0], \"stores\": [10, 20], \"to_move\": \"south\"}", full, 0,
              0, 12);
    /* South holds 1: he cannot pay his first hole, a seed a hole: 1; North
     * copies it into 10 (facing); everything else is out of play: 0-19 */
    static const int one[] = { 1, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
    copy_case("true", "{\"board\": [1,0,0,0,0, 0,0,0,0,0], \"stores\": [0, 20], \"to_move\": \"south\"}", one,
              bit(1) | bit(3) | bit(4) | bit(5) | bit(6) | bit(8), 0, 19);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lot_first),
        cmocka_unit_test(test_lot_players),
        cmocka_unit_test(test_settle),
        cmocka_unit_test(test_settle_fields),
        cmocka_unit_test(test_leftover),
        cmocka_unit_test(test_keep),
        cmocka_unit_test(test_fill_rest),
        cmocka_unit_test(test_copy_rest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

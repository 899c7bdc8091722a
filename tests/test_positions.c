/* test_positions: worked positions and other implementations' test vectors.
 *
 * Data-driven: each case gives a position, moves, and what must follow
 * (fields of the JSON position, or that a move is illegal, or the legal
 * moves). The cases live in tests/positions/ (worked by hand from docs/rules.md,
 * see WORKING.md there) and tests/external/ (MancalaGames' and EveryBoard's
 * test suites, converted). One cmocka test per file; every failing case is
 * printed with its name. Run from the project root. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "builtin.h"
#include "json.h"
#include "rules.h"
#include "vm.h"

static Rules *load_builtin(const char *name, json_t *options)
{
    const char *opts[32];
    char buf[32][128];
    int n = 0;
    const char *k;
    json_t *v;
    json_object_foreach(options, k, v) {   /* (NULL options: none) */
        if (n >= 32)
            break;
        if (json_is_string(v))
            snprintf(buf[n], sizeof buf[n], "%s=%s", k, json_string_value(v));
        else if (json_is_boolean(v))
            snprintf(buf[n], sizeof buf[n], "%s=%s", k, json_is_true(v) ? "true" : "false");
        else if (json_is_integer(v))
            snprintf(buf[n], sizeof buf[n], "%s=%lld", k, (long long)json_integer_value(v));
        else
            continue;
        opts[n] = buf[n];
        n++;
    }
    const BuiltinVariant *b = builtin_find(name);
    if (!b)
        return NULL;
    Diags dg;
    dg_init(&dg, b->path, b->text, strlen(b->text));
    Rules *r = rules_open(b->path, b->text, strlen(b->text), opts, n, MC_LOAD_DEFAULT, &dg);
    if (!r)
        dg_print(&dg, stderr, 0);
    dg_free(&dg);
    return r;
}

/* Compares the fields of `want` (a JSON object) with our position's JSON;
 * prints the differences. Returns the number of differing fields. */
static int compare(const char *name, json_t *got, json_t *want, const char *only_if_listed,
                   json_t *listed)
{
    int bad = 0;
    const char *k;
    json_t *v;
    (void)only_if_listed;
    static const char *const known[] = { "board", "stores", "to_move", "over", "winner",
        "phase", "round", "starter", "removed", "opened", "out_of_play", "owners", "totals",
        "moves", "holdings", NULL };
    json_object_foreach(want, k, v) {
        int is_known = 0;
        for (int i = 0; known[i]; i++)
            is_known |= !strcmp(known[i], k);
        /* and any other field the position has: a variant's flags */
        if (!is_known && !json_object_get(got, k))
            continue;
        if (listed && !strcmp(k, "to_move")) {
            /* compare to_move only where the original test asserts it */
            int asserted = 0;
            size_t i;
            json_t *e;
            json_array_foreach(listed, i, e)
                asserted |= json_is_string(e) && !strcmp(json_string_value(e), k);
            if (!asserted)
                continue;
        }
        json_t *g = json_object_get(got, k);
        if (!g) {
            if (!strcmp(k, "opened") || !strcmp(k, "out_of_play")) {
                if (json_array_size(v) == 0)
                    continue;
            }
            if (!strcmp(k, "holdings") || !strcmp(k, "fill_count") || !strcmp(k, "turn") ||
                !strcmp(k, "derived") || !strcmp(k, "variant"))
                continue;
        }
        if (!strcmp(k, "fill_count") || !strcmp(k, "derived") || !strcmp(k, "turn"))
            continue;
        if (!g || !json_equal(g, v)) {
            char *a = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
            char *b = g ? json_dumps(g, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
            print_error("%s: field %s: expected %s, got %s\n", name, k, a, b ? b : "(missing)");
            free(a);
            free(b);
            bad++;
        }
    }
    return bad;
}

static json_t *position_json(const Rules *r, const Position *p)
{
    Vm vm;
    vm_init(&vm, r);
    char *s = pos_to_json(&vm, p);
    json_t *j = json_loads(s, 0, NULL);
    free(s);
    return j;
}

static int read_pos(const Rules *r, json_t *before, Position *p, History *h, const char *name)
{
    if (json_is_string(before) && !strcmp(json_string_value(before), "start")) {   /* the game's start */
        h->n = h->base = 0;
        Vm vm;
        vm_init(&vm, r);
        return flow_start(&vm, p, h) == MC_OK;
    }
    char *s = json_dumps(before, JSON_COMPACT);
    char err[300];
    int ok = pos_from_json(r, s, strlen(s), p, err, sizeof err);
    free(s);
    if (!ok) {
        print_error("%s: cannot read `before`: %s\n", name, err);
        return 0;
    }
    h->n = h->base = 0;
    Vm vm;
    vm_init(&vm, r);
    return flow_settle(&vm, p, h) == MC_OK;
}

/* Plays `tok`; returns 0 (and prints) if it is not legal. */
static int play(const Rules *r, Position *p, History *h, const char *tok, const char *name, int quiet)
{
    Move moves[MAX_MOVES];
    Vm vm;
    vm_init(&vm, r);
    int n = gen_moves(&vm, p, moves);
    int k = tok_find(r, moves, n, tok);
    if (k < 0) {
        if (!quiet)
            print_error("%s: move %s is not legal\n", name, tok);
        return 0;
    }
    return flow_play(&vm, p, &moves[k], h, NULL) == MC_OK;
}

static const char *tok_of(json_t *v, char *buf, size_t n)
{
    if (json_is_string(v))
        return json_string_value(v);
    snprintf(buf, n, "%lld", (long long)json_integer_value(v));
    return buf;
}

/* One case in the {name, variant, options, before, moves, expect} form. */
static int run_case(json_t *c, const char *variant_default)
{
    const char *name = json_string_value(json_object_get(c, "name"));
    if (!name)
        name = "?";
    const char *variant = json_string_value(json_object_get(c, "variant"));
    if (!variant)
        variant = variant_default;
    json_t *opts = json_object_get(c, "options");
    Rules *r = load_builtin(variant, opts);
    if (!r) {
        print_error("%s: cannot load variant %s\n", name, variant);
        return 1;
    }
    History h;
    hist_init(&h);
    Position p;
    int fails = 0;
    json_t *expect = json_object_get(c, "expect");
    json_t *moves = json_object_get(c, "moves");
    if (!read_pos(r, json_object_get(c, "before"), &p, &h, name)) {
        fails = 1;
        goto out;
    }
    int illegal = json_is_true(json_object_get(expect, "illegal"));
    size_t nm = json_array_size(moves);
    for (size_t i = 0; i < nm; i++) {
        char buf[32];
        const char *tok = tok_of(json_array_get(moves, i), buf, sizeof buf);
        int last = i + 1 == nm;
        int ok = play(r, &p, &h, tok, name, illegal && last);
        if (illegal && last) {
            if (ok) {
                print_error("%s: move %s should be illegal\n", name, tok);
                fails = 1;
            }
            goto out;
        }
        if (!ok) {
            fails = 1;
            goto out;
        }
    }
    if (illegal) {
        print_error("%s: expected an illegal move, but no moves given\n", name);
        fails = 1;
        goto out;
    }
    json_t *got = position_json(r, &p);
    json_t *legal = json_object_get(expect, "legal");
    if (legal) {
        if (!json_equal(json_object_get(got, "moves"), legal)) {
            char *a = json_dumps(legal, JSON_COMPACT);
            char *b = json_dumps(json_object_get(got, "moves"), JSON_COMPACT);
            print_error("%s: legal moves: expected %s, got %s\n", name, a, b);
            free(a);
            free(b);
            fails = 1;
        }
    }
    json_t *after = json_object_get(expect, "after");
    if (!after && json_object_get(expect, "board"))
        after = expect;
    if (after)
        fails += compare(name, got, after, NULL, json_object_get(c, "checked_by_everyboard_test"));
    json_decref(got);
out:
    hist_free(&h);
    rules_free(r);
    return fails != 0;
}

static json_t *read_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    json_t *all = json_array();
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int lineno = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (n <= 1)
            continue;
        json_error_t e;
        json_t *j = json_loads(line, 0, &e);
        if (!j) {
            print_error("%s:%d: bad JSON: %s\n", path, lineno, e.text);
            continue;
        }
        json_array_append_new(all, j);
    }
    free(line);
    fclose(f);
    return all;
}

/* Runs a file of cases; returns how many failed (an unreadable or
 * empty file counts as one). */
static int run_file_cases(const char *path, const char *variant)
{
    json_t *cases = strstr(path, ".jsonl") ? read_lines(path) : json_load_file(path, 0, NULL);
    if (!cases) {
        print_error("%s: cannot read\n", path);
        return 1;
    }
    size_t i;
    json_t *c;
    int failed = 0, n = 0;
    json_array_foreach(cases, i, c) {
        failed += run_case(c, variant);
        n++;
    }
    json_decref(cases);
    print_message("%s: %d cases, %d failed\n", path, n, failed);
    return n > 0 ? failed : 1;
}

static void run_file(const char *path, const char *variant)
{
    assert_int_equal(run_file_cases(path, variant), 0);
}

/* MancalaGames' Bechi matches: move, fill and setup-auto steps. A
 * round-ending move is checked through the round's final stores (our
 * `totals` grow by them) and the next step's starting position. */
static void run_mancalagames(const char *path)
{
    json_t *steps = read_lines(path);
    assert_non_null(steps);
    int failed = 0, n = (int)json_array_size(steps);
    for (int i = 0; i < n; i++) {
        json_t *s = json_array_get(steps, (size_t)i);
        const char *kind = json_string_value(json_object_get(s, "kind"));
        const char *test = json_string_value(json_object_get(s, "test"));
        char name[200];
        snprintf(name, sizeof name, "%s (%s, line %d)", test ? test : "?", kind ? kind : "?", i + 1);
        if (!kind || !strcmp(kind, "setup-auto"))
            continue;
        Rules *r = load_builtin("bechi", NULL);
        History h;
        hist_init(&h);
        Position p;
        int bad = 0;
        json_t *before = json_object_get(s, "before");
        json_t *after = json_object_get(s, "after");
        if (!read_pos(r, before, &p, &h, name) ||
            !play(r, &p, &h, json_string_value(json_object_get(s, "token")), name, 0)) {
            bad = 1;
        } else {
            json_t *got = position_json(r, &p);
            if (json_is_true(json_object_get(after, "round_over"))) {
                json_t *w = json_pack("{s:O}", "totals", json_object_get(after, "stores"));
                bad += compare(name, got, w, NULL, NULL);
                json_decref(w);
                if (json_is_true(json_object_get(after, "match_over"))) {
                    const char *mw = json_string_value(json_object_get(after, "match_winner"));
                    json_t *w2 = json_pack("{s:b}", "over", 1);
                    if (mw)
                        json_object_set_new(w2, "winner", json_string(mw));
                    bad += compare(name, got, w2, NULL, NULL);
                    json_decref(w2);
                } else if (i + 1 < n && !strcmp(kind, "move")) {
                    json_t *nx = json_array_get(steps, (size_t)i + 1);
                    const char *nk = json_string_value(json_object_get(nx, "kind"));
                    json_t *want = json_deep_copy(!strcmp(nk, "fill") ? json_object_get(nx, "before")
                                                                       : json_object_get(nx, "after"));
                    json_object_del(want, "holdings");
                    bad += compare(name, got, want, NULL, NULL);
                    json_decref(want);
                }
            } else {
                json_t *want = json_deep_copy(after);
                json_object_del(want, "holdings");
                bad += compare(name, got, want, NULL, NULL);
                json_decref(want);
            }
            json_decref(got);
        }
        failed += bad != 0;
        hist_free(&h);
        rules_free(r);
    }
    json_decref(steps);
    print_message("%s: %d steps, %d failed\n", path, n, failed);
    assert_int_equal(failed, 0);
}

#define FILE_TEST(fn, path, variant) \
    static void fn(void **state) { (void)state; run_file(path, variant); }

/* Every built-in variant has its worked positions in
 * tests/positions/NAME.jsonl (worked by hand in WORKING.md or NAME.md
 * beside it): each file runs, and a built-in without one fails. */
static void test_positions_every_builtin(void **state)
{
    (void)state;
    int missing = 0, failed = 0;
    for (const BuiltinVariant *b = builtin_variants; b->name; b++) {
        char path[256];
        snprintf(path, sizeof path, "tests/positions/%s.jsonl", b->name);
        FILE *f = fopen(path, "r");
        if (!f) {
            print_error("%s: no worked positions (%s)\n", b->name, path);
            missing++;
            continue;
        }
        fclose(f);
        failed += run_file_cases(path, b->name) != 0;
    }
    assert_int_equal(missing, 0);
    assert_int_equal(failed, 0);
}

FILE_TEST(test_external_everyboard_awale, "tests/external/everyboard-awale.json", "oware")
FILE_TEST(test_external_everyboard_kalah, "tests/external/everyboard-kalah.json", "kalah")

/* EveryBoard's Ba-awa cases are single games. */
static void test_external_everyboard_ba_awa(void **state)
{
    (void)state;
    json_t *cases = json_load_file("tests/external/everyboard-ba-awa.json", 0, NULL);
    assert_non_null(cases);
    size_t i;
    json_t *c;
    int failed = 0;
    json_array_foreach(cases, i, c) {
        json_object_set_new(c, "options", json_pack("{s:s}", "match", "false"));
        failed += run_case(c, "ba-awa");
    }
    json_decref(cases);
    assert_int_equal(failed, 0);
}

static void test_external_mancalagames_bechi(void **state)
{
    (void)state;
    run_mancalagames("tests/external/mancalagames-bechi.jsonl");
}

static void test_external_mancalagames_bechi_alternatives(void **state)
{
    (void)state;
    run_mancalagames("tests/external/mancalagames-bechi-alternatives.jsonl");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_positions_every_builtin),
        cmocka_unit_test(test_external_everyboard_awale),
        cmocka_unit_test(test_external_everyboard_kalah),
        cmocka_unit_test(test_external_everyboard_ba_awa),
        cmocka_unit_test(test_external_mancalagames_bechi),
        cmocka_unit_test(test_external_mancalagames_bechi_alternatives),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_load: the variant-file loader (interpreter/load.c). Files are given
 * as strings here; tests/bad/ holds the on-disk corpus of broken files. */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "builtin.h"
#include "rules.h"

static Rules *load(const char *text, const char *const *opts, int nopts, Diags *dg)
{
    dg_init(dg, "t.yaml", text, strlen(text));
    return rules_load("t.yaml", text, strlen(text), opts, nopts, 0, dg);
}

static const char *builtin(const char *name)
{
    const BuiltinVariant *b = builtin_find(name);
    return b ? b->text : NULL;
}

static const char *const minimal =
    "game: tiny\n"
    "board:\n"
    "  rows: 2\n"
    "  holes: 3\n"
    "  seeds: 2\n"
    "  stores: off-track\n"
    "moves:\n"
    "  from: hole.owner == mover\n"
    "  direction: ccw\n";

/* Asserts that the first diagnostic is at line:col and mentions `part`. */
static void first_error(const Diags *dg, int line, int col, const char *part)
{
    assert_true(dg->errors > 0);
    const Diag *d = &dg->items[0];
    if (d->loc.line != line || d->loc.col != col || !strstr(d->msg, part))
        fail_msg("got %d:%d \"%s\", expected %d:%d \"%s\"", d->loc.line, d->loc.col, d->msg, line, col, part);
}

static void test_load_every_builtin(void **state)
{
    (void)state;
    int n = 0;
    for (const BuiltinVariant *b = builtin_variants; b->name; b++, n++) {
        Diags dg;
        Rules *r = load(b->text, NULL, 0, &dg);
        if (!r)
            fail_msg("%s does not load: %s", b->name, dg.count ? dg.items[0].msg : "?");
        assert_string_equal(r->name, b->name);
        assert_int_equal(dg.errors, 0);
        rules_free(r);
        dg_free(&dg);
    }
    /* one built-in for each file of variants/ (the tests run from the
     * top of the tree) */
    glob_t files;
    assert_int_equal(glob("variants/*.yaml", 0, NULL, &files), 0);
    assert_int_equal(n, (int)files.gl_pathc);
    assert_true(n >= 12);
    globfree(&files);
}

static void test_load_rule_graph_fields(void **state)
{
    (void)state;
    Diags dg;
    Rules *r = load(builtin("bohnenspiel"), NULL, 0, &dg);
    assert_non_null(r);
    assert_int_equal(r->width, 6);
    assert_int_equal(r->nholes, 12);
    assert_int_equal(r->total_seeds, 72);
    assert_int_equal(r->stores, STORES_OFF_TRACK);
    assert_int_equal(r->sow.laps, LAPS_SINGLE);
    assert_int_equal(r->ncaptures, 1);
    assert_int_equal(r->captures[0].chain, CHAIN_BACKWARD);
    assert_int_equal(r->match, 0);   /* partie=false folds `enabled` */
    assert_int_equal(r->captures[0].when.loc.line, 59);
    /* the keys given are recorded for the plan */
    assert_int_equal(r->move_features, FT_FROM | FT_DIRECTION);
    assert_int_equal(r->sow.features, FT_FIRST_SEED | FT_SKIP);
    assert_int_equal(r->plan.moves_by_mask, 0);   /* no plan yet: rules_load only */
    rules_free(r);
    dg_free(&dg);

    const char *partie[] = { "partie=true", "skip-origin=true" };
    r = load(builtin("bohnenspiel"), partie, 2, &dg);
    assert_non_null(r);
    assert_int_equal(r->match, 1);
    assert_int_equal(r->max_rounds, 100);
    assert_true(r->sow.skip.code != NULL && !r->sow.skip.is_const);
    rules_free(r);
    dg_free(&dg);

    r = load(builtin("bechi"), NULL, 0, &dg);
    assert_non_null(r);
    assert_int_equal(r->sow.first_seed, FIRST_ORIGIN);
    assert_int_equal(r->mark_flag, 0);
    assert_string_equal(r->flags[0], "opened");
    assert_int_equal(r->next, NEXT_FILL);
    assert_int_equal(r->fill_seeds, 6);
    rules_free(r);
    dg_free(&dg);

    const char *h15[] = { "holes=15" };
    r = load(builtin("andada"), h15, 1, &dg);
    assert_non_null(r);
    assert_int_equal(r->width, 15);
    assert_int_equal(r->total_seeds, 60);
    assert_int_equal(r->has_opening, 1);
    assert_int_equal(r->first_chooser, NORTH);
    rules_free(r);
    dg_free(&dg);
}

static void test_load_option_folds_expressions(void **state)
{
    (void)state;
    Diags dg;
    Rules *r = load(builtin("oware"), NULL, 0, &dg);
    assert_non_null(r);
    assert_int_equal(r->sow.skip.form.kind, EXF_AND);   /* `hole == origin`: one test */
    /* default grand-slam=nothing: the cancel rule stays, not constant */
    assert_false(r->captures[0].cancel_if.is_const);
    assert_true(r->must[1].when.is_const && r->must[1].when.value == 0);
    rules_free(r);
    dg_free(&dg);
    const char *cap[] = { "grand-slam=capture" };
    r = load(builtin("oware"), cap, 1, &dg);
    assert_non_null(r);
    assert_true(r->captures[0].cancel_if.is_const && r->captures[0].cancel_if.value == 0);
    rules_free(r);
    dg_free(&dg);
}

static void test_load_bad_overrides(void **state)
{
    (void)state;
    Diags dg;
    const char *o1[] = { "colour=red" };
    assert_null(load(builtin("oware"), o1, 1, &dg));
    assert_non_null(strstr(dg.items[0].msg, "no option `colour`"));
    assert_non_null(strstr(dg.items[0].msg, "grand-slam"));
    dg_free(&dg);
    const char *o2[] = { "grand-slam=maybe", "grand-slam" };
    assert_null(load(builtin("oware"), o2, 2, &dg));
    assert_int_equal(dg.errors, 2);
    assert_non_null(strstr(dg.items[0].msg, "nothing, capture, illegal"));
    assert_non_null(strstr(dg.items[1].msg, "KEY=VALUE"));
    dg_free(&dg);
    const char *o3[] = { "holes=13" };
    assert_null(load(builtin("andada"), o3, 1, &dg));
    assert_non_null(strstr(dg.items[0].msg, "12, 15, 18, 21, 24"));
    dg_free(&dg);
    const char *o4[] = { "target=6" };
    assert_null(load(builtin("ba-awa"), o4, 1, &dg));
    assert_non_null(strstr(dg.items[0].msg, "7..12"));
    dg_free(&dg);
    const char *o5[] = { "match=maybe" };
    assert_null(load(builtin("bechi"), o5, 1, &dg));
    assert_non_null(strstr(dg.items[0].msg, "true or false"));
    dg_free(&dg);
}

static void test_load_minimal_and_defaults(void **state)
{
    (void)state;
    Diags dg;
    Rules *r = load(minimal, NULL, 0, &dg);
    assert_non_null(r);
    assert_int_equal(r->nholes, 6);
    assert_int_equal(r->repetition, 3);
    assert_int_equal(r->sow.first_seed, FIRST_NEXT);
    assert_int_equal(r->sow.features, 0);
    assert_int_equal(r->mark_flag, -1);
    assert_int_equal(r->first_chooser, -1);
    rules_free(r);
    dg_free(&dg);
}

static void test_load_unknown_key_located(void **state)
{
    (void)state;
    Diags dg;
    char text[600];
    snprintf(text, sizeof text, "%s  colour: red\n", minimal);
    assert_null(load(text, NULL, 0, &dg));
    first_error(&dg, 10, 3, "unknown key `colour` in `moves`");
    dg_free(&dg);
}

static void test_load_reports_all_errors(void **state)
{
    (void)state;
    Diags dg;
    const char *text =
        "game: tiny\n"
        "boardd: 1\n"
        "board:\n"
        "  rows: 4\n"
        "  holes: 40\n"
        "  seeds: 2\n"
        "  stores: sometimes\n"
        "moves:\n"
        "  from: hole.count >> 1\n"
        "  direction: up\n";
    assert_null(load(text, NULL, 0, &dg));
    assert_true(dg.errors >= 5);
    first_error(&dg, 2, 1, "unknown key `boardd`");
    int seen_holes = 0, seen_stores = 0, seen_expr = 0, seen_dir = 0;
    for (int i = 0; i < dg.count; i++) {
        const Diag *d = &dg.items[i];
        seen_holes |= d->loc.line == 5 && d->loc.col == 10 && strstr(d->msg, "160 holes; at most 128") != NULL;
        seen_stores |= d->loc.line == 7 && strstr(d->msg, "off-track") != NULL;
        seen_expr |= d->loc.line == 9 && d->loc.col == 21 && strstr(d->msg, "unexpected") != NULL;
        seen_dir |= d->loc.line == 10 && d->loc.col == 14;
    }
    assert_true(seen_holes && seen_stores && seen_expr && seen_dir);
    dg_free(&dg);
}

static void test_load_expression_column_in_block_scalar(void **state)
{
    (void)state;
    Diags dg;
    char text[800];
    snprintf(text, sizeof text, "%s"
             "captures:\n"
             "  - when: >\n"
             "      last.count == 2 and\n"
             "      last.colour == 3\n"
             "    take: last\n"
             "    to: mover\n", minimal);
    assert_null(load(text, NULL, 0, &dg));
    first_error(&dg, 13, 12, "no property `colour`");
    dg_free(&dg);
}

static void test_load_missing_and_wrong_kinds(void **state)
{
    (void)state;
    Diags dg;
    assert_null(load("game: x\n", NULL, 0, &dg));
    assert_true(dg.errors >= 2);
    assert_non_null(strstr(dg.items[0].msg, "needs the key `board`"));
    dg_free(&dg);
    assert_null(load("- 1\n- 2\n", NULL, 0, &dg));
    first_error(&dg, 1, 1, "must be a mapping, not a list");
    dg_free(&dg);
    assert_null(load("", NULL, 0, &dg));
    first_error(&dg, 1, 1, "empty");
    dg_free(&dg);
}

static void test_load_rejects_aliases_and_nul(void **state)
{
    (void)state;
    Diags dg;
    char text[700];
    snprintf(text, sizeof text, "%s"
             "end:\n"
             "  - &e {when: seeds(board) == 0, seeds: owners}\n"
             "  - *e\n", minimal);
    assert_null(load(text, NULL, 0, &dg));
    first_error(&dg, 12, 5, "aliases are not supported");
    dg_free(&dg);
    const char nul[] = "game: x\0\n";
    dg_init(&dg, "t.yaml", nul, sizeof nul - 1);
    assert_null(rules_load("t.yaml", nul, sizeof nul - 1, NULL, 0, 0, &dg));
    first_error(&dg, 1, 8, "NUL byte");
    dg_free(&dg);
}

static void test_load_limits(void **state)
{
    (void)state;
    Diags dg;
    size_t n = (1u << 20) + 10;
    char *big = malloc(n + 1);
    assert_non_null(big);
    memset(big, '#', n);
    big[n] = 0;
    dg_init(&dg, "t.yaml", big, n);
    assert_null(rules_load("t.yaml", big, n, NULL, 0, 0, &dg));
    assert_non_null(strstr(dg.items[0].msg, "too large"));
    dg_free(&dg);
    free(big);
    /* nesting */
    char deep[2000];
    int k = snprintf(deep, sizeof deep, "game: x\nboard: ");
    for (int i = 0; i < 40; i++)
        deep[k++] = '[';
    for (int i = 0; i < 40; i++)
        deep[k++] = ']';
    deep[k++] = '\n';
    deep[k] = 0;
    assert_null(load(deep, NULL, 0, &dg));
    assert_non_null(strstr(dg.items[0].msg, "nested too deeply"));
    dg_free(&dg);
}

static void test_load_contradictions(void **state)
{
    (void)state;
    Diags dg;
    char text[800];
    snprintf(text, sizeof text, "%s"
             "sowing:\n"
             "  stores: own\n"
             "  relay-while: last.count > 1\n"
             "no-moves:\n"
             "  pass: true\n"
             "  loses: true\n", minimal);
    assert_null(load(text, NULL, 0, &dg));
    assert_int_equal(dg.errors, 3);
    first_error(&dg, 11, 11, "on-track");
    assert_non_null(strstr(dg.items[1].msg, "needs `laps: relay`"));
    assert_non_null(strstr(dg.items[2].msg, "cannot also lose"));
    dg_free(&dg);
}

/* `about`: a single text is a list of one; the texts are kept as written
 * (a folded scalar joined); nothing of it touches the rules. */
static void test_load_about(void **state)
{
    (void)state;
    Diags dg;
    char text[900];
    snprintf(text, sizeof text, "%s"
             "about:\n"
             "  names: Wegi\n"
             "  region: near Jijiga, Ethiopia\n"
             "  sources:\n"
             "    - \"Pankhurst 1971: 182\"\n"
             "    - a second\n"
             "  readings: >\n"
             "    one\n"
             "    line\n"
             "  gaps: the later rounds\n"
             "  ludii: Leyla\n", minimal);
    Rules *r = load(text, NULL, 0, &dg);
    assert_non_null(r);
    assert_int_equal(r->nnames, 1);
    assert_string_equal(r->names[0], "Wegi");
    assert_string_equal(r->region, "near Jijiga, Ethiopia");
    assert_int_equal(r->nsources, 2);
    assert_string_equal(r->sources[0], "Pankhurst 1971: 182");
    assert_string_equal(r->sources[1], "a second");
    assert_string_equal(r->readings, "one line\n");
    assert_string_equal(r->gaps, "the later rounds");
    assert_string_equal(r->ludii, "Leyla");
    assert_null(r->mancalagames);
    rules_free(r);
    dg_free(&dg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_every_builtin),
        cmocka_unit_test(test_load_rule_graph_fields),
        cmocka_unit_test(test_load_option_folds_expressions),
        cmocka_unit_test(test_load_bad_overrides),
        cmocka_unit_test(test_load_minimal_and_defaults),
        cmocka_unit_test(test_load_unknown_key_located),
        cmocka_unit_test(test_load_reports_all_errors),
        cmocka_unit_test(test_load_expression_column_in_block_scalar),
        cmocka_unit_test(test_load_missing_and_wrong_kinds),
        cmocka_unit_test(test_load_rejects_aliases_and_nul),
        cmocka_unit_test(test_load_limits),
        cmocka_unit_test(test_load_contradictions),
        cmocka_unit_test(test_load_about),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

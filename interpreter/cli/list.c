/* list.c: `mancala list`: the built-in games, one a line (name, title,
 * board), those a filter keeps: rows, a word of the region, a feature of
 * the rules, or a word anywhere in what the file says of the game. */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "cli.h"
#include "show.h"

/* `needle` in `hay`, ignoring case (ASCII); an absent hay has nothing. */
static int has_word(const char *hay, const char *needle)
{
    if (!hay)
        return 0;
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

/* The features `--feature` knows, each a test of the rules. */
typedef struct Feature {
    const char *name, *meaning;
    int (*has)(const Rules *r);
} Feature;

static int f_relay(const Rules *r) { return r->sow.laps == LAPS_RELAY; }
static int f_match(const Rules *r) { return r->match; }
static int f_setup(const Rules *r) { return r->has_setup; }
static int f_opening(const Rules *r) { return r->has_opening; }
static int f_place(const Rules *r) { return r->has_place; }
static int f_select(const Rules *r) { return r->has_select; }
static int f_step(const Rules *r) { return r->has_steps; }
static int f_store_move(const Rules *r) { return r->nstore_moves > 0; }
static int f_chance(const Rules *r) { return r->has_setup && r->setup_chance; }
static int f_swap(const Rules *r) { return ex_may_hold(&r->swap_when); }
static int f_pick(const Rules *r) { return r->has_picks; }
static int f_put(const Rules *r) { return r->has_puts; }
static int f_turn_start(const Rules *r) { return r->nturn_start > 0; }
static int f_before_sowing(const Rules *r) { return r->nbefore_sow > 0; }
static int f_flags(const Rules *r) { return r->nflags > 0; }
static int f_counters(const Rules *r) { return r->ncounters > 0; }
static int f_lot(const Rules *r) { return r->has_lots; }
static int f_loans(const Rules *r) { return r->has_debts; }
static int f_stores(const Rules *r) { return r->stores != STORES_NONE; }
static int f_partial(const Rules *r) { return r->gaps != NULL; }
static int f_path(const Rules *r) { return r->sow.npath > 0; }
static int f_choice(const Rules *r) { return r->has_choice; }
static int f_hole_limit(const Rules *r) { return r->sow.hole_limit.code != NULL; }
static int f_keep(const Rules *r) { return r->match && r->keep != 0; }
static int f_per_hole(const Rules *r) { return r->group_min.code != NULL; }
static int f_stones(const Rules *r) { return r->stone_flags != 0; }
static int f_store_stones(const Rules *r) { return r->stores_hold; }
static int f_players(const Rules *r) { return r->players > 2; }
static int f_steer(const Rules *r) { return r->sow.steer.code != NULL; }
static int f_crossing(const Rules *r) { return geo_twice(r) != 0; }

static const Feature features[] = {
    { "relay", "relay sowing (laps)", f_relay },
    { "match", "a match of rounds", f_match },
    { "setup", "the players arrange the seeds (setup)", f_setup },
    { "chance", "a starting layout drawn by chance (setup.chance)", f_chance },
    { "opening", "a special opening move", f_opening },
    { "place", "seeds placed from a reserve during the play", f_place },
    { "select", "moves that choose a hole and sow nothing (moves.select)", f_select },
    { "step", "steps of one seed (moves.step)", f_step },
    { "store-move", "seeds of the store sown back onto the board (moves.store)", f_store_move },
    { "swap", "a player may swap sides during the play: the pie rule (moves.swap)", f_swap },
    { "pick", "holes picked after a capture", f_pick },
    { "put", "captured seeds put into a hole the mover chooses", f_put },
    { "turn-start", "captures as a turn begins (turn-start)", f_turn_start },
    { "before-sowing", "captures once a sowing is chosen, before it (before-sowing)", f_before_sowing },
    { "flags", "holes that change role (board.flags)", f_flags },
    { "counters", "per-player counters (board.counters)", f_counters },
    { "lot", "lots drawn", f_lot },
    { "loans", "loans and debts between rounds", f_loans },
    { "stores", "stores beside or on the board", f_stores },
    { "choice", "sowings the mover may make with a choice of his (moves.choice)", f_choice },
    { "path", "seeds sown to places of their own, not along a track (sowing.path)", f_path },
    { "hole-limit", "holes that hold a limited number of seeds (sowing.hole-limit)", f_hole_limit },
    { "keep", "holes that keep their seeds from round to round (match.keep)", f_keep },
    { "per-hole", "sowings whose seeds a hole the mover chooses (moves.per-hole)", f_per_hole },
    { "stones", "large stones sown with the seeds (board.stones)", f_stones },
    { "store-stones", "large stones lying in the stores, sown and taken from there (board.store-stones)",
      f_store_stones },
    { "players", "games of more than two players (players)", f_players },
    { "steer", "seeds the mover steers hole by hole (sowing.steer)", f_steer },
    { "crossing", "a track that passes a hole twice (board.track)", f_crossing },
    { "partial", "files that leave out part of the game (about.gaps)", f_partial },
    { NULL, NULL, NULL }
};

static json_t *text_or_null(const char *s)
{
    return s ? json_string(s) : json_null();
}

static json_t *texts(const char *const *s, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(s[i]));
    return a;
}

/* One game as a JSON object (`list --json`): what docs/catalogue.md is
 * made from. */
static json_t *game_object(const Rules *r)
{
    json_t *o = json_object();
    json_object_set_new(o, "name", json_string(r->name));
    json_object_set_new(o, "title", json_string(r->title ? r->title : r->name));
    json_object_set_new(o, "rows", json_integer(r->rows));
    json_object_set_new(o, "holes", json_integer(r->width));
    json_object_set_new(o, "seeds", json_integer(r->total_seeds));
    json_object_set_new(o, "players", json_integer(r->players));
    json_object_set_new(o, "names", texts(r->names, r->nnames));
    json_object_set_new(o, "region", text_or_null(r->region));
    json_object_set_new(o, "sources", texts(r->sources, r->nsources));
    json_object_set_new(o, "readings", text_or_null(r->readings));
    json_object_set_new(o, "gaps", text_or_null(r->gaps));
    json_object_set_new(o, "ludii", text_or_null(r->ludii));
    json_object_set_new(o, "mancalagames", text_or_null(r->mancalagames));
    json_t *op = json_array(), *ft = json_array();
    for (int i = 0; i < r->noptions; i++)
        json_array_append_new(op, json_string(r->options[i].name));
    json_object_set_new(o, "options", op);
    for (const Feature *f = features; f->name; f++)
        if (f->has(r))
            json_array_append_new(ft, json_string(f->name));
    json_object_set_new(o, "features", ft);
    return o;
}

/* Prints `o` as a line of JSON and frees it. */
static void put_json(json_t *o)
{
    char *s = o ? json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
    if (s)
        puts(s);
    free(s);
    json_decref(o);
}

static void game_json(const Rules *r)
{
    put_json(game_object(r));
}

/* An option's value `v` as JSON: true/false, a number, or its word. */
static json_t *option_value(const OptionDef *d, int64_t v)
{
    if (d->type == T_BOOL)
        return json_boolean(v);
    if (d->type == T_STRING)
        return v >= 0 && v < d->nvalues ? json_string(d->values[v]) : json_null();
    return json_integer((json_int_t)v);
}

void cli_show_json(const Rules *r)
{
    json_t *o = game_object(r);
    json_object_set_new(o, "file", json_string(r->file ? r->file : ""));
    /* the options in full, in place of their names */
    json_t *op = json_array();
    for (int i = 0; i < r->noptions; i++) {
        const OptionDef *d = &r->options[i];
        json_t *x = json_object();
        json_object_set_new(x, "name", json_string(d->name));
        json_object_set_new(x, "type", json_string(d->type == T_BOOL ? "bool" : d->type == T_STRING ? "enum" : "int"));
        json_object_set_new(x, "default", option_value(d, d->def));
        json_object_set_new(x, "value", option_value(d, d->value));
        if (d->type == T_STRING || (d->type == T_INT && d->nvalues)) {
            json_t *vs = json_array();
            for (int k = 0; k < d->nvalues; k++)
                json_array_append_new(vs, d->type == T_STRING ? json_string(d->values[k])
                                                              : json_integer((json_int_t)d->ivalues[k]));
            json_object_set_new(x, "values", vs);
        } else if (d->type == T_INT) {
            json_object_set_new(x, "min", json_integer((json_int_t)d->min));
            json_object_set_new(x, "max", json_integer((json_int_t)d->max));
        }
        json_object_set_new(x, "description", text_or_null(d->description));
        json_array_append_new(op, x);
    }
    json_object_set_new(o, "options", op);
    /* the rules in words, as `show` prints them, a line an entry */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    json_t *lines = json_array();
    if (f) {
        rules_describe(r, f);
        if (!fclose(f) && text)
            for (char *line = text, *nl; *line; line = nl + 1) {
                nl = strchr(line, '\n');
                if (!nl)
                    nl = line + strlen(line) - 1;
                json_array_append_new(lines, json_stringn(line, (size_t)(nl - line) + (nl[0] != '\n')));
                if (!nl[1])
                    break;
            }
        free(text);
    }
    json_object_set_new(o, "rules", lines);
    put_json(o);
}

/* Does the game `r` (its file's text `text`) pass every filter given? */
static int keep(const Rules *r, const char *text, int rows, const char *region, const Feature *feat,
                const char *search)
{
    if (rows && r->rows != rows)
        return 0;
    if (region && !has_word(r->region, region))
        return 0;
    if (feat && !feat->has(r))
        return 0;
    return !search || has_word(r->name, search) || has_word(r->title, search) || has_word(text, search);
}

int cli_list(int rows, const char *region, const char *feature, const char *search, int json)
{
    const Feature *feat = NULL;
    if (feature) {
        for (const Feature *f = features; f->name && !feat; f++)
            if (!strcmp(f->name, feature))
                feat = f;
        if (!feat) {
            fprintf(stderr, "mancala: no feature '%s'; the features are:\n", feature);
            for (const Feature *f = features; f->name; f++)
                fprintf(stderr, "  %-8s %s\n", f->name, f->meaning);
            return 1;
        }
    }
    int width = 0, shown = 0;
    for (const BuiltinVariant *b = builtin_variants; b->name; b++)
        if ((int)strlen(b->name) > width)
            width = (int)strlen(b->name);
    for (const BuiltinVariant *b = builtin_variants; b->name; b++) {
        Diags dg;
        dg_init(&dg, b->path, b->text, strlen(b->text));
        Rules *r = rules_load(b->path, b->text, strlen(b->text), NULL, 0, 0, &dg);
        if (!r)
            printf("%-*s (does not load: see `mancala validate`)\n", width, b->name);
        else if (keep(r, b->text, rows, region, feat, search)) {
            if (json) {
                game_json(r);
            } else {
                char board[16];
                snprintf(board, sizeof board, "%dx%d", r->rows, r->width);
                printf("%-*s  %-6s %s\n", width, b->name, board, r->title ? r->title : r->name);
            }
            shown++;
        }
        rules_free(r);
        dg_free(&dg);
    }
    if (!shown && (rows || region || feat || search))
        fprintf(stderr, "mancala: no built-in game matches\n");
    return 0;
}

/* load.c: variant file (YAML, via libyaml) -> rule graph (rules.h): the
 * document, its root mapping and rules_load.
 *
 * The file is checked before it is read (size, NUL bytes, aliases,
 * nesting, node count); then every mapping is read against its table of
 * keys (load.h: loadkey.c reads, loadsec.c and loadopt.c hold the
 * sections; docs/variant-format.md). Every problem is reported at its
 * own position and loading goes on, so one run shows all of them.
 * Expressions are compiled with the options already fixed, so option
 * tests fold away. */
#include "load.h"
#include "io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILE_BYTES   (1u << 20)   /* 1 MiB */
#define MAX_YAML_DEPTH   32
#define MAX_YAML_NODES   20000
#define MAX_CHOICE_WIDTH 12      /* C(12, 6) = 924 fill choices <= MAX_MOVES */

/* ---- positions -------------------------------------------------------- */

/* A libyaml mark as a position (1-based). */
SrcLoc ld_mark_loc(yaml_mark_t m)
{
    return (SrcLoc){ (int)m.line + 1, (int)m.column + 1 };
}

/* A node's position ({0, 0} for NULL). */
SrcLoc ld_nloc(const yaml_node_t *n)
{
    return n ? ld_mark_loc(n->start_mark) : (SrcLoc){ 0, 0 };
}

/* The node numbered `id` of the document (NULL if none). */
yaml_node_t *ld_node(const Ld *ld, int id)
{
    return yaml_document_get_node(ld->doc, id);
}

/* Is `c` a UTF-8 continuation byte? */
static int ld_is_cont(char c)
{
    return ((unsigned char)c & 0xC0) == 0x80;
}

/* Byte index -> line:column, columns counted in characters as libyaml
 * counts them. */
SrcLoc ld_index_loc(const Ld *ld, size_t idx)
{
    SrcLoc l = { 1, 1 };
    for (size_t i = 0; i < idx && i < ld->len; i++) {
        if (ld->text[i] == '\n') {
            l.line++;
            l.col = 1;
        } else if (!ld_is_cont(ld->text[i]))
            l.col++;
    }
    return l;
}

/* libyaml's mark.index counts characters; the text is bytes. */
size_t ld_char_to_byte(const Ld *ld, size_t cidx)
{
    if (ld->ascii)
        return cidx < ld->len ? cidx : ld->len;
    size_t i = 0, c = 0;
    while (i < ld->len && c < cidx) {
        i++;
        while (i < ld->len && ld_is_cont(ld->text[i]))
            i++;
        c++;
    }
    return i;
}

/* ---- the root mapping ------------------------------------------------- */

enum { R_GAME, R_TITLE, R_DESCRIPTION, R_ABOUT, R_OPTIONS, R_PLAYERS, R_BOARD, R_SETUP, R_OPENING, R_FIRST, R_MOVES, R_SOWING,
       R_CAPTURES, R_TURN_START, R_BEFORE_SOW, R_EXTRA, R_NO_MOVES, R_END, R_REPETITION, R_MATCH, R_EVALUATE, R_ELIMINATE, R_N };

/* game: a short name (of a file, a record, a command line). */
static int ld_game(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    Rules *r = base;
    (void)s;
    const char *g = lk_text(ld, v, k->name);
    if (!g)
        return 0;
    int bad = !*g || strlen(g) >= MAX_NAME;
    for (const char *p = g; *p && !bad; p++)
        bad = !((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_');
    if (bad) {
        dg_error(ld->dg, ld_nloc(v), "`game` must be a short name of lower-case letters, digits, '-' and '_'");
        return 0;
    }
    snprintf(r->name, sizeof r->name, "%s", g);
    return 1;
}

/* Without a title, the game's name is its title. */
static void ld_title(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    (void)p;
    if (!ld->r->title)
        ld->r->title = ld->r->name;
}

/* Once the options are read: the command line's overrides, and the
 * options as the constants expressions see. */
static void ld_options_known(Ld *ld, const LdSec *s, const LdPart *p)
{
    Rules *r = ld->r;
    (void)s;
    (void)p;
    lo_overrides(ld);
    for (int i = 0; i < r->noptions; i++) {
        ld->xo[i] = (ExOption){ r->options[i].name, r->options[i].type, r->options[i].value,
                                r->options[i].values, r->options[i].nvalues };
    }
    ld->scope.options = ld->xo;
    ld->scope.noptions = r->noptions;
    ld->scope.bad_options = ld->bad_opt;
    ld->scope.nbad_options = ld->nbad_opt;
}

/* Once `players` is read: expressions know how many play. */
static void ld_players_known(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    (void)p;
    ld->scope.players = ld->r->players;
    ld->r->pl_mask = ld->r->players == 2 ? 1 : PL_MASK;
}

/* Once the board is read: its flags, as hole.NAME in expressions. */
static void ld_board_known(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    (void)p;
    ld->scope.flags = ld->r->flags;
    ld->scope.nflags = ld->r->nflags;
    ld->scope.counters = ld->r->counters;
    ld->scope.ncounters = ld->r->ncounters;
}

/* The first player is chosen once the opening is over. */
static void ld_first_player(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    if (p->val[R_FIRST] && !p->val[R_OPENING] && ld->r->first_chooser >= 0)
        dg_error(ld->dg, ld_nloc(p->key[R_FIRST]), "`first-player` is chosen after an `opening`; this file has none");
    if (p->val[R_FIRST] && p->val[R_OPENING] && ld->r->first_begins >= 0)
        dg_error(ld->dg, ld_nloc(p->key[R_FIRST]),
                 "`first-player.begins` names who moves first where there is no `opening` (`opening.by` says it)");
}

static const LdKey root_keys[R_N + 1] = {
    [R_GAME] = { .name = "game", .required = 1, .kind = LK_CUSTOM, .read = ld_game },
    [R_TITLE] = { .name = "title", .kind = LK_TEXT, .off = offsetof(Rules, title) },
    [R_DESCRIPTION] = { .name = "description", .kind = LK_TEXT, .off = offsetof(Rules, description),
                        .then = ld_title },
    [R_ABOUT] = { .name = "about", .kind = LK_SECTION, .section = ls_about },
    [R_OPTIONS] = { .name = "options", .kind = LK_SECTION, .section = lo_options, .then = ld_options_known },
    [R_PLAYERS] = { .name = "players", .kind = LK_STATIC, .type = T_INT, .lo = 2, .hi = MAX_PLAYERS,
                    .off = offsetof(Rules, players), .then = ld_players_known },
    [R_BOARD] = { .name = "board", .required = 1, .kind = LK_SECTION, .section = ls_board, .then = ld_board_known },
    [R_SETUP] = { .name = "setup", .kind = LK_SECTION, .section = ls_setup },
    [R_OPENING] = { .name = "opening", .kind = LK_SECTION, .section = ls_opening },
    [R_FIRST] = { .name = "first-player", .kind = LK_SECTION, .section = ls_first_player,
                  .then = ld_first_player },
    [R_MOVES] = { .name = "moves", .required = 1, .kind = LK_SECTION, .section = ls_moves },
    [R_SOWING] = { .name = "sowing", .kind = LK_SECTION, .section = ls_sowing },
    [R_CAPTURES] = { .name = "captures", .kind = LK_RULES, .flags = LF_RULES_IN, .off = offsetof(Rules, captures),
                     .count = offsetof(Rules, ncaptures), .size = sizeof(CaptureRule), .hi = MAX_CAPTURES,
                     .rule = ls_capture_rule },
    [R_TURN_START] = { .name = "turn-start", .kind = LK_RULES, .flags = LF_RULES_IN,
                       .off = offsetof(Rules, turn_start), .count = offsetof(Rules, nturn_start),
                       .size = sizeof(CaptureRule), .hi = MAX_TURN_START, .rule = ls_turn_rule },
    [R_BEFORE_SOW] = { .name = "before-sowing", .kind = LK_RULES, .flags = LF_RULES_IN,
                       .off = offsetof(Rules, before_sow), .count = offsetof(Rules, nbefore_sow),
                       .size = sizeof(CaptureRule), .hi = MAX_TURN_START, .rule = ls_before_rule },
    [R_EXTRA] = { .name = "extra-turn", .kind = LK_EXPR, .type = T_BOOL, .ctx = CTX_CAPTURED,
                  .off = offsetof(Rules, extra_turn) },
    [R_NO_MOVES] = { .name = "no-moves", .kind = LK_SECTION, .section = ls_no_moves },
    [R_END] = { .name = "end", .kind = LK_RULES, .flags = LF_RULES_IN, .off = offsetof(Rules, ends),
                .count = offsetof(Rules, nends), .size = sizeof(EndRule), .hi = MAX_ENDS, .rule = ls_end_rule },
    [R_REPETITION] = { .name = "repetition", .kind = LK_SECTION, .section = ls_repetition },
    [R_MATCH] = { .name = "match", .kind = LK_SECTION, .section = ls_match },
    [R_EVALUATE] = { .name = "evaluate", .kind = LK_EXPR, .type = T_INT, .ctx = CX_STATE | CX_PLAYER,
                     .off = offsetof(Rules, evaluate) },
    [R_ELIMINATE] = { .name = "eliminate", .kind = LK_EXPR, .type = T_BOOL, .ctx = CX_STATE | CX_PLAYER,
                      .off = offsetof(Rules, eliminate) },
};

/* The order the root's keys are read in: options first (everything else
 * may use them), the board next (its size and flags), then the moves and
 * the sowing before the opening that reuses the sowing's keys. */
static const unsigned char root_order[R_N] = {
    R_GAME, R_TITLE, R_DESCRIPTION, R_ABOUT, R_OPTIONS, R_PLAYERS, R_BOARD, R_SETUP, R_MOVES, R_SOWING, R_OPENING, R_FIRST,
    R_CAPTURES, R_TURN_START, R_BEFORE_SOW, R_EXTRA, R_NO_MOVES, R_END, R_REPETITION, R_MATCH, R_EVALUATE, R_ELIMINATE
};

/* Large stones are sown a piece a place, whole laps: the keys that lift
 * part of a hole, drop several seeds a place, or send seeds along a path
 * or off the board have no meaning for them. */
static void ld_stone_checks(Ld *ld, const LdPart *p)
{
    static const struct { unsigned ft; const char *key; } sow_no[] = {
        { FT_LIFT, "sowing.lift" }, { FT_PER_HOLE, "sowing.per-hole" }, { FT_PATH, "sowing.path" },
        { FT_SPILL, "sowing.spill-at-row-end" }, { FT_HOLE_LIMIT, "sowing.hole-limit" },
        { FT_RELAY_STORE, "sowing.relay-store" } };
    static const struct { unsigned ft; const char *key; } move_no[] = {
        { FT_MOVE_LIFT, "moves.lift" }, { FT_MOVE_GROUP, "moves.per-hole" } };
    Rules *r = ld->r;
    for (int f = 0; f < MAX_FLAGS; f++)   /* a taken stone is counted by the counter of its name */
        r->stone_counter[f] = -1;
    for (unsigned m = r->stone_flags; m; m &= m - 1)
        for (int k = 0, f = __builtin_ctz(m); k < r->ncounters; k++)
            if (!strcmp(r->counters[k], r->flags[f]))
                r->stone_counter[f] = (int8_t)k;
    if (!r->stone_flags) {
        if (r->sow.features & FT_STONES)
            dg_error(ld->dg, ld_nloc(p->val[R_SOWING]), "`sowing.stones` says where large stones are sown: it needs "
                     "`board.stones`");
        return;
    }
    const yaml_node_t *at = p->val[R_BOARD];
    if (r->setup_mark_flag >= 0 && !ld->dg->errors) {   /* a stone is in one hole: marked once */
        const int f = r->setup_mark_flag, fn = rnd_mark_flag(r, NORTH);
        const int both = r->setup_mark_by == SETUP_EACH || r->setup_mark_by == SETUP_ALTERNATE;
        if ((((r->stone_flags >> f) | (r->stone_flags >> fn)) & 1) && (r->setup_mark_n > 1 || (both && f == fn)))
            dg_error(ld->dg, ld_nloc(p->val[R_SETUP]), "a large stone lies in one hole: `setup.mark` puts it into one "
                     "hole (`holes: 1`; North's stone with its own `north-flag`)");
    }
    for (size_t i = 0; i < sizeof sow_no / sizeof *sow_no; i++)
        if ((r->sow.features | r->opening_sow.features) & sow_no[i].ft)
            dg_error(ld->dg, ld_nloc(at), "large stones (`board.stones`) are sown a piece a place along the track: "
                     "they do not go with `%s`", sow_no[i].key);
    for (size_t i = 0; i < sizeof move_no / sizeof *move_no; i++)
        if (r->move_features & move_no[i].ft)
            dg_error(ld->dg, ld_nloc(at), "large stones (`board.stones`) are lifted with all of a hole's seeds: "
                     "they do not go with `%s`", move_no[i].key);
}

/* More than two players: what is written for two only (a pair of
 * players: matches, setups, openings, choosing who begins, swapping
 * sides; stores between two rows; the player left without a move losing
 * to "the other") is refused. */
static void ld_player_checks(Ld *ld, const LdPart *p)
{
    const Rules *r = ld->r;
    if (r->players <= 2 && p->val[R_ELIMINATE])
        dg_error(ld->dg, ld_nloc(p->val[R_ELIMINATE]), "`eliminate` puts a player out of a game of more than two "
                 "(`players`); with two, an `end` rule ends the game");
    if (r->players <= 2)
        return;
    const struct { int on; int key; const char *what; } no[] = {
        { r->match, R_MATCH, "`match`" },
        { p->val[R_SETUP] != NULL, R_SETUP, "`setup`" },
        { r->has_opening, R_OPENING, "`opening`" },
        { p->val[R_FIRST] != NULL, R_FIRST, "`first-player`" },
        { r->swap_when.code != NULL, R_MOVES, "`moves.swap`" },
        { r->has_place, R_MOVES, "`moves.place`" },
        { r->stores == STORES_ON_TRACK, R_BOARD, "stores on the track (`board.stores: on-track`)" },
        { r->no_moves_loses, R_NO_MOVES, "`no-moves.loses`" },
    };
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        if (no[i].on)
            dg_error(ld->dg, ld_nloc(p->val[no[i].key] ? p->val[no[i].key] : p->val[R_PLAYERS]),
                     "%s is written for two players; this game has %d (`players`)", no[i].what, r->players);
}

/* The checks between sections, once all are read. */
static void ld_root_checks(Ld *ld, const LdPart *p)
{
    Rules *r = ld->r;
    ld_stone_checks(ld, p);
    ld_player_checks(ld, p);
    if (r->match && (r->next == NEXT_FILL || r->next == NEXT_COPY) && r->fill_expr.code && r->stores == 0)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]), "refilling holes from holdings needs stores (`board.stores`)");
    int side = popcount_mask(r->geo.side_mask[SOUTH]), north = popcount_mask(r->geo.side_mask[NORTH]);
    side = side > north ? side : north;
    if (r->match && r->next == NEXT_FILL && r->choose == CHOOSE_PLAYER && r->fill_expr.code && !r->fill_seeds)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "a player chooses which holes to fill when every hole takes the same `fill-seeds`: use `choose: left` or `right`");
    else if (r->match && r->next == NEXT_FILL && r->choose == CHOOSE_PLAYER && side > MAX_CHOICE_WIDTH)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "a player can choose which holes to fill on rows of at most %d holes (here %d): use `choose: left` or `right`",
                 MAX_CHOICE_WIDTH, side);
    if (r->store_seeds && r->match && r->next != NEXT_RESET)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "stores that start with seeds (`board.store-seeds`) go with `match.next: reset` (each round starts as the first)");
    if (r->has_setup && r->setup_seeds.code) {
        /* each player's reserve, a constant of the options */
        Position zero;
        memset(&zero, 0, sizeof zero);
        ExCtx cx;
        ex_ctx_init(&cx, r, &zero, SOUTH);
        long all = r->total_seeds;
        for (int pl = 0; pl < 2; pl++) {
            cx.player = pl;
            int64_t v = ex_eval(&r->setup_seeds, &cx);
            if (v < 0 || v > MAX_SEEDS) {
                dg_error(ld->dg, r->setup_seeds.loc, "`setup.seeds` gives %s %lld seeds; it must lie in 0..%d",
                         pl ? "North" : "South", (long long)v, MAX_SEEDS);
                break;
            }
            r->setup_reserve[pl] = (int)v;
            all += v;
        }
        if (all > MAX_SEEDS)
            dg_error(ld->dg, r->setup_seeds.loc, "%ld seeds on the board and in the reserves is too many (at most %d)",
                     all, MAX_SEEDS);
        else
            r->total_seeds = (int)all;
    }
    if (r->has_place && r->match && r->next != NEXT_RESET)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "`moves.place` goes with `match.next: reset` (each round starts with full reserves)");
    if (r->has_setup && r->has_opening)
        dg_error(ld->dg, ld_nloc(p->val[R_SETUP]), "a game begins with a `setup` or with an `opening`, not both");
    if (r->has_setup && r->match && r->next != NEXT_RESET)
        dg_error(ld->dg, ld_nloc(p->val[R_SETUP]),
                 "a `setup` goes with `match.next: reset` (each round is set up as the first)");
    ls_check_steer(ld);
    if (r->has_picks || r->has_puts) {   /* after the picks (the put) only the position is known */
        const uint32_t move = CX_ORIGIN | CX_START | CX_LAST | CX_CAPTURED | CX_REACHED | CX_DIR;
        const Expr *e = (r->extra_turn.uses & move) ? &r->extra_turn : NULL;
        for (int i = 0; i < r->nends && !e; i++)
            e = (r->ends[i].when.uses & move) ? &r->ends[i].when
              : (r->ends[i].winner.uses & move) ? &r->ends[i].winner : NULL;
        if (e)
            dg_error(ld->dg, e->loc,
                     "with `%s` the `extra-turn` and `end` rules are tried after the %s, on the position alone: "
                     "they cannot read the move (`last`, `start`, `origin`, `captured`, `step`, the direction)",
                     r->has_picks ? "pick" : "put", r->has_picks ? "picks" : "put");
    }
    r->has_lots = r->first_lot || (r->match && r->leftover_lot);
    if (r->match && r->nsettle && r->next == NEXT_RESET)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]), "`match.settle` passes seeds between the holdings kept from "
                 "round to round: it goes with `next: fill`, `copy` or `redistribute`");
    if (r->match && r->fill_even && (r->next != NEXT_FILL || r->fill_seeds <= 0))
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "`match.fill-even` goes with `next: fill` and the same `fill-seeds` for every hole");
    const int refills = r->next == NEXT_FILL || r->next == NEXT_COPY;
    if (r->match && r->fill_rest && (!refills || r->choose == CHOOSE_PLAYER || r->fill_even))
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "`match.fill-rest` puts what is left into the next hole after the holes filled: it goes with "
                 "`next: fill` or `copy`, `choose: left` or `right`, and no `fill-even`");
    if (r->match && r->copy_opposite && r->next != NEXT_COPY)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]), "`match.copy-opposite` says where the copier puts each hole's "
                 "seeds: it goes with `next: copy`");
    if (r->match && r->keep_expr.code && !refills)
        dg_error(ld->dg, r->keep_expr.loc,
                 "`match.keep` keeps holes' seeds while the others are refilled: it goes with `next: fill` or `copy`");
    if (r->match && r->share.code && !r->keep_expr.code)
        dg_error(ld->dg, r->share.loc, "`match.share` shares out the seeds of the holes `match.keep` names: "
                 "it needs `keep`");
    for (int i = 0; i < r->nsettle && r->match; i++)   /* lend, borrow, repay: debts are kept */
        r->has_debts |= r->settle[i].kind != SETTLE_GIVE;
    if (r->leftover_lot && r->match && r->next != NEXT_REDISTRIBUTE)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "`match.leftover-tie` decides who owns a hole left over: it goes with `next: redistribute`");
    if (r->leftover && r->match && r->next != NEXT_REDISTRIBUTE)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "`match.leftover` says who owns a hole left over: it goes with `next: redistribute`");
    if (r->leftover == LEFTOVER_FEWER_EMPTY && r->match && !r->uniform)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "`match.leftover: fewer-seeds-empty` fills the holes with `board.seeds` each: it needs the same "
                 "number of seeds in every hole");
    if (r->match && r->next == NEXT_COPY && r->choose == CHOOSE_PLAYER)
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]),
                 "`match.next: copy` lays the holes out from one end: `choose: left` or `right`");
    if (r->match && (r->next == NEXT_REDISTRIBUTE || r->next == NEXT_COPY) &&
        !(r->rows == 2 && r->geo.side_first[SOUTH] == 0 && r->geo.side_len[SOUTH] == r->width))
        dg_error(ld->dg, ld_nloc(p->val[R_MATCH]), "`match.next: %s` needs a board of 2 rows, each row its player's",
                 r->next == NEXT_COPY ? "copy" : "redistribute");
}

/* Is `e` a condition written to be false whatever the options (a rule
 * switched off by an option is meant)? */
static int ld_never(const Expr *e)
{
    return e->code && e->is_const && !e->value && !(e->facts & EXF_OPTIONS);
}

/* Warnings: rules that can never apply, options nothing reads. Only what
 * is certain: a warning on a shipped variant is a bug of the variant. */
static void ld_warnings(Ld *ld)
{
    const Rules *r = ld->r;
    if (r->extra_turn.code && (r->extra_turn.facts & EXF_LAST_STORE) &&
        (r->stores != STORES_ON_TRACK || r->sow.into_stores == INTO_NONE))
        dg_warning(ld->dg, r->extra_turn.loc, "`extra-turn` can never apply: it needs the last seed in a store, "
                   "but no seed is sown into a store (%s)", r->stores != STORES_ON_TRACK
                   ? "the board's stores are not on the track" : "`sowing.stores` is none");
    for (int i = 0; i < r->ncaptures; i++)
        if (ld_never(&r->captures[i].when))
            dg_warning(ld->dg, r->captures[i].when.loc, "this capture rule can never apply: its `when` is always false");
    for (int i = 0; i < r->nends; i++)
        if (ld_never(&r->ends[i].when))
            dg_warning(ld->dg, r->ends[i].when.loc, "this end rule can never apply: its `when` is always false");
    if (ld_never(&r->extra_turn))
        dg_warning(ld->dg, r->extra_turn.loc, "`extra-turn` is always false: leave it out");
    for (int i = 0; i < r->noptions; i++)
        if (!((ld->options_used >> i) & 1))
            dg_warning(ld->dg, r->options[i].loc, "option `%s` is never used: no expression reads it",
                       r->options[i].name);
}

/* The root mapping: every section, and the checks between them. */
static void ld_root(Ld *ld, const yaml_node_t *root)
{
    Rules *r = ld->r;
    LdSec s;
    lk_sec(&s, root, "a variant file", NULL);
    LdPart *p = lk_part(&s, root_keys, 0, r, NULL);
    lk_keys(ld, &s);
    if (root->type != YAML_MAPPING_NODE)
        return;
    r->mark_flag = -1;
    r->first_chooser = -1;
    r->first_begins = -1;
    r->setup_swap = -1;
    r->setup_mark_flag = -1;
    r->setup_mark_north = -1;
    r->store_stone[SOUTH] = r->store_stone[NORTH] = -1;
    r->repetition = 3;
    r->repetition_seeds = RCV_OWNER;
    r->no_moves_seeds = RCV_OWNER;
    for (int i = 0; i < R_N; i++)
        lk_row(ld, &s, p, root_order[i]);
    ld_root_checks(ld, p);
    if (!ld->dg->errors)
        ld_warnings(ld);
}

/* ---- the document ----------------------------------------------------- */

/* Rejects aliases (a node reached twice), deep nesting and huge trees,
 * before anything walks the tree. */
static int ld_check_shape(Ld *ld, int id, int depth, unsigned char *seen, int nnodes)
{
    yaml_node_t *n = ld_node(ld, id);
    if (!n)
        return 1;
    if (id < 1 || id > nnodes)
        return 1;
    if (seen[id]) {
        dg_error(ld->dg, ld_nloc(n), "YAML aliases are not supported in variant files (write the value out)");
        return 0;
    }
    seen[id] = 1;
    if (depth > MAX_YAML_DEPTH) {
        dg_error(ld->dg, ld_nloc(n), "nested too deeply (at most %d levels)", MAX_YAML_DEPTH);
        return 0;
    }
    if (n->type == YAML_MAPPING_NODE) {
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
            if (!ld_check_shape(ld, p->key, depth + 1, seen, nnodes) ||
                !ld_check_shape(ld, p->value, depth + 1, seen, nnodes))
                return 0;
    } else if (n->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
            if (!ld_check_shape(ld, *it, depth + 1, seen, nnodes))
                return 0;
    }
    return 1;
}

/* A first pass over the event stream: aliases are refused where they are
 * written (no expansion bombs), and nesting is bounded before libyaml
 * builds a tree. Returns 1 if the document may be loaded. */
static int ld_prescan(const char *text, size_t len, Diags *dg)
{
    yaml_parser_t ps;
    yaml_event_t ev;
    if (!yaml_parser_initialize(&ps))
        return 0;
    yaml_parser_set_input_string(&ps, (const unsigned char *)text, len);
    int depth = 0, ok = 1, events = 0;
    for (;;) {
        if (!yaml_parser_parse(&ps, &ev))
            break;   /* the syntax error is reported by the real load */
        yaml_event_type_t t = ev.type;
        SrcLoc at = ld_mark_loc(ev.start_mark);
        yaml_event_delete(&ev);
        if (t == YAML_STREAM_END_EVENT)
            break;
        if (++events > 4 * MAX_YAML_NODES) {
            dg_error(dg, at, "too many YAML nodes (at most %d)", MAX_YAML_NODES);
            ok = 0;
            break;
        }
        if (t == YAML_ALIAS_EVENT) {
            dg_error(dg, at, "YAML aliases are not supported in variant files (write the value out)");
            ok = 0;
            break;
        }
        if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT) {
            if (++depth > MAX_YAML_DEPTH) {
                dg_error(dg, at, "nested too deeply (at most %d levels)", MAX_YAML_DEPTH);
                ok = 0;
                break;
            }
        } else if (t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT)
            depth--;
    }
    yaml_parser_delete(&ps);
    return ok;
}

/* Reports libyaml's error at the most useful place: a reader error (bad
 * UTF-8) at its byte; an error at the end of the input (an unclosed quote
 * or bracket) where the unclosed thing began. */
static void ld_yaml_failure(const Ld *ld, const yaml_parser_t *ps, Diags *dg)
{
    const char *problem = ps->problem ? ps->problem : "syntax error";
    if (ps->error == YAML_MEMORY_ERROR) {
        dg_error(dg, (SrcLoc){ 0, 0 }, "out of memory reading YAML");
        return;
    }
    if (ps->error == YAML_READER_ERROR) {
        dg_error(dg, ld_index_loc(ld, ps->problem_offset), "YAML: %s", problem);
        return;
    }
    yaml_mark_t at = ps->problem_mark;
    if (ps->context && ld_char_to_byte(ld, at.index) >= ld->len)
        at = ps->context_mark;
    if (ps->context)
        dg_error(dg, ld_mark_loc(at), "YAML: %s %s", problem, ps->context);
    else
        dg_error(dg, ld_mark_loc(at), "YAML: %s", problem);
}

/* Reads the document `doc` that `parser` loaded: it must hold a root
 * mapping of bounded size and shape, and be the file's only document. */
static void ld_document(Ld *ld, yaml_parser_t *parser, yaml_document_t *doc)
{
    Diags *dg = ld->dg;
    yaml_node_t *root = yaml_document_get_root_node(doc);
    int nnodes = (int)(doc->nodes.top - doc->nodes.start);
    if (!root) {
        dg_error(dg, (SrcLoc){ 1, 1 }, "the file is empty: a variant file is a mapping with `game`, `board`, `moves`, ...");
        return;
    }
    if (nnodes > MAX_YAML_NODES) {
        dg_error(dg, (SrcLoc){ 1, 1 }, "too many YAML nodes (%d; at most %d)", nnodes, MAX_YAML_NODES);
        return;
    }
    unsigned char *seen = calloc((size_t)nnodes + 2, 1);
    if (!seen) {
        dg_error(dg, (SrcLoc){ 0, 0 }, "out of memory");
        return;
    }
    if (ld_check_shape(ld, 1, 0, seen, nnodes)) {
        /* a second document is not part of the variant */
        yaml_document_t doc2;
        if (!yaml_parser_load(parser, &doc2)) {
            ld_yaml_failure(ld, parser, dg);
        } else {
            if (yaml_document_get_root_node(&doc2))
                dg_error(dg, ld_mark_loc(doc2.start_mark), "a variant file holds one YAML document; remove the second");
            yaml_document_delete(&doc2);
        }
        ld_root(ld, root);
    }
    free(seen);
}

/* See rules.h. */
Rules *rules_load(const char *file, const char *text, size_t len,
                  const char *const *opts, int nopts, unsigned flags, Diags *dg)
{
    SrcLoc none = { 0, 0 };
    if (len > MAX_FILE_BYTES) {
        dg_error(dg, none, "file too large (%zu bytes; a variant file has at most %u)", len, MAX_FILE_BYTES);
        return NULL;
    }
    if (memchr(text, 0, len)) {
        dg_error(dg, ld_index_loc(&(Ld){ .text = text, .len = len }, (size_t)((const char *)memchr(text, 0, len) - text)),
                 "the file contains a NUL byte: not a text file");
        return NULL;
    }
    if (!ld_prescan(text, len, dg))
        return NULL;
    Rules *r = calloc(1, sizeof *r);
    if (!r) {
        dg_error(dg, none, "out of memory");
        return NULL;
    }
    ar_init(&r->arena, 16u << 20);
    r->file = file;
    r->players = 2;
    r->pl_mask = 1;
    r->source_crc = io_crc32(0, text, len);
    Ld ld = { 0 };
    ld.r = r;
    ld.dg = dg;
    ld.text = text;
    ld.len = len;
    ld.ascii = 1;
    for (size_t i = 0; i < len && ld.ascii; i++)
        ld.ascii = (unsigned char)text[i] < 128;
    ld.opts = opts;
    ld.nopts = nopts;
    ld.scope.plain = (flags & LOAD_PLAIN_CODE) != 0;
    unsigned vars_used = 0;
    ld.scope.vars_used = &vars_used;
    SrcLoc ahead_at = { 0, 0 };
    ld.scope.ahead_at = &ahead_at;
    ld.scope.options_used = &ld.options_used;

    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser)) {
        dg_error(dg, none, "out of memory");
        rules_free(r);
        return NULL;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    int before = dg->errors;
    if (!yaml_parser_load(&parser, &doc)) {
        ld_yaml_failure(&ld, &parser, dg);
        yaml_parser_delete(&parser);
        rules_free(r);
        return NULL;
    }
    ld.doc = &doc;
    ld_document(&ld, &parser, &doc);
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    dg_sort(dg);   /* read section by section; shown in the file's order */
    if (dg->errors != before) {
        rules_free(r);
        return NULL;
    }
    r->uses_plies = (vars_used >> EXV_PLIES) & 1;
    r->uses_sowed = (vars_used >> EXU_SOWED) & 1;
    r->uses_reached = ((vars_used >> EXU_REACHED) | (vars_used >> EXV_SOWN)) & 1;
    r->uses_took = (vars_used >> EXU_TOOK) & 1;
    r->uses_extra = (vars_used >> EXV_EXTRA) & 1;
    if (ahead_at.line && !r->sow.steer.code)
        dg_error(dg, ahead_at, "ahead() follows the way a steered lap went: it needs `sowing.steer`");
    if (r->uses_reached && r->sow.steer.code)
        dg_error(dg, r->sow.steer.loc, "`sowing.steer` cannot go with `sown` and reached() (the holes of a "
                 "steered move are not kept)");
    if (dg->errors != before) {
        rules_free(r);
        return NULL;
    }
    r->keeps_last_move =
        r->uses_took || r->uses_extra || r->has_place || r->nstore_moves || r->has_select || r->has_choice;
    r->mid_move = r->hand_choice || r->has_picks || r->has_puts || r->sow.steer.code;
    r->has_reserves = r->has_setup || r->has_place;
    r->rec_extra = r->mid_move || r->has_reserves || r->ncounters || r->players > 2;
    return r;
}

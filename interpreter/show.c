/* show.c: the rules in words, for `mancala show`. */
#include "show.h"

#include <string.h>

/* A receiver (`to`, `seeds`) in words. */
static const char *who_gets(Receiver r)
{
    switch (r) {
    case RCV_OWNER: return "each hole's owner";
    case RCV_STAY: return "nobody (the seeds stay on the board)";
    case RCV_REMOVED: return "nobody (out of the game)";
    case RCV_LAST_MOVER: return "the player who moved last";
    default: return receiver_name(r);
    }
}


/* The end of the words on a step or a placement (moves.step, moves.place):
 * what follows its seed (`sow`: it is sown on, the ways `cw`, `ccw` allow;
 * `both` the token written where both are allowed; `many`: a step of
 * step.seeds seeds). */
static void sow_on_words(FILE *f, int sow, const Expr *cw, const Expr *ccw, const char *both, int many)
{
    const char *lap = many ? "its seeds are sown as a lap" : "the seed is sown as a lap of one seed";
    if (!sow)
        fprintf(f, "); no capture follows.\n");
    else if (!cw->code && !ccw->code)
        fprintf(f, "); %s, counterclockwise: the rules for each seed and the relay apply, then the captures.\n",
                lap);
    else
        fprintf(f, ", %s where both ways are allowed); %s: the rules for each seed and the relay apply, then the "
                   "captures; clockwise where %s, counterclockwise where %s.\n",
                both, lap, cw->src ? cw->src : "never", ccw->src ? ccw->src : "never");
}

/* The direction of sowing in words when it is the same for every hole;
 * NULL when it depends on the hole. */
static const char *dir_words(const Rules *r)
{
    int cw = r->dir_cw.code != NULL, ccw = r->dir_ccw.code != NULL;
    int cwc = cw && r->dir_cw.is_const, ccwc = ccw && r->dir_ccw.is_const;
    if (cwc && !r->dir_cw.value)
        cw = 0;
    if (ccwc && !r->dir_ccw.value)
        ccw = 0;
    if (cw && ccw && cwc && ccwc)
        return "in either direction, as the mover chooses";
    if (ccw && !cw && ccwc)
        return "counterclockwise";
    if (cw && !ccw && cwc)
        return "clockwise";
    return NULL;
}

/* Prints `lead` and the source of the condition `e`, if it has one. */
static void cond(FILE *f, const char *lead, const Expr *e)
{
    if (e->code && e->src)
        fprintf(f, "%s%s", lead, e->src);
}

/* " take [at most N seeds from each of] A, B" of a rule's `take`. */
static void take_words(FILE *f, const CaptureRule *c)
{
    fprintf(f, " take");
    if (c->amount.code && c->amount.src)
        fprintf(f, " at most %s seeds from each of", c->amount.src);
    for (int k = 0; k < c->ntake; k++)
        fprintf(f, "%s %s", k ? "," : "", c->take[k].src);
}

/* The changes of a rule's `set`, " Then ..." after what the rule takes,
 * or alone (dflt: the rule's hole). */
static void set_words(FILE *f, const Rules *r, const CaptureRule *c, const char *dflt)
{
    const int took = c->ntake || c->sweep.code;
    for (int i = 0; i < c->nset; i++) {
        const SetEffect *e = &c->set[i];
        const char *at = e->at.code && e->at.src ? e->at.src : dflt;
        fprintf(f, "%s", i ? " And" : took ? " Then" : "");
        int and = 0;
        if (e->flag >= 0)
            fprintf(f, "%s mark %s as %s", and++ ? " and" : "", at, r->flags[e->flag]);
        if (e->clear >= 0)
            fprintf(f, "%s clear %s of %s", and++ ? " and" : "", at, r->flags[e->clear]);
        if (e->owner.code && e->owner.src)
            fprintf(f, "%s give %s to %s (its owner from now on)", and++ ? " and" : "", at, e->owner.src);
        if (e->counter >= 0)
            fprintf(f, "%s set %s's counter %s to %s", and++ ? " and" : "", e->of.src ? e->of.src : "the mover",
                    r->counters[e->counter], e->value.src ? e->value.src : "?");
        fprintf(f, ".");
    }
}

/* The choice a rule's `sow-from` mapping leaves to the mover. */
static void choice_words(FILE *f, const CaptureRule *c)
{
    const char *cw = c->sow_choice[DIR_CW].src, *ccw = c->sow_choice[DIR_CCW].src;
    fprintf(f, " When the lap ends, the mover stops and chooses where they are sown (a decision of his move):");
    if (cw)
        fprintf(f, " clockwise from a hole of %s%s", cw, ccw ? ", or" : ".");
    if (ccw)
        fprintf(f, " counterclockwise from a hole of %s.", ccw);
    fprintf(f, " The first seed goes into the hole chosen; with no hole to choose, they go to his store.");
}

/* A steered sowing (`steer`): the mover's choice of each place, the relay. */
static void steer_words(FILE *f, const SowRules *s)
{
    fprintf(f, "  - The mover steers each seed, a decision of its own: it goes into a hole of %s (`hole` the hole "
               "the last seed fell into, the lap's origin before its first; `trail` the holes of the lap so far; "
               "ahead() the way the last seed went). Where no hole is left, the seeds in hand all fall into the "
               "hole of the last one and the move ends there, without relay or capture.\n", s->steer.src);
    const char *from = s->relay_from == RELAY_FROM_NEXT ? "the hole straight ahead (the way it went)" : "that hole";
    fprintf(f, s->laps == LAPS_RELAY ? "  - Relay sowing: when the last seed of a lap lands where %s, lift %s, if it "
               "holds seeds, and steer them the same way (their first seed any way the rule allows).\n"
               : "  - Single lap.\n", s->relay_while.src ? s->relay_while.src : "the hole holds more than one seed", from);
}

/* The rules of the sowing `s`, a line ("  - ...") each. */
static void sow_words(FILE *f, const Rules *r, const SowRules *s)
{
    if (s->steer.code) {
        steer_words(f, s);
        return;
    }
    if (s->npath) {
        fprintf(f, "  - Each seed goes to a place of its own, not along the track: the seeds of a lap go in turn to");
        for (int k = 0; k < s->npath; k++)
            fprintf(f, "%s %s", k ? k + 1 == s->npath ? " and" : "," : "", s->path[k].src ? s->path[k].src : "?");
        fprintf(f, "%s. A seed that finds no hole in play there leaves the board (where it is the last seed, the "
                   "sowing ends nowhere: no capture).\n", s->npath > 1 ? " (then again from the first)" : " (every seed)");
    }
    if (s->hole_limit.code && s->hole_limit.src)
        fprintf(f, "  - A hole holds at most %s seeds: a seed sown into a hole that holds that many leaves the board "
                   "(and where it is the last seed, the sowing ends nowhere: no capture, no relay).\n",
                s->hole_limit.src);
    if (s->npath)
        ;   /* the path says where the first seed goes too */
    else if (s->first_if.code && s->first_if.src)
        fprintf(f, "  - The first seed goes into the origin hole itself where %s (hand: the seeds lifted), else into the next hole.\n",
                s->first_if.src);
    else
        fprintf(f, "  - The first seed goes into %s.\n",
                s->first_seed == FIRST_ORIGIN ? "the origin hole itself" : "the next hole");
    if (s->lift.code && s->lift.src)
        fprintf(f, "  - A lap lifts %s seeds of its origin (at least one, at most all of them).\n", s->lift.src);
    if (s->per_hole.code && s->per_hole.src && (s->per_hole.uses & CX_HOLE))
        fprintf(f, "  - A lap drops %s seeds at each place, worked out there (`hole` the place) before they "
                   "fall (a store takes one; the last place what is left).\n", s->per_hole.src);
    else if (s->per_hole.code && s->per_hole.src)
        fprintf(f, "  - A lap drops %s seeds at each place (the last place what is left).\n", s->per_hole.src);
    if (ex_may_hold(&s->skip))
        fprintf(f, "  - Holes passed over: where %s.\n", s->skip.src);
    fprintf(f, "  - Stores: %s.\n", s->into_stores == INTO_BOTH ? "both are sown into"
            : s->into_stores == INTO_OWN ? "the mover sows into his own store, not the opponent's"
            : "never sown into");
    if (s->laps == LAPS_RELAY) {
        fprintf(f, "  - Relay sowing: when the last seed of a lap lands ");
        if (s->relay_while.code)
            fprintf(f, "where %s", s->relay_while.src);
        else
            fprintf(f, "in a hole that was occupied");
        if (s->relay_from == RELAY_FROM_NEXT && s->relay_next_if.code && s->relay_next_if.src)
            fprintf(f, ", lift the hole after it where %s (else that hole) and sow again. Endless sowings are "
                       "not legal.\n", s->relay_next_if.src);
        else
            fprintf(f, ", lift %s and sow again. Endless sowings are not legal.\n",
                    s->relay_from == RELAY_FROM_NEXT ? "the hole after it" : "that hole");
        if (s->relay_store)
            fprintf(f, "  - Where the place after the landing hole is the mover's own store, holding seeds, the "
                       "relay goes on with all of them, from the place after the store.\n");
        if (s->relay_reverse.code && s->relay_reverse.src)
            fprintf(f, "  - Where %s as a lap ends, the relay turns round: the laps after it sow the other way "
                       "(until it holds again).\n", s->relay_reverse.src);
        if (s->endless_after)
            fprintf(f, "  - A relay still going after %d seeds counts as endless.\n", s->endless_after);
        if (s->relay_stop.code)
            fprintf(f, "  - Where %s as another lap is due, the mover may stop there instead: the move written 5/1 stops "
                       "at the first such chance, 5/2 at the second, and so on; 5 never stops.\n", s->relay_stop.src);
    } else
        fprintf(f, "  - Single lap.\n");
    if (r->stone_flags) {
        fprintf(f, "  - A hole's large stones are lifted with its seeds and sown as seeds are, one a place: the ");
        if (s->stones == STONES_LAST && s->stones_if.code && s->stones_if.src)
            fprintf(f, "last places of the lap where %s as it starts, else the first", s->stones_if.src);
        else
            fprintf(f, "%s places of the lap", s->stones == STONES_LAST ? "last" : "first");
        fprintf(f, " (the each-seed rules see each, `stone` naming it).\n");
    }
    if (ex_may_hold(&s->spill))
        fprintf(f, "  - When, as the move starts, %s: seeds sown past the end of a row leave the game, with the rest of the hand.\n",
                s->spill.src);
    for (int i = 0; i < s->neach; i++) {
        const CaptureRule *c = &s->each_seed[i];
        fprintf(f, "  - After each seed%s, if %s:", r->stone_flags ? " (or large stone)" : "", c->when.src);
        if (c->ntake) {
            take_words(f, c);
            if (c->into.code)
                fprintf(f, ", into %s.", c->into.src);
            else
                fprintf(f, ", to %s.", c->to_hand ? "the hand" : who_gets(c->to));
            if (c->to_hand && c->sow_from.src)
                fprintf(f, " They are sown at once, the first into %s.", c->sow_from.src);
            else if (c->to_hand)
                choice_words(f, c);
        }
        set_words(f, r, c, "hole");
        fprintf(f, "\n");
    }
}

/* Prints `s` wrapped at 76 columns, each line after `indent` spaces; the
 * first line goes on from column `col` (what the caller wrote already). */
static void wrap_at(FILE *f, const char *s, int indent, int col)
{
    int words = 0;
    while (*s) {
        while (*s == ' ' || *s == '\n')
            s++;
        size_t w = strcspn(s, " \n");
        if (!w)
            break;
        if (col && words && col + 1 + (int)w > 76) {
            fputc('\n', f);
            col = 0;
        }
        if (!col)
            col = fprintf(f, "%*s", indent, "");
        else if (words)
            col += fprintf(f, " ");
        col += fprintf(f, "%.*s", (int)w, s);
        s += w;
        words++;
    }
    if (col)
        fputc('\n', f);
}

/* wrap_at from the start of a line. */
static void wrap(FILE *f, const char *s, int indent)
{
    wrap_at(f, s, indent, 0);
}

/* `about`, under the title: other names, where it is played. */
static void about_head(FILE *f, const Rules *r)
{
    if (r->nnames) {
        fprintf(f, "Also called:");
        for (int i = 0; i < r->nnames; i++)
            fprintf(f, "%s %s", i ? "," : "", r->names[i]);
        fprintf(f, ".\n");
    }
    if (r->region) {
        wrap_at(f, r->region, 0, fprintf(f, "Played: "));
    }
}

/* `about`, after the description: readings, gaps and sources. */
static void about_words(FILE *f, const Rules *r)
{
    if (r->readings) {
        fprintf(f, "\nReadings (where the sources differ or are silent):\n");
        wrap(f, r->readings, 2);
    }
    if (r->gaps) {
        fprintf(f, "\nNot played here (what the sources describe that this file leaves out):\n");
        wrap(f, r->gaps, 2);
    }
    if (r->nsources || r->ludii || r->mancalagames) {
        fprintf(f, "\nSources:\n");
        for (int i = 0; i < r->nsources; i++)
            wrap_at(f, r->sources[i], 4, fprintf(f, "  - "));
        if (r->ludii)
            fprintf(f, "  - Ludii: %s\n", r->ludii);
        if (r->mancalagames)
            fprintf(f, "  - MancalaGames: %s\n", r->mancalagames);
    }
}

/* The title, what `about` and the description say, and the board: rows,
 * seeds, stores, the numbering of the holes and the flags a hole can
 * carry. */
static void board_words(FILE *f, const Rules *r)
{
    fprintf(f, "%s (%s)\n", r->title ? r->title : r->name, r->name);
    about_head(f, r);
    if (r->description) {
        fputc('\n', f);
        wrap(f, r->description, 0);
    }
    about_words(f, r);
    int on_board = 0;
    for (int h = 0; h < r->nholes; h++)
        on_board += r->initial[h];
    if (r->players > 2)
        fprintf(f, "\nPlayers: %d, who move in turn, Player 1 first (a player who cannot move passes to the next "
                   "who can).\n", r->players);
    fprintf(f, "\nBoard: %d row%s of %d hole%s, ", r->rows, r->rows == 1 ? "" : "s", r->width, r->width == 1 ? "" : "s");
    if (r->uniform && on_board)
        fprintf(f, "%d seed%s in each (%d in all)", r->seeds, r->seeds == 1 ? "" : "s", on_board);
    else if (r->uniform)
        fprintf(f, "empty");
    else
        fprintf(f, "%d seeds in all, laid out as below", on_board);
    fprintf(f, "; stores %s.\n",
            r->stores == STORES_ON_TRACK ? "on the sowing track" : r->stores == STORES_OFF_TRACK ? "off the track" : "none (captures are counted)");
    if (!r->uniform) {   /* the layout, row by row from North's edge, each from South's left */
        for (int y = r->rows - 1; y >= 0; y--) {
            fprintf(f, "   ");
            for (int x = 0; x < r->width; x++)
                fprintf(f, " %4d", r->initial[r->geo.at[y][x]]);
            fprintf(f, "\n");
        }
    }
    if (r->store_seeds)
        fprintf(f, "Each store starts a game with %d seeds.\n", r->store_seeds);
    if (r->has_place)
        fprintf(f, "Each player starts %s with %d seeds in reserve, which he places during the play (see Moves).\n",
                r->match ? "each round" : "the game", r->place_reserve);
    show_board_layout(f, r);
    if (r->nflags) {
        fprintf(f, "Per-hole flags:");
        for (int i = 0; i < r->nflags; i++)
            fprintf(f, " %s", r->flags[i]);
        fprintf(f, "\n");
        for (int i = 0, k = 1; i < r->nflags; i++)
            if ((r->stone_flags >> i) & 1) {
                fprintf(f, "Large stone %d (`stone == %d`): `%s` marks the hole holding it; a hole holding only "
                           "a stone may be sown from where `moves.from` allows it.\n", k, k, r->flags[i]);
                k++;
            }
        show_store_stones(f, r);
    }
    if (r->ncounters) {
        fprintf(f, "Each player's counters (0 as %s begins):", r->match ? "each round" : "the game");
        for (int i = 0; i < r->ncounters; i++)
            fprintf(f, " %s", r->counters[i]);
        fprintf(f, "\n");
    }
}

/* One option: its value (and default, when they differ), the values it
 * can take and its description. */
static void option_words(FILE *f, const OptionDef *o)
{
    char cur[64], def[64];
    option_format(o, o->value, cur, sizeof cur);
    option_format(o, o->def, def, sizeof def);
    fprintf(f, "  %s = %s%s%s%s", o->name, cur, strcmp(cur, def) ? " (default " : "",
            strcmp(cur, def) ? def : "", strcmp(cur, def) ? ")" : "");
    if (o->type == T_STRING || o->nvalues) {
        fprintf(f, "  [");
        for (int j = 0; j < o->nvalues; j++) {
            if (o->type == T_STRING)
                fprintf(f, "%s%s", j ? "|" : "", o->values[j]);
            else
                fprintf(f, "%s%lld", j ? "|" : "", (long long)o->ivalues[j]);
        }
        fprintf(f, "]");
    } else if (o->type == T_BOOL)
        fprintf(f, "  [true|false]");
    else
        fprintf(f, "  [%lld..%lld]", (long long)o->min, (long long)o->max);
    fprintf(f, "\n");
    if (o->description)
        wrap(f, o->description, 6);
}

/* The setup, if the variant has one: who places his reserve where, and
 * who may swap sides. */
static void setup_words(FILE *f, const Rules *r)
{
    static const char *const by[] = { "South places", "North places", "South places all his seeds, then North",
                                      "South and North place a seed each in turn" };
    if (!r->has_setup || (!r->setup_seeds.code && !(r->setup_mark_flag >= 0 && r->setup_mark_n > 0) && r->setup_swap < 0))
        return;   /* nothing to place, mark or swap (an option turned them off) */
    fprintf(f, "\nSetup:");
    if (r->setup_seeds.code)
        fprintf(f, " each game begins with the board as above and reserves of %d (South) and %d (North) seeds. "
                   "%s, one seed a decision (place:H), into a hole where %s.",
                r->setup_reserve[SOUTH], r->setup_reserve[NORTH], by[r->setup_by],
                r->setup_where.src ? r->setup_where.src : "hole.owner == mover");
    if (r->setup_seeds.code && r->setup_chance)
        fprintf(f, " Nobody chooses those holes: each seed goes by chance into one of the holes allowed, "
                   "all equally likely (play and the computer players draw it; perft counts each hole).");
    if (r->setup_mark_flag >= 0 && r->setup_mark_n > 0) {
        static const char *const markers[] = { "South marks %d hole%s", "North marks %d hole%s",
                                               "South marks %d hole%s, then North as many",
                                               "South and North mark %d hole%s each, one in turn, South first," };
        fprintf(f, " ");
        fprintf(f, markers[r->setup_mark_by], r->setup_mark_n, r->setup_mark_n == 1 ? "" : "s");
        if (rnd_mark_flag(r, NORTH) != r->setup_mark_flag)
            fprintf(f, " with the flag `%s` (North's with `%s`)", r->flags[r->setup_mark_flag],
                    r->flags[rnd_mark_flag(r, NORTH)]);
        else
            fprintf(f, " with the flag `%s`", r->flags[r->setup_mark_flag]);
        fprintf(f, ", one a decision (mark:H), where %s (a hole not marked yet); "
                   "the marking ends early if the player to mark has no such hole.",
                r->setup_mark_where.src ? r->setup_mark_where.src : "?");
    }
    if (r->setup_swap >= 0 && r->setup_swapper_first)
        fprintf(f, " Then %s keeps the board (keep) or swaps sides, turning the board round (swap); either way "
                   "he moves first.", r->setup_swap ? "North" : "South");
    else if (r->setup_swap >= 0)
        fprintf(f, " Then %s keeps the board and moves first (keep), or swaps sides, turning the board round, "
                   "and the other moves first (swap).", r->setup_swap ? "North" : "South");
    fprintf(f, "\n");
}

/* The opening, if the variant has one: who sows from where, its
 * sowing, and who then chooses who begins. */
static void opening_words(FILE *f, const Rules *r)
{
    if (!r->has_opening)
        return;
    fprintf(f, "\nOpening: %s first sows from a hole where %s, %s.\n",
            r->opening_by ? "North" : "South", r->opening_from.src,
            r->opening_dir == DIR_CW ? "clockwise" : "counterclockwise");
    sow_words(f, r, &r->opening_sow);
    if (r->first_chooser >= 0)
        fprintf(f, "Then %s chooses who makes the first regular move (first:south or first:north).\n",
                r->first_chooser ? "North" : "South");
    else if (r->first_lot)
        fprintf(f, "Then a lot says who makes the first regular move (lot:south or lot:north).\n");
}

/* One entry of moves.store: when, from where, which ways, how many. */
static void store_move_words(FILE *f, const StoreMove *sm)
{
    char tok[40];
    snprintf(tok, sizeof tok, "store%s%s", sm->name ? ":" : "", sm->name ? sm->name : "");
    fprintf(f, "  When %s, the moves %s sowings from the store (written %s%s%s): ",
            sm->when.src ? sm->when.src : "the mover's store holds seeds", sm->also ? "also include" : "are", tok,
            sm->min.code ? ", " : "", sm->min.code ? "with x and the seeds sown, e.g. x4" : "");
    if (sm->min.code)
        fprintf(f, "from %s to %s seeds of his store (at least one, at most all)", sm->min.src ? sm->min.src : "?",
                sm->max.src ? sm->max.src : "?");
    else
        fprintf(f, "all the seeds of his store");
    fprintf(f, ", sown as a lap from the hand with the first seed into %s", sm->into.src ? sm->into.src : "?");
    if (sm->cw.code || sm->ccw.code)
        fprintf(f, "; clockwise where %s, counterclockwise where %s (both: the mover chooses, %scw/%sccw)",
                sm->cw.src ? sm->cw.src : "never", sm->ccw.src ? sm->ccw.src : "never", tok, tok);
    else
        fprintf(f, ", counterclockwise");
    fprintf(f, "; then the captures, as after any sowing.\n");
}

/* The moves: where they start, their directions, the flag an origin
 * gets and the `must` rules in force. */
static void move_words(FILE *f, const Rules *r)
{
    fprintf(f, "\nMoves: from a hole where %s", r->from.src ? r->from.src : "?");
    const char *dw = dir_words(r);
    if (r->sow.steer.code)
        fprintf(f, ", on the board's holes whoever owns them, the seeds steered (see Sowing).\n");
    else if (dw)
        fprintf(f, ", sowing %s.\n", dw);
    else {
        fprintf(f, ";\n  clockwise where %s; counterclockwise where %s (both: the mover chooses, written 3cw/3ccw).\n",
                r->dir_cw.src ? r->dir_cw.src : "never", r->dir_ccw.src ? r->dir_ccw.src : "never");
    }
    if (r->has_steps) {
        fprintf(f, "  When %s, the moves %s steps: ", r->step_when.src, r->step_also ? "also include" : "are");
        if (r->step_seeds.code)
            fprintf(f, "%s seeds (at least one, at most all)", r->step_seeds.src ? r->step_seeds.src : "?");
        else
            fprintf(f, "one seed");
        fprintf(f, " from a hole where %s to ", r->step_from.src);
        if (r->step_to_any.code)
            fprintf(f, "any hole of %s (a move for each)", r->step_to_any.src ? r->step_to_any.src : "?");
        else
            fprintf(f, "%s", r->step_to.src ? r->step_to.src : "?");
        fprintf(f, " (written 1>7");
        sow_on_words(f, r->step_sow, &r->step_cw, &r->step_ccw, "1>7cw", r->step_seeds.code != NULL);
    }
    if (r->has_place && r->place_each)
        fprintf(f, "  When %s, the moves %s a placement: a seed of the mover's reserve into every hole where %s, "
                   "while the reserve lasts (written place:all); no capture follows.\n",
                r->place_when.src ? r->place_when.src : "the mover has seeds in reserve",
                r->place_also ? "also include" : "are", r->place_where.src);
    else if (r->has_place) {
        fprintf(f, "  When %s, the moves %s placements: a seed of the mover's reserve into a hole where %s (written "
                   "place:12", r->place_when.src ? r->place_when.src : "the mover has seeds in reserve",
                r->place_also ? "also include" : "are", r->place_where.src);
        sow_on_words(f, r->place_sow, &r->place_cw, &r->place_ccw, "place:12cw", 0);
    }
    if (r->has_select)
        fprintf(f, "  When %s, the moves %s selections: a hole where %s (written select:9); nothing is sown, and the "
                   "capture rules apply as after a sowing ending there (selected).\n",
                r->select_when.src ? r->select_when.src : "?", r->select_also ? "also include" : "are",
                r->select_where.src ? r->select_where.src : "?");
    for (int i = 0; i < r->nstore_moves; i++)
        store_move_words(f, &r->store_moves[i]);
    if (r->has_choice)
        fprintf(f, "  A sowing from a hole where %s may also be made with the mover's choice%s%s (written 5+; "
                   "the rules read it as `choice`).\n", r->choice_where.src ? r->choice_where.src : "?",
                r->choice_says ? ": " : "", r->choice_says ? r->choice_says : "");
    if (r->lift_min.code)
        fprintf(f, "  The mover chooses how many seeds his sowing lifts from the hole: from %s to %s, at least one "
                   "and at most all of them (written 3x4: four seeds lifted from 3).\n",
                r->lift_min.src ? r->lift_min.src : "?", r->lift_max.src ? r->lift_max.src : "?");
    if (r->group_min.code)
        fprintf(f, "  The mover chooses how many seeds his sowing drops into each hole: from %s to %s%s (the last "
                   "hole what is left; written 3by2: two by two from 3).\n", r->group_min.src ? r->group_min.src : "?",
                r->group_max.src ? r->group_max.src : "?", r->group_divides ? ", a number that divides the seeds lifted" : "");
    if (r->mark_flag >= 0)
        fprintf(f, "  The origin hole becomes `%s` when a move starts from it.\n", r->flags[r->mark_flag]);
    if (ex_may_hold(&r->swap_when))
        fprintf(f, "  When %s, the player to move may instead swap sides (written swap; the pie rule): the board is "
                   "turned round, each player taking the other's holes, store and seeds, and the other player moves "
                   "next; once a game (round).\n", r->swap_when.src ? r->swap_when.src : "?");
    for (int i = 0; i < r->nmust; i++) {
        const MustRule *m = &r->must[i];
        if (m->when.code && m->when.is_const && !m->when.value)
            continue;   /* switched off by an option */
        fprintf(f, "  Must: ");
        cond(f, "when ", &m->when);
        fprintf(f, "%skeep only moves after which %s; if none, %s.\n", m->when.code ? ", " : "",
                m->keep.src, m->otherwise == MUST_END ? "the game ends" : "every move stays legal");
    }
}

/* Where a capture rule's seeds go: a player, a hole (`into`), or a hole
 * the mover chooses (`put`). */
static void into_words(FILE *f, const CaptureRule *c)
{
    if (c->put.code)
        fprintf(f, "; the mover then puts all the seeds taken into a hole of %s that he chooses, one decision "
                   "(written put:H), after which his move is over.", c->put.src);
    else if (c->into.code)
        fprintf(f, "; the seeds go into %s.", c->into.src);
    else
        fprintf(f, "; the seeds go to %s.", who_gets(c->to));
}

/* The capture rules, in the order they are tried. */
static void capture_words(FILE *f, const Rules *r)
{
    if (!r->ncaptures)
        return;
    fprintf(f, "\nCaptures (the first rule that applies):\n");
    for (int i = 0; i < r->ncaptures; i++) {
        const CaptureRule *c = &r->captures[i];
        fprintf(f, "  - If %s:", c->when.src);
        if (c->sweep.code && c->sweep.src) {
            if (c->amount.code && c->amount.src)
                fprintf(f, " take at most %s seeds from each hole of %s", c->amount.src, c->sweep.src);
            else
                fprintf(f, " take every hole of %s", c->sweep.src);
            if (c->sweep_where.code && c->sweep_where.src)
                fprintf(f, " where %s", c->sweep_where.src);
            into_words(f, c);
        }
        if (c->ntake) {
            take_words(f, c);
            if (c->chain)
                fprintf(f, ", then the %s holes while %s", c->chain == CHAIN_FORWARD ? "following" : "preceding",
                        c->chain_while.src);
            if (c->chain && c->chain_also.code && c->chain_also.src)
                fprintf(f, ", with each of them %s", c->chain_also.src);
            into_words(f, c);
        }
        set_words(f, r, c, "last");
        if (c->pick_n.code)
            fprintf(f, " Then the mover picks, one a decision (written take:H), up to %s of the holes of %s that "
                       "hold seeds; their seeds go to %s.", c->pick_n.src, c->pick_from.src, who_gets(c->to));
        if (ex_may_hold(&c->cancel_if))
            fprintf(f, " Undone if afterwards %s.", c->cancel_if.src);
        if (c->cont && i + 1 < r->ncaptures)
            fprintf(f, " Then the rules below are tried too.");
        fprintf(f, "\n");
    }
}

/* Rules applied in order without a decision: `turn-start` (as a turn
 * begins) or `before-sowing` (after a sowing decision), headed `head`. */
static void start_rule_words(FILE *f, const CaptureRule *rs, int n, const char *head)
{
    if (!n)
        return;
    fprintf(f, "\n%s (every rule that applies, in order):\n", head);
    for (int i = 0; i < n; i++) {
        const CaptureRule *c = &rs[i];
        if (c->when.code && c->when.is_const && !c->when.value)
            continue;   /* switched off by an option */
        fprintf(f, "  -");
        if (c->when.code)
            fprintf(f, " If %s:", c->when.src ? c->when.src : "?");
        if (c->each.code)
            fprintf(f, " for each hole of %s (in number order):", c->each.src ? c->each.src : "?");
        take_words(f, c);
        into_words(f, c);
        fprintf(f, "\n");
    }
}

/* A receiver of the board when the player to move cannot move, with who
 * `mover` and `opponent` are there. */
static const char *no_moves_to(Receiver to)
{
    return to == RCV_MOVER ? "mover (the player who cannot move)"
         : to == RCV_OPPONENT ? "opponent (the other player than the one who cannot move)"
         : who_gets(to);
}

/* How a game ends: no legal move, the `end` rules in force, repetition,
 * and who wins. */
static void end_words(FILE *f, const Rules *r)
{
    fprintf(f, "\nNo legal move: ");
    if (r->no_moves_loses)
        fprintf(f, "the player to move loses.\n");
    else if (ex_may_hold(&r->no_moves_pass))
        fprintf(f, "he passes%s; when %s can move, the game ends and the board goes to %s.\n",
                r->no_moves_pass.is_const ? "" : " (when the condition holds)", r->players == 2 ? "neither" : "nobody",
                no_moves_to(r->no_moves_seeds));
    else
        fprintf(f, "the game ends; the board goes to %s.\n", no_moves_to(r->no_moves_seeds));
    for (int i = 0; i < r->nends; i++) {
        if (r->ends[i].when.is_const && !r->ends[i].when.value)
            continue;
        fprintf(f, "End: when %s; the board goes to %s", r->ends[i].when.src, who_gets(r->ends[i].seeds));
        if (r->ends[i].winner.code && r->ends[i].winner.src)
            fprintf(f, "; the winner is %s, whatever the stores", r->ends[i].winner.src);
        fprintf(f, ".\n");
    }
    if (r->eliminate.code)
        fprintf(f, "Out of the game: after each move, every player for whom %s holds is out: his turns are passed "
                   "over; when one player is left, he wins (the board as it is).\n",
                r->eliminate.src ? r->eliminate.src : "`eliminate`");
    if (!r->repetition)
        fprintf(f, "Repetition: no rule; a position may recur any number of times.\n");
    else
        fprintf(f, "Repetition: the %d%s occurrence of a position ends the game%s; the board goes to %s.\n",
                r->repetition, r->repetition == 2 ? "nd" : r->repetition == 3 ? "rd" : "th",
                r->repetition_draw ? " as a draw" : "", who_gets(r->repetition_seeds));
    int named = 0;   /* some end rule names its winner */
    for (int i = 0; i < r->nends; i++)
        named |= r->ends[i].winner.code != NULL;
    fprintf(f, "Winner: %sthe player with %s; %s.\n", named || r->no_moves_loses ? "where no rule above names him, " : "",
            r->players == 2 ? "more seeds in his store" : "the most seeds in his store",
            r->players == 2 ? "equal is a draw" : "a tie for the most is a draw");
    if (!r->repetition)
        fprintf(f, "A game that never ends stops after %d decisions (each player takes the seeds on his side).\n",
                MAX_PLIES);
}

/* Writes the rules of `r` in words to `f`, as `mancala show` and the
 * `rules` command of `mancala play` print them. */
void rules_describe(const Rules *r, FILE *f)
{
    board_words(f, r);
    if (r->noptions) {
        fprintf(f, "\nOptions (--option KEY=VALUE):\n");
        for (int i = 0; i < r->noptions; i++)
            option_words(f, &r->options[i]);
    }
    setup_words(f, r);
    if (r->first_lot && !r->has_opening)
        fprintf(f, "\nFirst player: drawn by lot before anything else (lot:south or lot:north).\n");
    if (r->first_begins >= 0)
        fprintf(f, "\nFirst player: %s makes the first move%s.\n", r->first_begins ? "North" : "South",
                r->match ? " of the first round" : "");
    opening_words(f, r);
    start_rule_words(f, r->turn_start, r->nturn_start,
                     "As a turn begins, before the decision (mover: the player whose turn it is)");
    move_words(f, r);
    start_rule_words(f, r->before_sow, r->nbefore_sow,
                     r->has_select ? "Before each sowing, the move chosen and its seeds not yet lifted (start: the "
                                     "hole sown; if its seeds are taken, nothing is sown), and before the captures "
                                     "of a selection (start: the hole selected)"
                                   : "Before each sowing, the move chosen and its seeds not yet lifted (start: the "
                                     "hole sown; if its seeds are taken, nothing is sown)");
    fprintf(f, "\nSowing:\n");
    sow_words(f, r, &r->sow);
    capture_words(f, r);
    if (r->extra_turn.code)
        fprintf(f, "\nExtra turn: when %s.\n", r->extra_turn.src);
    end_words(f, r);
    show_match(f, r);
}

/* showmatch.c: a match in words, for `mancala show`: when it is over,
 * what happens between rounds (fills, kept holes and their shares, the
 * seeds passed between the holdings) and who begins the next. */
#include "show.h"

#include <string.h>

/* match.settle: the seeds passed between the holdings as a round ends. */
static void settle_words(FILE *f, const Rules *r)
{
    static const char *const pre[SETTLE_N] = { "gives the other ", "lends the other ", "borrows ", "repays " };
    static const char *const post[SETTLE_N] = { " seeds", " seeds (the other owes them)",
        " seeds from the other (and owes them)", " seeds of his debt" };
    if (!r->nsettle)
        return;
    fprintf(f, "  As a round ends, before the next is set up, in this order, South then North (at most what the payer"
               " holds; a repayment at most his debt):\n");
    for (int i = 0; i < r->nsettle; i++) {
        const SettleRule *s = &r->settle[i];
        const char *src = s->seeds[s->kind].src ? s->seeds[s->kind].src : "?";
        const int paren = strchr(src, ' ') != NULL;   /* the amount reads as one thing */
        fprintf(f, "    - each player %s%s%s%s%s\n", pre[s->kind], paren ? "(" : "", src, paren ? ")" : "",
                post[s->kind]);
    }
}

/* A match, if the variant is one: when it is over, what happens
 * between rounds and who begins the next. */
void show_match(FILE *f, const Rules *r)
{
    if (!r->match)
        return;
    static const char *const nx[] = { "the board is set up afresh",
        "each player fills his holes from his holdings; unfilled holes are out of play",
        "each player owns a hole per initial hole count of seeds he holds",
        "the player holding fewer seeds lays out his holes from his holdings and the other copies the layout" };
    fprintf(f, "\nMatch: rounds until %s (winner: higher %s), at most %d rounds.\n",
            r->match_over.src, r->match_score.src, r->max_rounds);
    if (r->match_points.code && r->match_points.src)
        fprintf(f, "  Each round adds %s to each player's total (not his store).\n", r->match_points.src);
    fprintf(f, "  Between rounds %s", nx[r->next]);
    if (r->next == NEXT_FILL && r->fill_seeds)
        fprintf(f, " (%d seeds a hole; %s)", r->fill_seeds,
                r->choose == CHOOSE_PLAYER ? "a player who cannot fill every hole chooses which (fill:...)"
                : r->choose == CHOOSE_LEFT ? "from the left" : "from the right");
    else if (r->next == NEXT_FILL)
        fprintf(f, " (%s seeds in each hole, if he can pay them all; %s)", r->fill_expr.src,
                r->choose == CHOOSE_PLAYER ? "a player who cannot fill every hole chooses which (fill:...)"
                : r->choose == CHOOSE_LEFT ? "from the left" : "from the right");
    fprintf(f, "; %s.\n", r->has_setup && r->setup_swap >= 0 ? "the setup decides who begins (keep or swap)"
                           : r->starter_result == 1 ? "the last round's winner begins"
                           : r->starter_result == 2 ? "the last round's loser begins"
                           : r->starter_alternates ? "the players alternate who begins" : "the same player begins");
    if (r->next == NEXT_COPY && !r->fill_rest)
        fprintf(f, "  (He fills them %s, %s seeds each while he can, then a seed each while seeds are left.)\n",
                r->choose == CHOOSE_RIGHT ? "from his right" : "from his left",
                r->fill_expr.src ? r->fill_expr.src : "?");
    else if (r->next == NEXT_COPY)
        fprintf(f, "  (He fills them %s, %s seeds each while he can, the rest into the next hole;\n"
                   "  %s if he cannot fill the first, a seed each while seeds are left.\n"
                   "  The holes left empty are out of play for the round.)\n",
                r->choose == CHOOSE_RIGHT ? "from his right" : "from his left",
                r->fill_expr.src ? r->fill_expr.src : "?",
                r->keep_expr.code ? "every hole full: into the first kept hole that is empty, else the first kept one;\n "
                                  : "every hole full, he keeps the rest;");
    if (r->next == NEXT_COPY)
        fprintf(f, "  The other puts the same seeds into %s, and keeps the rest.\n",
                r->copy_opposite ? "the hole facing each of the layer's" : "his hole of the same place from his own left");
    if (r->fill_even)
        fprintf(f, "  Each fills no more holes than the other can fill; the richer keeps the rest.\n");
    if (r->fill_rest && r->next == NEXT_FILL)
        fprintf(f, "  The seeds left over that pay for no full hole go into the next hole in that order, which is in play.\n");
    if (r->keep_expr.code) {
        fprintf(f, "  The holes where %s keep their seeds from round to round: nobody fills them, they are\n"
                   "  always in play, and whoever takes the board as a round ends leaves them alone.\n",
                r->keep_expr.src ? r->keep_expr.src : "?");
        if (r->share.code)
            fprintf(f, "  Before that, each player takes from each of them: %s\n  (all worked out on the board as"
                       " the play left it, then taken, South first).\n", r->share.src ? r->share.src : "?");
    }
    if (r->next == NEXT_REDISTRIBUTE)
        fprintf(f, "  A hole left over goes to %s; equal %s: %s.%s\n",
                r->leftover == LEFTOVER_REMAINDER ? "the larger remainder" : "the player with fewer seeds",
                r->leftover == LEFTOVER_REMAINDER ? "remainders" : "seeds",
                r->leftover_lot ? "a lot is drawn for it (lot:south or lot:north)"
                : "to the player with more seeds, then South",
                r->leftover == LEFTOVER_FEWER_EMPTY
                    ? "\n  It starts empty (the first of his holes after the other's), and each player keeps\n"
                      "  the seeds his holes do not take in his store."
                    : "");
    settle_words(f, r);
}

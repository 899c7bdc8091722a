/* plan.h: the engine's short cuts for one rule set, chosen in one place.
 *
 * plan_build reads what the loader recorded (the FT_* keys a file gives,
 * rules.h) and the normal forms of its conditions (expr.h), and chooses
 * which sowing kernel runs, how moves are listed, which conditions are
 * decided by masks or tested directly. Each short cut is opt-in: a kernel
 * or a short cut lists what it supports, and anything it does not support
 * (including a key the plan does not know) keeps the general path. Every
 * field zero is the reference mode: no short cut at all, every rule
 * evaluated as written; the tests require the same results from both. */
#ifndef MANCALA_PLAN_H
#define MANCALA_PLAN_H

#include <stdint.h>
#include <stdio.h>
#include "expr.h"

#define PLAN_MAX_EACH 16   /* each-seed (and capture) rules */

typedef enum Kernel {
    KERNEL_GENERAL = 0,    /* seed by seed, every rule (sow.c) */
    KERNEL_PLAIN           /* a lap at a time: whole circuits and a run of
                              holes at once; needs no per-seed rule, no
                              store on the track, no skip but the origin's */
} Kernel;

typedef struct SowPlan {
    uint8_t kernel;          /* Kernel */
    uint8_t skip_origin;     /* the skip rule is exactly `hole == origin` */
    uint8_t consecutive;     /* the general kernel drops a lap's seeds into
                                consecutive holes in a tight loop (no skip,
                                no stores on the track) */
    uint8_t each_masks;      /* each-seed rules filtered by masks of the
                                hole.count and hand values they can fire on */
    uint8_t each_big;        /* and some may fire at 64 seeds or more */
    uint64_t each_counts;    /* union of the rules' hole.count masks */
    ExFilter each_filter[PLAN_MAX_EACH];
    uint8_t each_take_hole[PLAN_MAX_EACH];   /* `take` is just `hole` */
} SowPlan;

typedef struct Plan {
    uint8_t general;         /* built in the reference mode */
    uint8_t moves_by_mask;   /* `from` is "own hole with >= from_min seeds"
                                and the directions are constant: the
                                candidates are a bit mask */
    uint8_t dirs;            /* with moves_by_mask: bit DIR_CCW / DIR_CW */
    uint8_t moves_direct;    /* moves by mask and no sowing can be endless
                                (no relay): where no `must` rule applies,
                                the candidates are the moves */
    uint8_t spill_once;      /* sowing.spill-at-row-end reads neither the
                                move nor a mark it sets: decided once for
                                every move of a list */
    uint8_t first_only;      /* "can he move at all?" stops at the first
                                legal move instead of listing them all */
    uint8_t keep_trials;     /* relay trial sowings of a move list are kept
                                for the move played next */
    uint8_t forget;          /* the repetition history forgets positions
                                once seeds leave the board for good */
    uint8_t cap_filter;      /* captures are tried only when the last hole
                                holds one of the counts below */
    uint8_t cap_big;         /* some capture rule may fire at 64 or more */
    uint64_t cap_counts;     /* the last hole's counts (0..63) at which some
                                capture rule may fire */
    uint8_t no_after;        /* no extra-turn or end rule can hold after a
                                sowing (each is absent or always false):
                                the context after a move is not built */
    uint8_t from_owned;      /* `moves.from` needs `hole.owner == mover`: only
                                the mover's holes are tested */
    uint8_t step_owned;      /* the same of `moves.step.from` */
    int16_t from_min;
    SowPlan sow, opening;
} Plan;

struct McRules;
/* Chooses the short cuts for `r` (general: none, the reference mode). */
void plan_build(struct McRules *r, int general);
/* The plan in words, with each condition's normal form and program
 * (`mancala show --plan`). */
void plan_describe(const struct McRules *r, FILE *f);

#endif

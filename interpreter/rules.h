/* rules.h: the rule graph, the one contract between the loader (load.c)
 * and the sowing VM (vm.c).
 *
 * A Rules value is what a variant file means once its options are fixed:
 * plain data and compiled expressions (expr.h), each with the position in
 * the file it came from. The loader builds it; the VM only reads it. All
 * memory belongs to `arena`: rules_free releases everything at once. */
#ifndef MANCALA_RULES_H
#define MANCALA_RULES_H

#include "arena.h"
#include "diag.h"
#include "expr.h"
#include "position.h"

#define MAX_OPTIONS     32
#define MAX_ENUM_VALUES 16
#define MAX_CAPTURES    16
#define MAX_TAKES       4
#define MAX_MUST        8
#define MAX_ENDS        16
#define MAX_NAME        64

/* Who receives seeds (captures, the board at the end). */
typedef enum Receiver {
    RCV_MOVER = 0,      /* the player who moved */
    RCV_OPPONENT,
    RCV_OWNER,          /* each hole's owner */
    RCV_REMOVED,        /* out of the game */
    RCV_STAY,           /* nobody: the seeds stay where they are */
    RCV_LAST_MOVER,     /* the player who made the last move */
    RCV_STARTER,        /* the player who began the game */
    RCV_SOUTH,
    RCV_NORTH,
    RCV_COUNT
} Receiver;

typedef struct OptionDef {
    char name[MAX_NAME];
    ExType type;                 /* T_BOOL, T_INT, T_STRING (enum) */
    int64_t def, value;          /* enum: index into values */
    int64_t min, max;            /* T_INT bounds */
    int nvalues;                 /* enum words, or allowed ints if > 0 */
    const char *values[MAX_ENUM_VALUES];
    int64_t ivalues[MAX_ENUM_VALUES];
    const char *description;
    SrcLoc loc;
} OptionDef;

/* One capture rule: `when` holds on the landing hole -> take holes. */
typedef struct CaptureRule {
    Expr when;
    Expr take[MAX_TAKES];
    int ntake;
    int chain;                   /* 0 none, +1 forward, -1 backward */
    Expr chain_while;
    Receiver to;
    Expr cancel_if;              /* undo the capture if it then holds */
    SrcLoc loc;
    ExFilter filter;             /* vm_prepare: the hole.count and hand
                                    values `when` can hold for (each-seed) */
    int take_hole;               /* vm_prepare: take[0] is just `hole` */
} CaptureRule;

typedef struct SowRules {
    int first_seed_origin;       /* first seed back into the origin */
    Expr skip;                   /* holes passed over */
    int skip_origin;             /* `skip` is exactly `hole == origin` */
    int into_stores;             /* 0 none, 1 the mover's own, 2 both */
    int relay;                   /* multiple laps */
    int relay_from_next;         /* next lap lifts the hole after the landing hole */
    Expr relay_while;            /* go on with another lap while this holds */
    Expr spill;                  /* at move start: seeds leave at a row's end */
    CaptureRule each_seed[MAX_CAPTURES];
    int neach;
    SrcLoc loc;
    int plain;                   /* set by vm_prepare: no per-seed work */
    int next_hole;               /* vm_prepare: each seed into the next hole */
    uint64_t each_counts;        /* vm_prepare: union of each_seed[].filter.count */
    int each_big;                /* and whether some may fire at 64 seeds or more */
} SowRules;

/* A legality filter that looks at each move's result. */
typedef enum MustOtherwise { MUST_ALL = 0, MUST_END } MustOtherwise;
typedef struct MustRule {
    Expr when;                   /* before the move */
    Expr keep;                   /* on the move's result */
    MustOtherwise otherwise;
    Receiver seeds;              /* MUST_END: who takes the board */
    SrcLoc loc;
} MustRule;

typedef struct EndRule {
    Expr when;
    Receiver seeds;
    SrcLoc loc;
} EndRule;

typedef enum NextRound { NEXT_RESET = 0, NEXT_FILL, NEXT_REDISTRIBUTE } NextRound;
typedef enum FillChoice { CHOOSE_PLAYER = 0, CHOOSE_LEFT, CHOOSE_RIGHT } FillChoice;

typedef struct Rules {
    Arena arena;
    char name[MAX_NAME];
    const char *title, *description, *file;

    OptionDef options[MAX_OPTIONS];
    int noptions;

    /* board */
    int rows, width, nholes;     /* width: holes per row */
    int seeds;                   /* per hole at the start (the average, if they differ) */
    uint16_t initial[MAX_HOLES]; /* seeds in each hole at the start */
    int uniform;                 /* every hole starts with `seeds` */
    int stores;                  /* 0 none, 1 off the track, 2 on the track */
    int nflags;
    const char *flags[MAX_FLAGS];
    int total_seeds;

    /* moves */
    Expr from;
    int from_min;                /* `from` is `own hole with >= from_min seeds` (-1: general) */
    Expr dir_ccw, dir_cw;        /* where each direction is allowed */
    int mark_flag;               /* flag set on the origin, or -1 */
    MustRule must[MAX_MUST];
    int nmust;

    SowRules sow;
    CaptureRule captures[MAX_CAPTURES];
    int ncaptures;
    Expr extra_turn;

    /* no legal move */
    Expr no_moves_pass;
    Receiver no_moves_seeds;
    int no_moves_loses;

    EndRule ends[MAX_ENDS];
    int nends;

    int repetition;              /* occurrences that end a game (2..100) */
    Receiver repetition_seeds;

    /* opening */
    int has_opening;
    int opening_by;
    Expr opening_from;
    int opening_dir;
    SowRules opening_sow;
    int first_chooser;           /* -1: none */

    /* match */
    int match;
    int max_rounds;
    NextRound next;
    int fill_seeds;
    FillChoice choose;
    int starter_alternates;
    Expr match_over;
    Expr match_score;

    /* computer players: a position's value for `player` (absent: own
     * store minus the opponent's) */
    Expr evaluate;

    /* set by vm_prepare (vm.c) once the rules are loaded: a number no
     * other rule set loaded by this process has (never 0), and the ways
     * the VM can take short cuts for these rules */
    uint64_t serial;
    int fast_moves;              /* `from` is from_min and the directions are
                                    constant: candidates by bit masks */
    int dirs_const;              /* then: bit DIR_CCW / DIR_CW allowed */
} Rules;

/* Loads a variant from `text` (a NUL-terminated copy of the file, `len`
 * bytes, named `file` in messages). `opts` is a list of KEY=VALUE strings
 * (borrowed). Returns a new Rules, or NULL after reporting every problem
 * found to `dg`. */
Rules *rules_load(const char *file, const char *text, size_t len,
                  const char *const *opts, int nopts, Diags *dg);
void rules_free(Rules *r);

/* Chooses the VM's short cuts for loaded rules (vm.c; rules_load calls it). */
void vm_prepare(Rules *r);

/* Names for messages and `show`. */
const char *receiver_name(Receiver r);
int option_format(const OptionDef *o, int64_t v, char *buf, size_t n);

#endif

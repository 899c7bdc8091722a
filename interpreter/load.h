/* load.h: what the loader's files share (load.c, loadkey.c, loadsec.c, loadsow.c,
 * loadstart.c, loadopt.c, ...); nothing outside them includes it.
 *
 * Every mapping of a variant file is read against a table of its keys
 * (LdKey), written once as data: a key's name, whether it is required,
 * the kind of its value, where the value goes (an offset into the
 * section's struct) and, for the keys of `sowing`, `opening` and `moves`,
 * the FT_* bit (rules.h) that records it for the plan. One routine checks
 * a mapping against its table (unknown keys, duplicates, required keys)
 * and reads each value by its kind; a row's `then` holds what depends on
 * the keys before it (a check between keys, a derived value), so that
 * messages come in the order of the keys, as they always have. */
#ifndef MANCALA_LOAD_H
#define MANCALA_LOAD_H

#include <stddef.h>
#include <yaml.h>

#include "rules.h"

/* One rules_load: the document, where messages go, and the scope that
 * expressions are compiled in. */
typedef struct Ld {
    Rules *r;
    Diags *dg;
    yaml_document_t *doc;
    const char *text;            /* the file, `len` bytes */
    size_t len;
    int ascii;                   /* every byte < 128: characters are bytes */
    ExOption xo[MAX_OPTIONS];
    ExScope scope;               /* options + flags; ctx set per use */
    const char *bad_opt[MAX_OPTIONS];   /* options declared with an error */
    int nbad_opt;
    uint32_t options_used;       /* bit i: an expression reads option i */
    const char *const *opts;     /* KEY=VALUE overrides */
    int nopts;
} Ld;

/* The contexts of the keys, as CX_* sets (expr.h). */
enum {
    CTX_FROM = CX_STATE | CX_HOLE,                    /* a hole that may be chosen */
    CTX_SOW = CX_STATE | CX_ORIGIN | CX_START | CX_DIR, /* during a sowing */
    CTX_SEED = CTX_SOW | CX_HOLE | CX_HAND,           /* on each seed dropped */
    CTX_AFTER = CTX_SOW | CX_LAST,                    /* once the sowing is over */
    CTX_CAPTURED = CTX_AFTER | CX_CAPTURED            /* once the captures are made */
};

/* What a key's value is, and so how it is read. */
typedef enum LdKind {
    LK_WORD = 1,    /* one of `words`: its index (the enum's value), into an int */
    LK_EXPR,        /* an expression of `type` in context `ctx`, into an Expr */
    LK_STATIC,      /* an expression of `type` fixed once the options are
                       known, in lo..hi, into an int */
    LK_BOOL,        /* true or false (yes/no, on/off), into an int */
    LK_RECEIVER,    /* a receiver (`owners` is owner), into a Receiver */
    LK_FLAG,        /* a flag `board.flags` declares: its index, into an int */
    LK_TEXT,        /* any scalar, copied into the arena: a const char * */
    LK_RULES,       /* a list of at most `hi` rules, each read by `rule` into
                       the array at `off` (rules of `size` bytes), counted
                       by the int at `count` */
    LK_SECTION,     /* a mapping of its own, read by `section` */
    LK_MAP,         /* a mapping whose keys, the table `sub`, are read into
                       the same struct (`moves.lift: {min, max}`) */
    LK_CUSTOM       /* read by `read` */
} LdKind;

/* LdKey.flags */
enum {
    LF_QUALIFY  = 1 << 0,   /* messages name the key SECTION.KEY (`board.rows`) */
    LF_RULE_CTX = 1 << 1,   /* LK_EXPR: the section's context is added to `ctx`
                               (a capture rule: after the sowing or on each seed) */
    LF_SOWING   = 1 << 2,   /* a key of `sowing` that `opening` does not take */
    LF_RULES_IN = 1 << 3    /* LK_RULES: "too many rules in `KEY`", not
                               "too many `KEY` rules" */
};

#define LD_MAX_KEYS  24   /* rows of one table */
#define LD_MAX_PARTS 2    /* tables of one mapping (`opening`: its own, the sowing's) */

typedef struct LdKey LdKey;
typedef struct LdPart LdPart;
typedef struct LdSec LdSec;

/* Reads a value of kind LK_CUSTOM into `base`, the part's struct; returns
 * 1 if it was valid (0 after reporting). */
typedef int (*LdRead)(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v);
/* Reads one rule of an LK_RULES list into `rule`. */
typedef void (*LdRule)(Ld *ld, const yaml_node_t *n, void *rule);
/* Reads an LK_SECTION value, a mapping. */
typedef void (*LdSection)(Ld *ld, const yaml_node_t *n);
/* Runs when a key's turn comes, whether the key is given or not. */
typedef void (*LdThen)(Ld *ld, const LdSec *s, const LdPart *p);

/* One key of a mapping. A table is an array of them ended by a row
 * without a name; the rows' order is the order of the keys in messages
 * and, except where a section says otherwise, the order they are read. */
struct LdKey {
    const char *name;
    unsigned char required;
    unsigned char kind;          /* LdKind */
    unsigned char flags;         /* LF_* */
    unsigned char type;          /* LK_EXPR, LK_STATIC: the ExType wanted */
    unsigned ctx;                /* LK_EXPR: CX_* the expression may use */
    unsigned feature;            /* FT_* recorded when the key is given */
    size_t off;                  /* the value's place in the part's struct */
    const char *const *words;    /* LK_WORD: NULL-ended, in the enum's order */
    int lo, hi;                  /* LK_STATIC: bounds; LK_RULES: hi = most rules */
    size_t count, size;          /* LK_RULES: the count's offset, a rule's size */
    LdRule rule;                 /* LK_RULES */
    LdSection section;           /* LK_SECTION */
    LdRead read;                 /* LK_CUSTOM */
    const LdKey *sub;            /* LK_MAP: its keys */
    LdThen then;                 /* optional */
};

/* A table read into one struct. */
struct LdPart {
    const LdKey *keys;
    unsigned omit;               /* rows with one of these LF_* are not keys here */
    uint64_t optional;           /* bit i: row i, required elsewhere, is not here */
    void *base;                  /* the struct the rows' offsets point into */
    unsigned *features;          /* where the FT_* of the keys given go, or NULL */
    /* by row: the key and value given (NULL: absent), and whether the
     * value given was invalid */
    const yaml_node_t *key[LD_MAX_KEYS], *val[LD_MAX_KEYS];
    unsigned char bad[LD_MAX_KEYS];
};

/* A mapping being read: its node, its name in messages, its tables. */
struct LdSec {
    const yaml_node_t *node;
    const char *what;            /* "`board`", "a rule of `captures`" */
    const char *name;            /* SECTION of LF_QUALIFY keys */
    unsigned ctx;                /* added to the context of LF_RULE_CTX keys */
    int nparts;
    LdPart part[LD_MAX_PARTS];
};

/* ---- load.c: positions in the file ----------------------------------- */

SrcLoc ld_mark_loc(yaml_mark_t m);
SrcLoc ld_nloc(const yaml_node_t *n);             /* {0, 0} for NULL */
yaml_node_t *ld_node(const Ld *ld, int id);
SrcLoc ld_index_loc(const Ld *ld, size_t idx);    /* a byte of the text */
size_t ld_char_to_byte(const Ld *ld, size_t cidx);

/* ---- loadkey.c: scalars, words, expressions ---------------------------- */

const char *lk_kind_name(const yaml_node_t *n);
const char *lk_sval(const yaml_node_t *n);
int lk_is_scalar(Ld *ld, const yaml_node_t *n, const char *key);
int lk_is_letter(char c);
int lk_parse_ll(const char *s, long long *out);
int lk_parse_bool(const char *s, int *out);
void lk_list_add(char *list, size_t size, int i, const char *item);
int lk_word(Ld *ld, const yaml_node_t *n, const char *key, const char *const *words);
int lk_receiver(Ld *ld, const yaml_node_t *n, const char *key, Receiver *out);
const char *lk_text(Ld *ld, const yaml_node_t *n, const char *key);
int lk_expr(Ld *ld, const yaml_node_t *n, ExType want, unsigned ctx, const char *key, Expr *out);
/* A value fixed once the options are known, in lo..hi, into *out; 0
 * after reporting. */
int lk_static(Ld *ld, const yaml_node_t *n, ExType want, const char *key, long long lo, long long hi, int *out);
/* One element of a list of scalars: 1 read, 0 an error reported (the
 * next one is read), -1 an error that ends the list. */
typedef int (*LkEach)(Ld *ld, const yaml_node_t *e, void *ctx);
int lk_scalars(Ld *ld, const yaml_node_t *v, const char *key, const char *what, LkEach each, void *ctx);

/* ---- loadkey.c: the table reader ---------------------------------------
 * lk_sec starts a mapping, lk_part adds a table to it; lk_keys checks the
 * mapping against its tables (unknown keys, duplicates, required keys)
 * and records what is given; lk_read reads every row in the tables'
 * order, lk_row one row (a section that reads in another order calls it);
 * lk_map is lk_keys, then lk_read if the mapping is well-formed. */

const char *lk_label(const LdSec *s, const LdKey *k, char *buf, size_t n);
void lk_sec(LdSec *s, const yaml_node_t *n, const char *what, const char *name);
LdPart *lk_part(LdSec *s, const LdKey *keys, unsigned omit, void *base, unsigned *features);
int lk_keys(Ld *ld, LdSec *s);
int lk_row(Ld *ld, const LdSec *s, LdPart *p, int i);
void lk_read(Ld *ld, LdSec *s);
int lk_map(Ld *ld, LdSec *s);

/* ---- loadsec.c: the sections (LK_SECTION, LK_RULES readers) ------------ */

void ls_board(Ld *ld, const yaml_node_t *n);
/* A number expression of `hole` (`key`, the node n) evaluated for each
 * hole of the board into out[], each lo..10000; 0 after reporting. */
int ls_per_hole(Ld *ld, const yaml_node_t *n, const char *key, int lo, Expr *e, uint16_t *out);
void ls_moves(Ld *ld, const yaml_node_t *n);
/* loadstep.c: moves.step and moves.place (LK_CUSTOM readers). */
int ls_step(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v);
int ls_place(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v);
/* moves.select: a move that chooses a hole and sows nothing (loadstep.c). */
int ls_select(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v);
/* moves.store: one entry (LK_RULES reader), and the list's check (`then`). */
void ls_store_rule(Ld *ld, const yaml_node_t *n, void *rule);
void ls_store_names(Ld *ld, const LdSec *s, const LdPart *p);
/* loadsow.c: `sowing`, `opening` and `first-player`. */
void ls_sowing(Ld *ld, const yaml_node_t *n);
void ls_opening(Ld *ld, const yaml_node_t *n);
/* `sowing.steer` against the keys it cannot go with (once all are read). */
void ls_check_steer(Ld *ld);
void ls_first_player(Ld *ld, const yaml_node_t *n);
void ls_setup(Ld *ld, const yaml_node_t *n);
void ls_settle_rule(Ld *ld, const yaml_node_t *n, void *rule);
/* loadabout.c */
void ls_about(Ld *ld, const yaml_node_t *n);
/* loadsec.c: a rule of `captures`, of `sowing.each-seed`. */
void ls_capture_rule(Ld *ld, const yaml_node_t *n, void *rule);
void ls_seed_rule(Ld *ld, const yaml_node_t *n, void *rule);
/* A capture rule's `take` (one hole, or a list) and `to` (a receiver,
 * or `hand`), read into a CaptureRule (loadsec.c). */
int ls_take(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v);
int ls_capture_to_read(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v);
/* One rule of turn-start, of before-sowing (loadstart.c). */
void ls_turn_rule(Ld *ld, const yaml_node_t *n, void *rule);
void ls_before_rule(Ld *ld, const yaml_node_t *n, void *rule);
void ls_end_rule(Ld *ld, const yaml_node_t *n, void *rule);
void ls_no_moves(Ld *ld, const yaml_node_t *n);
void ls_repetition(Ld *ld, const yaml_node_t *n);
void ls_match(Ld *ld, const yaml_node_t *n);

/* ---- loadopt.c: options ------------------------------------------------ */

void lo_options(Ld *ld, const yaml_node_t *n);
void lo_overrides(Ld *ld);    /* the KEY=VALUE of ld->opts */

#endif

/* load.c: variant file (YAML, via libyaml) -> rule graph (rules.h).
 *
 * The accepted schema is written as tables of keys, one per mapping (see
 * the *_keys arrays below and docs/variant-format.md). Every problem is
 * reported at its own position and loading goes on, so one run shows all
 * of them. Expressions are compiled with the options already fixed, so
 * option tests fold away. */
#include "rules.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define MAX_FILE_BYTES   (1u << 20)   /* 1 MiB */
#define MAX_YAML_DEPTH   32
#define MAX_YAML_NODES   20000
#define MAX_ROUNDS_CAP   10000   /* totals stay below 2^31: 10000 x 30000 seeds */
#define MAX_CHOICE_WIDTH 12      /* C(12, 6) = 924 fill choices <= MAX_MOVES */

typedef struct Ld {
    Rules *r;
    Diags *dg;
    yaml_document_t *doc;
    const char *text;
    size_t len;
    ExOption xo[MAX_OPTIONS];
    ExScope scope;               /* options + flags; ctx set per use */
    unsigned flags;              /* LOAD_* */
    const char *const *opts;     /* KEY=VALUE overrides */
    int nopts;
} Ld;

/* ---- positions -------------------------------------------------------- */

static SrcLoc mark_loc(yaml_mark_t m)
{
    return (SrcLoc){ (int)m.line + 1, (int)m.column + 1 };
}

static SrcLoc nloc(const yaml_node_t *n)
{
    return n ? mark_loc(n->start_mark) : (SrcLoc){ 0, 0 };
}

static yaml_node_t *node(Ld *ld, int id)
{
    return yaml_document_get_node(ld->doc, id);
}

static int is_cont(char c)
{
    return ((unsigned char)c & 0xC0) == 0x80;   /* a UTF-8 continuation byte */
}

/* Byte index -> line:column, columns counted in characters as libyaml
 * counts them. */
static SrcLoc index_loc(const Ld *ld, size_t idx)
{
    SrcLoc l = { 1, 1 };
    for (size_t i = 0; i < idx && i < ld->len; i++) {
        if (ld->text[i] == '\n') {
            l.line++;
            l.col = 1;
        } else if (!is_cont(ld->text[i]))
            l.col++;
    }
    return l;
}

/* libyaml's mark.index counts characters; the text is bytes. */
static size_t char_to_byte(const Ld *ld, size_t cidx)
{
    size_t i = 0, c = 0;
    while (i < ld->len && c < cidx) {
        i++;
        while (i < ld->len && is_cont(ld->text[i]))
            i++;
        c++;
    }
    return i;
}

typedef struct ScalarMap {
    const Ld *ld;
    const yaml_node_t *n;
} ScalarMap;

/* Maps an offset in a scalar's value to the file: folding only changes
 * white space, so the k-th visible character of the value is found by
 * walking the source from the scalar's start, matching characters. */
static SrcLoc scalar_map(const void *self, int off)
{
    const ScalarMap *sm = self;
    const char *v = (const char *)sm->n->data.scalar.value;
    size_t vlen = sm->n->data.scalar.length;
    size_t si = char_to_byte(sm->ld, sm->n->start_mark.index);
    size_t end = char_to_byte(sm->ld, sm->n->end_mark.index);
    if (end > sm->ld->len)
        end = sm->ld->len;
    const char *src = sm->ld->text;
    /* skip a block scalar's indicator line */
    if (sm->n->data.scalar.style == YAML_LITERAL_SCALAR_STYLE ||
        sm->n->data.scalar.style == YAML_FOLDED_SCALAR_STYLE) {
        while (si < end && src[si] != '\n')
            si++;
    } else if (sm->n->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
               sm->n->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE)
        si++;
    size_t found = si;
    for (size_t k = 0; k <= (size_t)off && k < vlen; k++) {
        char c = v[k];
        if (c == ' ' || c == '\n' || c == '\t')
            continue;
        size_t j = si;
        while (j < end && src[j] != c)
            j++;
        if (j >= end)
            break;
        found = j;
        si = j + 1;
    }
    return index_loc(sm->ld, found);
}

/* ---- scalars ---------------------------------------------------------- */

static int is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* A name expressions can read: what grammar/expr.l calls ID. */
static int is_name(const char *s)
{
    if (!is_letter(*s))
        return 0;
    for (s++; *s; s++) {
        if (*s == '-' && is_letter(s[1]))
            continue;
        if (!is_letter(*s) && !(*s >= '0' && *s <= '9'))
            return 0;
    }
    return 1;
}

static const char *kind_name(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SCALAR_NODE: return "a scalar";
    case YAML_SEQUENCE_NODE: return "a list";
    case YAML_MAPPING_NODE: return "a mapping";
    default: return "nothing";
    }
}

static const char *sval(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int is_scalar(Ld *ld, const yaml_node_t *n, const char *key)
{
    if (n->type == YAML_SCALAR_NODE)
        return 1;
    dg_error(ld->dg, nloc(n), "`%s` must be a scalar, not %s", key, kind_name(n));
    return 0;
}

/* A word from a fixed list; returns its index or -1 after an error. */
static int word(Ld *ld, const yaml_node_t *n, const char *key, const char *const *words)
{
    if (!is_scalar(ld, n, key))
        return -1;
    const char *s = sval(n);
    char list[300] = "";
    for (int i = 0; words[i]; i++) {
        if (strcmp(words[i], s) == 0)
            return i;
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, words[i], sizeof list - strlen(list) - 1);
    }
    dg_error(ld->dg, nloc(n), "`%s` must be one of: %s (not \"%.60s\")", key, list, s);
    return -1;
}

static int parse_ll(const char *s, long long *out)
{
    if (!s || !*s)
        return 0;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (*end || errno)
        return 0;
    *out = v;
    return 1;
}

static int parse_bool(const char *s, int *out)
{
    if (!s)
        return 0;
    if (!strcmp(s, "true") || !strcmp(s, "yes") || !strcmp(s, "on")) {
        *out = 1;
        return 1;
    }
    if (!strcmp(s, "false") || !strcmp(s, "no") || !strcmp(s, "off")) {
        *out = 0;
        return 1;
    }
    return 0;
}

static const char *str(Ld *ld, const yaml_node_t *n, const char *key)
{
    if (!is_scalar(ld, n, key))
        return NULL;
    return ar_strndup(&ld->r->arena, sval(n), n->data.scalar.length);
}

/* ---- expressions ------------------------------------------------------ */

static int expr(Ld *ld, const yaml_node_t *n, ExType want, unsigned ctx,
                const char *key, Expr *out)
{
    memset(out, 0, sizeof *out);
    if (!is_scalar(ld, n, key))
        return 0;
    char where[96];
    snprintf(where, sizeof where, "(in `%s`)", key);
    ld->scope.ctx = ctx;
    ld->scope.where = where;
    ScalarMap sm = { ld, n };
    ExLocMap lm = { scalar_map, &sm };
    int ok = ex_compile(&ld->r->arena, sval(n), (int)n->data.scalar.length, want,
                        &ld->scope, ld->dg, &lm, out);
    out->loc = nloc(n);
    return ok;
}

/* A value fixed once the options are known (board size, match switch). */
static int static_int(Ld *ld, const yaml_node_t *n, ExType want, const char *key,
                      long long lo, long long hi, int *out)
{
    Expr e;
    if (!expr(ld, n, want, 0, key, &e))
        return 0;
    if (!e.is_const) {
        dg_error(ld->dg, nloc(n), "`%s` must be fixed once the options are known", key);
        return 0;
    }
    if (e.value < lo || e.value > hi) {
        dg_error(ld->dg, nloc(n), "`%s` is %lld; it must lie in %lld..%lld", key,
                 (long long)e.value, lo, hi);
        return 0;
    }
    *out = (int)e.value;
    return 1;
}

/* ---- mappings --------------------------------------------------------- */

/* The position of key `name` in mapping `map` (for errors about a key). */
static SrcLoc keyloc(Ld *ld, const yaml_node_t *map, const char *name)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key);
        if (k && sval(k) && !strcmp(sval(k), name))
            return nloc(k);
    }
    return nloc(map);
}

typedef struct Key {
    const char *name;
    int required;
} Key;

/* Checks that `n` is a mapping whose keys are all in `keys`, none twice,
 * every required one present; fills vals[i] with key i's value (or NULL). */
static int mapping(Ld *ld, const yaml_node_t *n, const char *what, const Key *keys,
                   yaml_node_t **vals)
{
    int nk = 0;
    while (keys[nk].name)
        vals[nk++] = NULL;
    if (n->type != YAML_MAPPING_NODE) {
        dg_error(ld->dg, nloc(n), "%s must be a mapping, not %s", what, kind_name(n));
        return 0;
    }
    int ok = 1;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
        if (!k || !v)
            continue;
        const char *ks = sval(k);
        if (!ks) {
            dg_error(ld->dg, nloc(k), "keys of %s must be words", what);
            ok = 0;
            continue;
        }
        int i;
        for (i = 0; i < nk; i++)
            if (strcmp(keys[i].name, ks) == 0)
                break;
        if (i == nk) {
            char list[400] = "";
            for (int j = 0; j < nk; j++) {
                strncat(list, j ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, keys[j].name, sizeof list - strlen(list) - 1);
            }
            dg_error(ld->dg, nloc(k), "unknown key `%.60s` in %s (expected: %s)", ks, what, list);
            ok = 0;
            continue;
        }
        if (vals[i]) {
            dg_error(ld->dg, nloc(k), "key `%s` appears twice in %s", ks, what);
            ok = 0;
            continue;
        }
        vals[i] = v;
    }
    for (int i = 0; i < nk; i++) {
        if (keys[i].required && !vals[i]) {
            dg_error(ld->dg, nloc(n), "%s needs the key `%s`", what, keys[i].name);
            ok = 0;
        }
    }
    return ok;
}

/* ---- receivers -------------------------------------------------------- */

static const char *const receiver_words[] = {
    "mover", "opponent", "owner", "removed", "stay", "last-mover", "starter",
    "south", "north", NULL
};
/* The words `word()` lists in messages: the same, with the `owners` spelling. */
static const char *const receiver_listed[] = {
    "mover", "opponent", "owner", "owners", "removed", "stay", "last-mover", "starter",
    "south", "north", NULL
};

const char *receiver_name(Receiver r)
{
    return (unsigned)r < RCV_COUNT ? receiver_words[r] : "?";
}

static int receiver(Ld *ld, const yaml_node_t *n, const char *key, Receiver *out)
{
    if (n->type == YAML_SCALAR_NODE && !strcmp(sval(n), "owners")) {
        *out = RCV_OWNER;
        return 1;
    }
    int w = word(ld, n, key, receiver_listed);
    if (w < 0)
        return 0;
    *out = w >= 4 ? (Receiver)(w - 1) : w == 3 ? RCV_OWNER : (Receiver)w;
    return 1;
}

/* ---- options ---------------------------------------------------------- */

static void load_options(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    if (n->type != YAML_MAPPING_NODE) {
        dg_error(ld->dg, nloc(n), "`options` must be a mapping of option names, not %s", kind_name(n));
        return;
    }
    static const Key keys[] = { { "type", 1 }, { "default", 1 }, { "values", 0 },
        { "min", 0 }, { "max", 0 }, { "description", 0 }, { NULL, 0 } };
    static const char *const types[] = { "bool", "int", "enum", NULL };
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(ld, p->key), *v = node(ld, p->value);
        if (!k || !v)
            continue;
        const char *name = sval(k);
        if (!name) {
            dg_error(ld->dg, nloc(k), "option names must be words");
            continue;
        }
        if (r->noptions >= MAX_OPTIONS) {
            dg_error(ld->dg, nloc(k), "too many options (at most %d)", MAX_OPTIONS);
            return;
        }
        size_t nl = strlen(name);
        int bad = nl == 0 || nl >= MAX_NAME;
        for (size_t i = 0; i < nl && !bad; i++) {
            char c = name[i];
            bad = !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                    (i > 0 && ((c >= '0' && c <= '9') || (c == '-' && i + 1 < nl && is_letter(name[i + 1])))));
        }
        if (bad) {
            dg_error(ld->dg, nloc(k), "option name `%.60s` must be a name as expressions read it: letters, digits, '_', and '-' before a letter (at most %d characters)",
                     name, MAX_NAME - 1);
            continue;
        }
        int clash = ex_reserved(name);
        for (int i = 0; i < r->noptions; i++)
            if (!strcmp(r->options[i].name, name)) {
                dg_error(ld->dg, nloc(k), "option `%s` is declared twice", name);
                clash = 2;
            }
        if (clash == 1) {
            dg_error(ld->dg, nloc(k), "option name `%s` is a reserved word of expressions", name);
            continue;
        }
        if (clash)
            continue;
        yaml_node_t *vals[7];
        char what[100];
        snprintf(what, sizeof what, "option `%s`", name);
        if (!mapping(ld, v, what, keys, vals))
            continue;
        OptionDef *o = &r->options[r->noptions];
        memset(o, 0, sizeof *o);
        snprintf(o->name, sizeof o->name, "%s", name);
        o->loc = nloc(k);
        o->min = INT32_MIN;
        o->max = INT32_MAX;
        int t = word(ld, vals[0], "type", types);
        if (t < 0)
            continue;
        o->type = t == 0 ? T_BOOL : t == 1 ? T_INT : T_STRING;
        if (vals[5])
            o->description = str(ld, vals[5], "description");
        int ok = 1;
        if (vals[2]) {
            if (o->type == T_BOOL) {
                dg_error(ld->dg, nloc(vals[2]), "a bool option takes no `values`");
                ok = 0;
            } else if (vals[2]->type != YAML_SEQUENCE_NODE) {
                dg_error(ld->dg, nloc(vals[2]), "`values` must be a list");
                ok = 0;
            } else {
                for (yaml_node_item_t *it = vals[2]->data.sequence.items.start;
                     it < vals[2]->data.sequence.items.top; it++) {
                    yaml_node_t *e = node(ld, *it);
                    if (!e || !is_scalar(ld, e, "values")) {
                        ok = 0;
                        continue;
                    }
                    if (o->nvalues >= MAX_ENUM_VALUES) {
                        dg_error(ld->dg, nloc(e), "too many values (at most %d)", MAX_ENUM_VALUES);
                        ok = 0;
                        break;
                    }
                    if (o->type == T_INT) {
                        long long x;
                        if (!parse_ll(sval(e), &x) || x < -1000000000LL || x > 1000000000LL) {
                            dg_error(ld->dg, nloc(e), "values of an int option must be whole numbers");
                            ok = 0;
                            continue;
                        }
                        o->ivalues[o->nvalues++] = x;
                    } else {
                        for (int j = 0; j < o->nvalues; j++)
                            if (!strcmp(o->values[j], sval(e))) {
                                dg_error(ld->dg, nloc(e), "value \"%s\" is listed twice", sval(e));
                                ok = 0;
                            }
                        o->values[o->nvalues++] = str(ld, e, "values");
                    }
                }
            }
        } else if (o->type == T_STRING) {
            dg_error(ld->dg, nloc(v), "enum option `%s` needs `values`", name);
            ok = 0;
        }
        for (int m = 3; m <= 4; m++) {
            if (!vals[m])
                continue;
            long long x;
            if (o->type != T_INT) {
                dg_error(ld->dg, nloc(vals[m]), "only an int option takes `%s`", m == 3 ? "min" : "max");
                ok = 0;
            } else if (!parse_ll(sval(vals[m]), &x) || x < -1000000000LL || x > 1000000000LL) {
                dg_error(ld->dg, nloc(vals[m]), "`%s` must be a whole number in -1000000000..1000000000", m == 3 ? "min" : "max");
                ok = 0;
            } else if (m == 3)
                o->min = x;
            else
                o->max = x;
        }
        if (o->min > o->max) {
            dg_error(ld->dg, nloc(vals[4]), "`max` is below `min`");
            ok = 0;
        }
        if (!ok)
            continue;
        /* the default */
        const yaml_node_t *d = vals[1];
        if (!is_scalar(ld, d, "default"))
            continue;
        char err[200];
        err[0] = 0;
        const char *ds = sval(d);
        if (o->type == T_BOOL) {
            int b;
            if (!parse_bool(ds, &b))
                snprintf(err, sizeof err, "the default of bool option `%s` must be true or false", name);
            o->def = b;
        } else if (o->type == T_INT) {
            long long x;
            int in = 0;
            if (!parse_ll(ds, &x))
                snprintf(err, sizeof err, "the default of int option `%s` must be a whole number", name);
            else if (x < o->min || x > o->max)
                snprintf(err, sizeof err, "the default of `%s` (%lld) lies outside %lld..%lld", name, x,
                         (long long)o->min, (long long)o->max);
            else if (o->nvalues) {
                for (int j = 0; j < o->nvalues; j++)
                    in |= o->ivalues[j] == x;
                if (!in)
                    snprintf(err, sizeof err, "the default of `%s` (%lld) is not among its values", name, x);
            }
            o->def = x;
        } else {
            o->def = -1;
            for (int j = 0; j < o->nvalues; j++)
                if (!strcmp(o->values[j], ds))
                    o->def = j;
            if (o->def < 0)
                snprintf(err, sizeof err, "the default of `%s` (\"%.60s\") is not among its values", name, ds);
        }
        if (err[0]) {
            dg_error(ld->dg, nloc(d), "%s", err);
            continue;
        }
        o->value = o->def;
        r->noptions++;
    }
}

/* Applies KEY=VALUE overrides from the command line. */
static void apply_overrides(Ld *ld, const char *const *opts, int nopts)
{
    Rules *r = ld->r;
    SrcLoc none = { 0, 0 };
    for (int i = 0; i < nopts; i++) {
        const char *eq = strchr(opts[i], '=');
        if (!eq || eq == opts[i]) {
            dg_error(ld->dg, none, "option `%s` must be written KEY=VALUE", opts[i]);
            continue;
        }
        size_t kl = (size_t)(eq - opts[i]);
        const char *val = eq + 1;
        OptionDef *o = NULL;
        for (int j = 0; j < r->noptions; j++)
            if (strlen(r->options[j].name) == kl && !strncmp(r->options[j].name, opts[i], kl))
                o = &r->options[j];
        if (!o) {
            char list[400] = "";
            for (int j = 0; j < r->noptions; j++) {
                strncat(list, j ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, r->options[j].name, sizeof list - strlen(list) - 1);
            }
            dg_error(ld->dg, none, "this variant has no option `%.*s` (its options: %s)", (int)kl,
                     opts[i], r->noptions ? list : "none");
            continue;
        }
        if (o->type == T_BOOL) {
            int b;
            if (!parse_bool(val, &b)) {
                dg_error(ld->dg, none, "option `%s` takes true or false, not \"%.60s\"", o->name, val);
                continue;
            }
            o->value = b;
        } else if (o->type == T_INT) {
            long long x;
            if (!parse_ll(val, &x)) {
                dg_error(ld->dg, none, "option `%s` takes a whole number, not \"%.60s\"", o->name, val);
                continue;
            }
            int in = !o->nvalues;
            for (int j = 0; j < o->nvalues; j++)
                in |= o->ivalues[j] == x;
            if (x < o->min || x > o->max || !in) {
                char b[200];
                if (o->nvalues) {
                    b[0] = 0;
                    for (int j = 0; j < o->nvalues; j++) {
                        char one[24];
                        snprintf(one, sizeof one, "%s%lld", j ? ", " : "", (long long)o->ivalues[j]);
                        strncat(b, one, sizeof b - strlen(b) - 1);
                    }
                } else
                    snprintf(b, sizeof b, "%lld..%lld", (long long)o->min, (long long)o->max);
                dg_error(ld->dg, none, "option `%s` must be one of %s, not %lld", o->name, b, x);
                continue;
            }
            o->value = x;
        } else {
            int idx = -1;
            char b[300] = "";
            for (int j = 0; j < o->nvalues; j++) {
                if (!strcmp(o->values[j], val))
                    idx = j;
                strncat(b, j ? ", " : "", sizeof b - strlen(b) - 1);
                strncat(b, o->values[j], sizeof b - strlen(b) - 1);
            }
            if (idx < 0) {
                dg_error(ld->dg, none, "option `%s` must be one of %s, not \"%.60s\"", o->name, b, val);
                continue;
            }
            o->value = idx;
        }
    }
}

int option_format(const OptionDef *o, int64_t v, char *buf, size_t n)
{
    if (o->type == T_BOOL)
        return snprintf(buf, n, "%s", v ? "true" : "false");
    if (o->type == T_INT)
        return snprintf(buf, n, "%lld", (long long)v);
    return snprintf(buf, n, "%s", v >= 0 && v < o->nvalues ? o->values[v] : "?");
}

/* ---- sections --------------------------------------------------------- */

enum {
    CTX_FROM = CX_STATE | CX_HOLE,
    CTX_SOW = CX_STATE | CX_ORIGIN | CX_START | CX_DIR,
    CTX_SEED = CTX_SOW | CX_HOLE | CX_HAND,
    CTX_AFTER = CTX_SOW | CX_LAST,
    CTX_CAPTURED = CTX_AFTER | CX_CAPTURED,
};

/* board.seeds: a number, or an expression of `hole` giving each hole's
 * starting seeds (`if hole.index % 2 == 1 then 4 else 0`). */
static void load_layout(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    Expr e;
    if (!expr(ld, n, T_INT, CX_HOLE, "board.seeds", &e))
        return;
    Position zero;
    memset(&zero, 0, sizeof zero);
    ExCtx cx;
    memset(&cx, 0, sizeof cx);
    cx.rules = r;
    cx.pos = &zero;
    r->total_seeds = 0;
    for (int h = 0; h < r->nholes; h++) {
        cx.hole = h;
        int64_t v = ex_eval(&e, &cx);
        if (v < 0 || v > 10000) {
            dg_error(ld->dg, nloc(n), "`board.seeds` gives %lld seeds for hole %d; it must lie in 0..10000",
                     (long long)v, h + 1);
            return;
        }
        r->initial[h] = (uint16_t)v;
        r->total_seeds += (int)v;
        if (h && v != r->initial[0])
            r->uniform = 0;
    }
    r->seeds = r->nholes ? r->total_seeds / r->nholes : 0;
}

static void load_board(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    static const Key keys[] = { { "rows", 1 }, { "holes", 1 }, { "seeds", 1 },
        { "stores", 1 }, { "flags", 0 }, { NULL, 0 } };
    yaml_node_t *v[5];
    r->rows = 2;
    r->width = 6;
    mapping(ld, n, "`board`", keys, v);
    if (v[0] && static_int(ld, v[0], T_INT, "board.rows", 1, 8, &r->rows) && r->rows != 2) {
        dg_error(ld->dg, nloc(v[0]), "boards of %d row%s are not played yet: `board.rows` must be 2", r->rows,
                 r->rows == 1 ? "" : "s");
        dg_note(ld->dg, nloc(v[0]), "the format keeps room for 3 and 4 rows; the VM plays 2 today");
        r->rows = 2;
    }
    if (v[1])
        static_int(ld, v[1], T_INT, "board.holes", 1, MAX_ROW_HOLES, &r->width);
    r->nholes = r->rows * r->width;
    r->uniform = 1;
    if (v[2])
        load_layout(ld, v[2]);
    if (r->total_seeds > MAX_SEEDS && v[2])
        dg_error(ld->dg, nloc(v[2]), "%d seeds on the board is too many (at most %d)", r->total_seeds, MAX_SEEDS);
    static const char *const stores[] = { "none", "off-track", "on-track", NULL };
    if (v[3])
        r->stores = (StoreKind)word(ld, v[3], "board.stores", stores);
    if (v[4]) {
        if (v[4]->type != YAML_SEQUENCE_NODE) {
            dg_error(ld->dg, nloc(v[4]), "`board.flags` must be a list of names");
        } else {
            for (yaml_node_item_t *it = v[4]->data.sequence.items.start;
                 it < v[4]->data.sequence.items.top; it++) {
                yaml_node_t *e = node(ld, *it);
                if (!e || !is_scalar(ld, e, "board.flags"))
                    continue;
                if (r->nflags >= MAX_FLAGS) {
                    dg_error(ld->dg, nloc(e), "too many flags (at most %d)", MAX_FLAGS);
                    break;
                }
                const char *s = sval(e);
                static const char *const fields[] = {
#define X(name) name,
                    POSITION_FIELDS(X)
#undef X
                    NULL };
                int bad = !is_name(s) || strlen(s) >= MAX_NAME || ex_hole_property(s);
                for (int i = 0; fields[i]; i++)
                    bad |= !strcmp(fields[i], s);
                for (int i = 0; i < r->nflags; i++)
                    bad |= !strcmp(r->flags[i], s);
                if (bad) {
                    dg_error(ld->dg, nloc(e), "flag name `%.60s` must be a name (letters, digits, '_', '-'), not repeated, and not a hole property or a field of the JSON position", s);
                    continue;
                }
                r->flags[r->nflags++] = str(ld, e, "board.flags");
            }
        }
    }
}

static int flag_index(Ld *ld, const yaml_node_t *n, const char *key)
{
    if (!is_scalar(ld, n, key))
        return -1;
    for (int i = 0; i < ld->r->nflags; i++)
        if (!strcmp(ld->r->flags[i], sval(n)))
            return i;
    dg_error(ld->dg, nloc(n), "`%s` names flag `%.60s`, which `board.flags` does not declare", key, sval(n));
    return -1;
}

static void load_capture(Ld *ld, const yaml_node_t *n, CaptureRule *c, int each_seed)
{
    static const Key keys[] = { { "when", 1 }, { "take", 1 }, { "chain", 0 }, { "while", 0 },
        { "to", 1 }, { "cancel-if", 0 }, { NULL, 0 } };
    yaml_node_t *v[6];
    const char *what = each_seed ? "a rule of `sowing.each-seed`" : "a rule of `captures`";
    memset(c, 0, sizeof *c);
    c->loc = nloc(n);
    if (!mapping(ld, n, what, keys, v))
        return;
    unsigned ctx = each_seed ? CTX_SEED : CTX_AFTER;
    if (each_seed && v[1]->type == YAML_SEQUENCE_NODE) {
        dg_error(ld->dg, nloc(v[1]), "an `each-seed` rule takes one hole: write `take: hole` (or another hole expression)");
        return;
    }
    if (each_seed && v[5]) {
        dg_error(ld->dg, keyloc(ld, n, "cancel-if"), "`cancel-if` belongs to `captures`, not to `each-seed`");
        return;
    }
    expr(ld, v[0], T_BOOL, ctx, each_seed ? "each-seed.when" : "captures.when", &c->when);
    if (v[1]->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *it = v[1]->data.sequence.items.start; it < v[1]->data.sequence.items.top; it++) {
            yaml_node_t *e = node(ld, *it);
            if (!e)
                continue;
            if (c->ntake >= MAX_TAKES) {
                dg_error(ld->dg, nloc(e), "`take` lists at most %d holes", MAX_TAKES);
                break;
            }
            expr(ld, e, T_HOLE, ctx, "take", &c->take[c->ntake++]);
        }
        if (!c->ntake)
            dg_error(ld->dg, nloc(v[1]), "`take` must name at least one hole");
    } else {
        expr(ld, v[1], T_HOLE, ctx, "take", &c->take[0]);
        c->ntake = 1;
    }
    static const char *const chains[] = { "none", "forward", "backward", NULL };
    if (v[2]) {
        int w = word(ld, v[2], "chain", chains);
        c->chain = w < 0 ? CHAIN_NONE : (ChainDir)w;
        if (each_seed && c->chain) {
            dg_error(ld->dg, nloc(v[2]), "`each-seed` rules take one hole: no `chain`");
        }
    }
    if (v[3]) {
        expr(ld, v[3], T_BOOL, ctx | CX_HOLE, "while", &c->chain_while);
        if (!c->chain)
            dg_error(ld->dg, nloc(v[3]), "`while` belongs to a chain: add `chain: forward` or `chain: backward`");
    } else if (c->chain)
        dg_error(ld->dg, nloc(v[2]), "a chain needs `while`: the condition for each further hole");
    receiver(ld, v[4], "to", &c->to);
    if (c->to == RCV_STAY || c->to == RCV_LAST_MOVER) {
        dg_error(ld->dg, nloc(v[4]), "captured seeds go to mover, opponent, owner, removed, starter, south or north");
    }
    if (v[5])
        expr(ld, v[5], T_BOOL, CTX_CAPTURED, "cancel-if", &c->cancel_if);
}

static const Key sow_keys[] = { { "first-seed", 0 }, { "skip", 0 }, { "stores", 0 },
    { "laps", 0 }, { "relay-from", 0 }, { "relay-while", 0 }, { "spill-at-row-end", 0 },
    { "each-seed", 0 }, { NULL, 0 } };
enum { SK_FIRST, SK_SKIP, SK_STORES, SK_LAPS, SK_RFROM, SK_RWHILE, SK_SPILL, SK_EACH, SK_N };

static void load_sow(Ld *ld, yaml_node_t **v, SowRules *s, const char *sec)
{
    char key[64];
    static const char *const first[] = { "next", "origin", NULL };
    static const char *const stores[] = { "none", "own", "both", NULL };
    static const char *const laps[] = { "single", "relay", NULL };
    static const char *const rfrom[] = { "last", "next", NULL };
    static const unsigned feature[SK_N] = { FT_FIRST_SEED, FT_SKIP, FT_INTO_STORES, FT_LAPS,
        FT_RELAY_FROM, FT_RELAY_WHILE, FT_SPILL, FT_EACH_SEED };
    for (int i = 0; i < SK_N; i++)
        if (v[i])
            s->features |= feature[i];
    if (v[SK_FIRST])
        s->first_seed = word(ld, v[SK_FIRST], "first-seed", first) == 1 ? FIRST_ORIGIN : FIRST_NEXT;
    if (v[SK_SKIP]) {
        snprintf(key, sizeof key, "%s.skip", sec);
        expr(ld, v[SK_SKIP], T_BOOL, CTX_SOW | CX_HOLE, key, &s->skip);
    }
    if (v[SK_STORES]) {
        int w = word(ld, v[SK_STORES], "stores", stores);
        s->into_stores = w < 0 ? INTO_NONE : (IntoStores)w;
        if (s->into_stores != INTO_NONE && ld->r->stores != STORES_ON_TRACK)
            dg_error(ld->dg, nloc(v[SK_STORES]), "sowing into stores needs `board.stores: on-track`");
    }
    if (v[SK_LAPS])
        s->laps = word(ld, v[SK_LAPS], "laps", laps) == 1 ? LAPS_RELAY : LAPS_SINGLE;
    if (v[SK_RFROM]) {
        s->relay_from = word(ld, v[SK_RFROM], "relay-from", rfrom) == 1 ? RELAY_FROM_NEXT : RELAY_FROM_LAST;
        if (s->laps != LAPS_RELAY)
            dg_error(ld->dg, nloc(v[SK_RFROM]), "`relay-from` needs `laps: relay`");
    }
    if (v[SK_RWHILE]) {
        snprintf(key, sizeof key, "%s.relay-while", sec);
        expr(ld, v[SK_RWHILE], T_BOOL, CTX_AFTER, key, &s->relay_while);
        if (s->laps != LAPS_RELAY)
            dg_error(ld->dg, nloc(v[SK_RWHILE]), "`relay-while` needs `laps: relay`");
    }
    if (v[SK_SPILL]) {
        snprintf(key, sizeof key, "%s.spill-at-row-end", sec);
        expr(ld, v[SK_SPILL], T_BOOL, CX_STATE | CX_START, key, &s->spill);
    }
    if (v[SK_EACH]) {
        if (v[SK_EACH]->type != YAML_SEQUENCE_NODE) {
            dg_error(ld->dg, nloc(v[SK_EACH]), "`each-seed` must be a list of rules");
        } else {
            for (yaml_node_item_t *it = v[SK_EACH]->data.sequence.items.start;
                 it < v[SK_EACH]->data.sequence.items.top; it++) {
                yaml_node_t *e = node(ld, *it);
                if (!e)
                    continue;
                if (s->neach >= MAX_CAPTURES) {
                    dg_error(ld->dg, nloc(e), "too many `each-seed` rules (at most %d)", MAX_CAPTURES);
                    break;
                }
                load_capture(ld, e, &s->each_seed[s->neach++], 1);
            }
        }
    }
}

static void load_moves(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    static const Key keys[] = { { "from", 1 }, { "direction", 1 }, { "mark", 0 }, { "must", 0 }, { NULL, 0 } };
    yaml_node_t *v[4];
    if (!mapping(ld, n, "`moves`", keys, v))
        if (!v[0] || !v[1])
            return;
    static const unsigned feature[4] = { FT_FROM, FT_DIRECTION, FT_MARK, FT_MUST };
    for (int i = 0; i < 4; i++)
        if (v[i])
            r->move_features |= feature[i];
    expr(ld, v[0], T_BOOL, CTX_FROM, "moves.from", &r->from);
    yaml_node_t *d = v[1];
    if (d->type == YAML_MAPPING_NODE) {
        static const Key dk[] = { { "cw", 0 }, { "ccw", 0 }, { NULL, 0 } };
        yaml_node_t *dv[2];
        if (mapping(ld, d, "`moves.direction`", dk, dv)) {
            if (dv[0])
                expr(ld, dv[0], T_BOOL, CTX_FROM, "direction.cw", &r->dir_cw);
            if (dv[1])
                expr(ld, dv[1], T_BOOL, CTX_FROM, "direction.ccw", &r->dir_ccw);
            if (!dv[0] && !dv[1])
                dg_error(ld->dg, nloc(d), "`moves.direction` needs `cw`, `ccw` or both");
        }
    } else {
        static const char *const dirs[] = { "ccw", "cw", NULL };
        int w = word(ld, d, "moves.direction", dirs);
        Expr t = { 0 };
        static const int32_t one[] = { 0 };
        t.code = one;
        t.is_const = 1;
        t.value = 1;
        t.type = T_BOOL;
        t.loc = nloc(d);
        if (w == 0)
            r->dir_ccw = t;
        else if (w == 1)
            r->dir_cw = t;
    }
    r->mark_flag = v[2] ? flag_index(ld, v[2], "moves.mark") : -1;
    if (v[3]) {
        if (v[3]->type != YAML_SEQUENCE_NODE) {
            dg_error(ld->dg, nloc(v[3]), "`moves.must` must be a list of rules");
            return;
        }
        static const Key mk[] = { { "when", 0 }, { "keep", 1 }, { "otherwise", 1 }, { "seeds", 0 }, { NULL, 0 } };
        static const char *const oth[] = { "all", "end", NULL };
        for (yaml_node_item_t *it = v[3]->data.sequence.items.start; it < v[3]->data.sequence.items.top; it++) {
            yaml_node_t *e = node(ld, *it);
            if (!e)
                continue;
            if (r->nmust >= MAX_MUST) {
                dg_error(ld->dg, nloc(e), "too many `must` rules (at most %d)", MAX_MUST);
                break;
            }
            MustRule *m = &r->must[r->nmust++];
            yaml_node_t *mv[4];
            m->loc = nloc(e);
            if (!mapping(ld, e, "a rule of `moves.must`", mk, mv))
                continue;
            if (mv[0])
                expr(ld, mv[0], T_BOOL, CX_STATE, "must.when", &m->when);
            expr(ld, mv[1], T_BOOL, CTX_CAPTURED | CX_REACHED, "must.keep", &m->keep);
            int w = word(ld, mv[2], "otherwise", oth);
            m->otherwise = w == 1 ? MUST_END : MUST_ALL;
            m->seeds = RCV_OWNER;
            if (mv[3]) {
                receiver(ld, mv[3], "seeds", &m->seeds);
                if (m->otherwise != MUST_END)
                    dg_error(ld->dg, nloc(mv[3]), "`seeds` goes with `otherwise: end`");
            }
        }
    }
}

static void load_list(Ld *ld, const yaml_node_t *n, const char *what,
                      void (*one)(Ld *, const yaml_node_t *, int), int max)
{
    if (n->type != YAML_SEQUENCE_NODE) {
        dg_error(ld->dg, nloc(n), "`%s` must be a list of rules", what);
        return;
    }
    int i = 0;
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
        yaml_node_t *e = node(ld, *it);
        if (!e)
            continue;
        if (i >= max) {
            dg_error(ld->dg, nloc(e), "too many rules in `%s` (at most %d)", what, max);
            return;
        }
        one(ld, e, i++);
    }
}

static void one_capture(Ld *ld, const yaml_node_t *e, int i)
{
    load_capture(ld, e, &ld->r->captures[i], 0);
    ld->r->ncaptures = i + 1;
}

static void one_end(Ld *ld, const yaml_node_t *e, int i)
{
    static const Key keys[] = { { "when", 1 }, { "seeds", 1 }, { NULL, 0 } };
    yaml_node_t *v[2];
    EndRule *x = &ld->r->ends[i];
    ld->r->nends = i + 1;
    x->loc = nloc(e);
    if (!mapping(ld, e, "a rule of `end`", keys, v))
        return;
    expr(ld, v[0], T_BOOL, CTX_CAPTURED, "end.when", &x->when);
    receiver(ld, v[1], "end.seeds", &x->seeds);
}

static void load_no_moves(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    static const Key keys[] = { { "pass", 0 }, { "seeds", 0 }, { "loses", 0 }, { NULL, 0 } };
    yaml_node_t *v[3];
    if (!mapping(ld, n, "`no-moves`", keys, v))
        return;
    if (v[0])
        expr(ld, v[0], T_BOOL, CX_STATE, "no-moves.pass", &r->no_moves_pass);
    if (v[1])
        receiver(ld, v[1], "no-moves.seeds", &r->no_moves_seeds);
    if (v[2]) {
        int b;
        if (!is_scalar(ld, v[2], "loses") || !parse_bool(sval(v[2]), &b))
            dg_error(ld->dg, nloc(v[2]), "`no-moves.loses` must be true or false");
        else
            r->no_moves_loses = b;
        if (r->no_moves_loses && r->no_moves_pass.code &&
            !(r->no_moves_pass.is_const && !r->no_moves_pass.value))
            dg_error(ld->dg, nloc(v[2]), "a player who passes cannot also lose: drop `pass` or `loses`");
    }
}

static void load_opening(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    static const Key keys[] = { { "by", 1 }, { "from", 1 }, { "direction", 1 }, { "first-seed", 0 },
        { "skip", 0 }, { "stores", 0 }, { "laps", 0 }, { "relay-from", 0 }, { "relay-while", 0 },
        { "spill-at-row-end", 0 }, { NULL, 0 } };
    yaml_node_t *v[10];
    static const char *const who[] = { "south", "north", NULL };
    static const char *const dirs[] = { "ccw", "cw", NULL };
    if (!mapping(ld, n, "`opening`", keys, v))
        return;
    r->has_opening = 1;
    r->opening_by = word(ld, v[0], "opening.by", who) == 1;
    expr(ld, v[1], T_BOOL, CTX_FROM, "opening.from", &r->opening_from);
    r->opening_dir = word(ld, v[2], "opening.direction", dirs) == 1 ? DIR_CW : DIR_CCW;
    yaml_node_t *sv[SK_N];
    for (int i = 0; i < SK_N - 1; i++)
        sv[i] = v[3 + i];
    sv[SK_EACH] = NULL;
    load_sow(ld, sv, &r->opening_sow, "opening");
}

static void load_match(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    static const Key keys[] = { { "enabled", 0 }, { "max-rounds", 1 }, { "next", 1 },
        { "fill-seeds", 0 }, { "choose", 0 }, { "starter", 0 }, { "over", 1 }, { "score", 1 },
        { NULL, 0 } };
    yaml_node_t *v[8];
    if (!mapping(ld, n, "`match`", keys, v))
        return;
    int en = 1;
    if (v[0])
        static_int(ld, v[0], T_BOOL, "match.enabled", 0, 1, &en);
    static_int(ld, v[1], T_INT, "match.max-rounds", 1, MAX_ROUNDS_CAP, &r->max_rounds);
    static const char *const next[] = { "reset", "fill", "redistribute", NULL };
    int w = word(ld, v[2], "match.next", next);
    r->next = w < 0 ? NEXT_RESET : (NextRound)w;
    if (v[3])
        static_int(ld, v[3], T_INT, "match.fill-seeds", 1, 10000, &r->fill_seeds);
    if (r->next == NEXT_FILL && !v[3])
        dg_error(ld->dg, nloc(n), "`match.next: fill` needs `fill-seeds`: the seeds put in each filled hole");
    static const char *const ch[] = { "player", "left", "right", NULL };
    if (v[4]) {
        w = word(ld, v[4], "match.choose", ch);
        r->choose = w < 0 ? CHOOSE_PLAYER : (FillChoice)w;
    }
    static const char *const st[] = { "alternate", "same", NULL };
    r->starter_alternates = 1;
    if (v[5])
        r->starter_alternates = word(ld, v[5], "match.starter", st) != 1;
    expr(ld, v[6], T_BOOL, CX_STATE, "match.over", &r->match_over);
    expr(ld, v[7], T_INT, CX_STATE | CX_PLAYER, "match.score", &r->match_score);
    r->match = en;
}

static void load_repetition(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    static const Key keys[] = { { "count", 1 }, { "seeds", 0 }, { NULL, 0 } };
    yaml_node_t *v[2];
    if (!mapping(ld, n, "`repetition`", keys, v))
        return;
    int c = 3;
    static_int(ld, v[0], T_INT, "repetition.count", 2, 100, &c);
    r->repetition = c;
    if (v[1])
        receiver(ld, v[1], "repetition.seeds", &r->repetition_seeds);
}

/* ---- whole document --------------------------------------------------- */

/* Rejects aliases (a node reached twice), deep nesting and huge trees,
 * before anything walks the tree. */
static int check_shape(Ld *ld, int id, int depth, unsigned char *seen, int nnodes)
{
    yaml_node_t *n = node(ld, id);
    if (!n)
        return 1;
    if (id < 1 || id > nnodes)
        return 1;
    if (seen[id]) {
        dg_error(ld->dg, nloc(n), "YAML aliases are not supported in variant files (write the value out)");
        return 0;
    }
    seen[id] = 1;
    if (depth > MAX_YAML_DEPTH) {
        dg_error(ld->dg, nloc(n), "nested too deeply (at most %d levels)", MAX_YAML_DEPTH);
        return 0;
    }
    if (n->type == YAML_MAPPING_NODE) {
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
            if (!check_shape(ld, p->key, depth + 1, seen, nnodes) ||
                !check_shape(ld, p->value, depth + 1, seen, nnodes))
                return 0;
    } else if (n->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
            if (!check_shape(ld, *it, depth + 1, seen, nnodes))
                return 0;
    }
    return 1;
}

static void load_root(Ld *ld, const yaml_node_t *root)
{
    Rules *r = ld->r;
    static const Key keys[] = {
        { "game", 1 }, { "title", 0 }, { "description", 0 }, { "options", 0 }, { "board", 1 },
        { "opening", 0 }, { "first-player", 0 }, { "moves", 1 }, { "sowing", 0 }, { "captures", 0 },
        { "extra-turn", 0 }, { "no-moves", 0 }, { "end", 0 }, { "repetition", 0 }, { "match", 0 },
        { "evaluate", 0 }, { NULL, 0 } };
    enum { K_GAME, K_TITLE, K_DESC, K_OPTIONS, K_BOARD, K_OPENING, K_FIRST, K_MOVES, K_SOWING,
           K_CAPTURES, K_EXTRA, K_NOMOVES, K_END, K_REP, K_MATCH, K_EVAL };
    yaml_node_t *v[16];
    mapping(ld, root, "a variant file", keys, v);
    if (root->type != YAML_MAPPING_NODE)
        return;
    if (v[K_GAME]) {
        const char *g = str(ld, v[K_GAME], "game");
        if (g) {
            int bad = !*g || strlen(g) >= MAX_NAME;
            for (const char *p = g; *p && !bad; p++)
                bad = !((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_');
            if (bad)
                dg_error(ld->dg, nloc(v[K_GAME]), "`game` must be a short name of lower-case letters, digits, '-' and '_'");
            else
                snprintf(r->name, sizeof r->name, "%s", g);
        }
    }
    r->title = v[K_TITLE] ? str(ld, v[K_TITLE], "title") : NULL;
    r->description = v[K_DESC] ? str(ld, v[K_DESC], "description") : NULL;
    if (!r->title)
        r->title = r->name;

    /* options first: everything else may use them */
    if (v[K_OPTIONS])
        load_options(ld, v[K_OPTIONS]);
    apply_overrides(ld, ld->opts, ld->nopts);
    for (int i = 0; i < r->noptions; i++) {
        ld->xo[i] = (ExOption){ r->options[i].name, r->options[i].type, r->options[i].value,
                                r->options[i].values, r->options[i].nvalues };
    }
    ld->scope.options = ld->xo;
    ld->scope.noptions = r->noptions;

    if (v[K_BOARD])
        load_board(ld, v[K_BOARD]);
    ld->scope.flags = r->flags;
    ld->scope.nflags = r->nflags;

    r->mark_flag = -1;
    r->first_chooser = -1;
    r->repetition = 3;
    r->repetition_seeds = RCV_OWNER;
    r->no_moves_seeds = RCV_OWNER;

    if (v[K_MOVES])
        load_moves(ld, v[K_MOVES]);
    yaml_node_t *sv[SK_N];
    if (v[K_SOWING] && mapping(ld, v[K_SOWING], "`sowing`", sow_keys, sv))
        load_sow(ld, sv, &r->sow, "sowing");
    if (v[K_OPENING])
        load_opening(ld, v[K_OPENING]);
    if (v[K_FIRST]) {
        static const Key fk[] = { { "chosen-by", 1 }, { NULL, 0 } };
        yaml_node_t *fv[1];
        static const char *const who[] = { "south", "north", NULL };
        if (mapping(ld, v[K_FIRST], "`first-player`", fk, fv))
            r->first_chooser = word(ld, fv[0], "first-player.chosen-by", who) == 1;
        if (!v[K_OPENING])
            dg_error(ld->dg, keyloc(ld, root, "first-player"), "`first-player` is chosen after an `opening`; this file has none");
    }
    if (v[K_CAPTURES])
        load_list(ld, v[K_CAPTURES], "captures", one_capture, MAX_CAPTURES);
    if (v[K_EXTRA])
        expr(ld, v[K_EXTRA], T_BOOL, CTX_CAPTURED, "extra-turn", &r->extra_turn);
    if (v[K_NOMOVES])
        load_no_moves(ld, v[K_NOMOVES]);
    if (v[K_END])
        load_list(ld, v[K_END], "end", one_end, MAX_ENDS);
    if (v[K_REP])
        load_repetition(ld, v[K_REP]);
    if (v[K_MATCH])
        load_match(ld, v[K_MATCH]);
    if (v[K_EVAL])
        expr(ld, v[K_EVAL], T_INT, CX_STATE | CX_PLAYER, "evaluate", &r->evaluate);
    if (r->match && r->next == NEXT_FILL && r->fill_seeds > 0 && r->stores == 0)
        dg_error(ld->dg, nloc(v[K_MATCH]), "refilling holes from holdings needs stores (`board.stores`)");
    if (r->match && r->next == NEXT_FILL && r->choose == CHOOSE_PLAYER && r->width > MAX_CHOICE_WIDTH)
        dg_error(ld->dg, nloc(v[K_MATCH]),
                 "a player can choose which holes to fill on rows of at most %d holes (here %d): use `choose: left` or `right`",
                 MAX_CHOICE_WIDTH, r->width);
}

/* A first pass over the event stream: aliases are refused where they are
 * written (no expansion bombs), and nesting is bounded before libyaml
 * builds a tree. Returns 1 if the document may be loaded. */
static int prescan(const char *text, size_t len, Diags *dg)
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
        SrcLoc at = mark_loc(ev.start_mark);
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
static void yaml_failure(const Ld *ld, const yaml_parser_t *ps, Diags *dg)
{
    const char *problem = ps->problem ? ps->problem : "syntax error";
    if (ps->error == YAML_MEMORY_ERROR) {
        dg_error(dg, (SrcLoc){ 0, 0 }, "out of memory reading YAML");
        return;
    }
    if (ps->error == YAML_READER_ERROR) {
        dg_error(dg, index_loc(ld, ps->problem_offset), "YAML: %s", problem);
        return;
    }
    yaml_mark_t at = ps->problem_mark;
    if (ps->context && char_to_byte(ld, at.index) >= ld->len)
        at = ps->context_mark;
    if (ps->context)
        dg_error(dg, mark_loc(at), "YAML: %s %s", problem, ps->context);
    else
        dg_error(dg, mark_loc(at), "YAML: %s", problem);
}

Rules *rules_load(const char *file, const char *text, size_t len,
                  const char *const *opts, int nopts, unsigned flags, Diags *dg)
{
    SrcLoc none = { 0, 0 };
    if (len > MAX_FILE_BYTES) {
        dg_error(dg, none, "file too large (%zu bytes; a variant file has at most %u)", len, MAX_FILE_BYTES);
        return NULL;
    }
    if (memchr(text, 0, len)) {
        dg_error(dg, index_loc(&(Ld){ .text = text, .len = len }, (size_t)((const char *)memchr(text, 0, len) - text)),
                 "the file contains a NUL byte: not a text file");
        return NULL;
    }
    if (!prescan(text, len, dg))
        return NULL;
    Rules *r = calloc(1, sizeof *r);
    if (!r) {
        dg_error(dg, none, "out of memory");
        return NULL;
    }
    ar_init(&r->arena, 16u << 20);
    r->file = file;
    Ld ld = { 0 };
    ld.r = r;
    ld.dg = dg;
    ld.text = text;
    ld.len = len;
    ld.opts = opts;
    ld.nopts = nopts;
    ld.flags = flags;
    ld.scope.plain = (flags & LOAD_PLAIN_CODE) != 0;

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
        yaml_failure(&ld, &parser, dg);
        yaml_parser_delete(&parser);
        rules_free(r);
        return NULL;
    }
    ld.doc = &doc;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    int nnodes = (int)(doc.nodes.top - doc.nodes.start);
    if (!root) {
        dg_error(dg, (SrcLoc){ 1, 1 }, "the file is empty: a variant file is a mapping with `game`, `board`, `moves`, ...");
    } else if (nnodes > MAX_YAML_NODES) {
        dg_error(dg, (SrcLoc){ 1, 1 }, "too many YAML nodes (%d; at most %d)", nnodes, MAX_YAML_NODES);
    } else {
        unsigned char *seen = calloc((size_t)nnodes + 2, 1);
        if (!seen)
            dg_error(dg, none, "out of memory");
        else if (check_shape(&ld, 1, 0, seen, nnodes)) {
            /* a second document is not part of the variant */
            yaml_document_t doc2;
            if (!yaml_parser_load(&parser, &doc2)) {
                yaml_failure(&ld, &parser, dg);
            } else {
                if (yaml_document_get_root_node(&doc2))
                    dg_error(dg, mark_loc(doc2.start_mark), "a variant file holds one YAML document; remove the second");
                yaml_document_delete(&doc2);
            }
            load_root(&ld, root);
        }
        free(seen);
    }
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    if (dg->errors != before) {
        rules_free(r);
        return NULL;
    }
    return r;
}

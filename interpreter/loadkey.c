/* loadkey.c: reading a YAML mapping against its table of keys (load.h),
 * and the readers of its values: scalars, words, receivers, expressions,
 * values fixed once the options are known.
 *
 * A value that is not valid is reported where it is written and leaves
 * its destination as it was (the section's default); reading goes on, so
 * that one run reports every problem. */
#include "load.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- scalars ---------------------------------------------------------- */

/* What a node is, for messages. */
const char *lk_kind_name(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SCALAR_NODE: return "a scalar";
    case YAML_SEQUENCE_NODE: return "a list";
    case YAML_MAPPING_NODE: return "a mapping";
    default: return "nothing";
    }
}

/* A scalar's text, or NULL for anything else. */
const char *lk_sval(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* The YAML tag a node was written with (`!own`), or NULL: libyaml gives
 * every untagged node a `tag:yaml.org,2002:` tag, and a `!`, which YAML
 * reads as a tag at the start of a value, is never meant as one here. */
static const char *lk_local_tag(const yaml_node_t *n)
{
    const char *t = (const char *)n->tag;
    return t && t[0] == '!' ? t : NULL;
}

/* Is `n` a scalar? Reports that `key` must be one if not. */
int lk_is_scalar(Ld *ld, const yaml_node_t *n, const char *key)
{
    if (lk_local_tag(n)) {
        dg_error(ld->dg, ld_nloc(n), "`!` at the start of a YAML value makes a tag (`%.40s`): remove the `!`, "
                 "or quote the whole value", lk_local_tag(n));
        return 0;
    }
    if (n->type == YAML_SCALAR_NODE)
        return 1;
    dg_error(ld->dg, ld_nloc(n), "`%s` must be a scalar, not %s", key, lk_kind_name(n));
    return 0;
}

/* A character that may begin a name. */
int lk_is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* A whole number in decimal, all of `s`. */
int lk_parse_ll(const char *s, long long *out)
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

/* true/yes/on or false/no/off. */
int lk_parse_bool(const char *s, int *out)
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

/* Appends `item`, the i-th (from 0), to a comma-separated list for a
 * message (cut if full). */
void lk_list_add(char *list, size_t size, int i, const char *item)
{
    strncat(list, i ? ", " : "", size - strlen(list) - 1);
    strncat(list, item, size - strlen(list) - 1);
}

/* A word from `words` (NULL-ended: a word's index is its value); `alias`,
 * if not NULL, is another spelling of the word at index `alias_of`,
 * listed after it. Returns the value, or -1 after an error. */
static int lk_word_alias(Ld *ld, const yaml_node_t *n, const char *key, const char *const *words,
                         const char *alias, int alias_of)
{
    if (!lk_is_scalar(ld, n, key))
        return -1;
    const char *s = lk_sval(n);
    char list[300] = "";
    int listed = 0;
    for (int i = 0; words[i]; i++) {
        if (strcmp(words[i], s) == 0)
            return i;
        lk_list_add(list, sizeof list, listed++, words[i]);
        if (alias && i == alias_of) {
            if (strcmp(alias, s) == 0)
                return i;
            lk_list_add(list, sizeof list, listed++, alias);
        }
    }
    dg_error(ld->dg, ld_nloc(n), "`%s` must be one of: %s (not \"%.60s\")", key, list, s);
    return -1;
}

/* A word from `words` (NULL-ended); its index, or -1 after an error. */
int lk_word(Ld *ld, const yaml_node_t *n, const char *key, const char *const *words)
{
    return lk_word_alias(ld, n, key, words, NULL, 0);
}

/* A scalar copied into the rules' arena, or NULL after an error. */
const char *lk_text(Ld *ld, const yaml_node_t *n, const char *key)
{
    if (!lk_is_scalar(ld, n, key))
        return NULL;
    return ar_strndup(&ld->r->arena, lk_sval(n), n->data.scalar.length);
}

/* The list `v` of scalars (`key` must be `what` in the message when it
 * is not a list), each element read by `each`. 1 when every element was
 * read. */
int lk_scalars(Ld *ld, const yaml_node_t *v, const char *key, const char *what, LkEach each, void *ctx)
{
    if (v->type != YAML_SEQUENCE_NODE) {
        dg_error(ld->dg, ld_nloc(v), "`%s` must be %s", key, what);
        return 0;
    }
    int ok = 1;
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
        yaml_node_t *e = ld_node(ld, *it);
        if (!e)
            continue;
        int r = lk_is_scalar(ld, e, key) ? each(ld, e, ctx) : 0;
        if (r < 0)
            return 0;
        ok &= r;
    }
    return ok;
}

/* ---- receivers -------------------------------------------------------- */

static const char *const receiver_words[] = {
    [RCV_MOVER] = "mover", [RCV_OPPONENT] = "opponent", [RCV_OWNER] = "owner",
    [RCV_REMOVED] = "removed", [RCV_STAY] = "stay", [RCV_LAST_MOVER] = "last-mover",
    [RCV_STARTER] = "starter", [RCV_SOUTH] = "south", [RCV_NORTH] = "north", [RCV_THIRD] = NULL
};

/* A receiver's word, for messages and `show`. */
const char *receiver_name(Receiver r)
{
    static const char *const more[2] = { "the third player", "the fourth player" };
    return r == RCV_THIRD || r == RCV_FOURTH ? more[r - RCV_THIRD] : (unsigned)r < RCV_COUNT ? receiver_words[r] : "?";
}

/* A receiver: its word, or `owners` for owner. */
int lk_receiver(Ld *ld, const yaml_node_t *n, const char *key, Receiver *out)
{
    int w = lk_word_alias(ld, n, key, receiver_words, "owners", RCV_OWNER);
    if (w < 0)
        return 0;
    *out = (Receiver)w;
    return 1;
}

/* ---- expressions ------------------------------------------------------ */

typedef struct ScalarMap {
    const Ld *ld;
    const yaml_node_t *n;
} ScalarMap;

/* Maps an offset in a scalar's value to the file: folding only changes
 * white space, so the k-th visible character of the value is found by
 * walking the source from the scalar's start, matching characters. */
static SrcLoc lk_scalar_map(const void *self, int off)
{
    const ScalarMap *sm = self;
    const char *v = (const char *)sm->n->data.scalar.value;
    size_t vlen = sm->n->data.scalar.length;
    size_t si = ld_char_to_byte(sm->ld, sm->n->start_mark.index);
    size_t end = ld_char_to_byte(sm->ld, sm->n->end_mark.index);
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
    return ld_index_loc(sm->ld, found);
}

/* May `n` be read as an expression of `key`? Reports why not: a YAML
 * tag that took a leading `!`, a YAML list where a set was meant, a
 * yes/no where a condition or a number is wanted; or not a scalar. */
static int lk_expr_value(Ld *ld, const yaml_node_t *n, ExType want, unsigned ctx, const char *key)
{
    const char *tag = lk_local_tag(n), *v = lk_sval(n);
    if (tag && v && (lk_is_letter(tag[1]) || tag[1] == '(' || !tag[1]))
        dg_error(ld->dg, ld_nloc(n), "`!` at the start of a YAML value makes a tag (`%.40s`), which the "
                 "expression loses: write `not %.40s%s%.40s` (expressions negate with `not`)", tag, tag + 1,
                 tag[1] && *v ? " " : "", v);
    else if (tag && v)
        dg_error(ld->dg, ld_nloc(n), "`!` at the start of a YAML value makes a tag (`%.40s`), which the "
                 "expression loses: quote the whole value ('%.40s ...')", tag, tag);
    if (tag && v)
        return 0;
    int set = n->type == YAML_SEQUENCE_NODE && n->data.sequence.style == YAML_FLOW_SEQUENCE_STYLE;
    char items[120] = "";
    int i = 0;
    for (yaml_node_item_t *it = set ? n->data.sequence.items.start : NULL; set && it < n->data.sequence.items.top;
         it++) {   /* a list of numbers or holes, as a set's elements are written */
        const char *e = lk_sval(ld_node(ld, *it));
        set = e && *e && strspn(e, "abcdefghijklmnopqrstuvwxyz0123456789_-.()") == strlen(e);
        if (set)
            lk_list_add(items, sizeof items, i++, e);
    }
    if (set && i) {
        dg_error(ld->dg, ld_nloc(n), "`%s` takes an expression, not a YAML list: sets are written {%s}, not [%s] "
                 "(and a value that begins with `{` is quoted)", key, items, items);
        return 0;
    }
    if (!lk_is_scalar(ld, n, key))
        return 0;
    static const char *const yes_no[] = { "yes", "no", "on", "off", "y", "n", "Yes", "No", "YES", "NO", NULL };
    for (int w = 0; yes_no[w] && (want == T_BOOL || want == T_INT); w++)
        if (!strcmp(v, yes_no[w])) {
            const char *eg = want == T_INT ? "`2`, `hole.count - 1`"
                           : ctx & CX_LAST ? "`last == store(mover)`"
                           : ctx & CX_HOLE ? "`hole.count > 0`" : "`seeds(row(mover)) == 0`";
            dg_error(ld->dg, ld_nloc(n), "`%s` takes %s, such as %s, not `%s`%s", key,
                     want == T_INT ? "a number" : "a condition", eg, v,
                     want == T_INT ? "" : " (or `true` for always, `false` for never)");
            return 0;
        }
    return 1;
}

/* Is `s` a number with a decimal point (7.5, -0.5)? */
static int lk_decimal(const char *s)
{
    int digits = 0, point = 0;
    if (*s == '-' || *s == '+')
        s++;
    for (; *s; s++) {
        if (*s == '.' && !point)
            point = 1;
        else if (*s >= '0' && *s <= '9')
            digits++;
        else
            return 0;
    }
    return point && digits;
}

/* Compiles the expression `n` (of type `want`, context `ctx`) into `out`;
 * its messages say `(in `key`)`. Returns 1 if it compiled. */
int lk_expr(Ld *ld, const yaml_node_t *n, ExType want, unsigned ctx, const char *key, Expr *out)
{
    memset(out, 0, sizeof *out);
    if (!lk_expr_value(ld, n, want, ctx, key))
        return 0;
    if (want == T_INT && lk_decimal(lk_sval(n))) {
        dg_error(ld->dg, ld_nloc(n), "`%s` must be a whole number, not %.40s", key, lk_sval(n));
        return 0;
    }
    char where[96];
    snprintf(where, sizeof where, "(in `%s`)", key);
    ld->scope.ctx = ctx;
    ld->scope.where = where;
    ScalarMap sm = { ld, n };
    ExLocMap lm = { lk_scalar_map, &sm };
    int ok = ex_compile(&ld->r->arena, lk_sval(n), (int)n->data.scalar.length, want,
                        &ld->scope, ld->dg, &lm, out);
    out->loc = ld_nloc(n);
    return ok;
}

/* A value fixed once the options are known (board size, match switch),
 * in lo..hi. */
int lk_static(Ld *ld, const yaml_node_t *n, ExType want, const char *key, long long lo, long long hi, int *out)
{
    Expr e;
    if (!lk_expr(ld, n, want, 0, key, &e))
        return 0;
    if (!e.is_const) {
        dg_error(ld->dg, ld_nloc(n), "`%s` must be fixed once the options are known", key);
        return 0;
    }
    if (e.value < lo || e.value > hi) {
        dg_error(ld->dg, ld_nloc(n), "`%s` is %lld; it must lie in %lld..%lld", key,
                 (long long)e.value, lo, hi);
        return 0;
    }
    *out = (int)e.value;
    return 1;
}

/* The index of the flag `n` names among `board.flags`. */
static int lk_flag(Ld *ld, const yaml_node_t *n, const char *key, int *out)
{
    if (!lk_is_scalar(ld, n, key))
        return 0;
    for (int i = 0; i < ld->r->nflags; i++)
        if (!strcmp(ld->r->flags[i], lk_sval(n))) {
            *out = i;
            return 1;
        }
    dg_error(ld->dg, ld_nloc(n), "`%s` names flag `%.60s`, which `board.flags` does not declare", key, lk_sval(n));
    return 0;
}

/* true or false; a value that is not a scalar is reported under the key's
 * own name, one that is neither word under `label`. */
static int lk_bool(Ld *ld, const yaml_node_t *n, const char *name, const char *label, int *out)
{
    int b;
    if (!lk_is_scalar(ld, n, name) || !lk_parse_bool(lk_sval(n), &b)) {
        dg_error(ld->dg, ld_nloc(n), "`%s` must be true or false", label);
        return 0;
    }
    *out = b;
    return 1;
}

/* ---- lists of rules --------------------------------------------------- */

/* The rules of an LK_RULES key, each into the next element of its array. */
static int lk_rules(Ld *ld, const LdKey *k, const char *label, void *base, const yaml_node_t *n)
{
    if (n->type == YAML_SCALAR_NODE) {
        dg_error(ld->dg, ld_nloc(n), "`%s` must be a list of rules, not `%.40s`: each rule an item below it, "
                 "on lines of their own (`- when: ...`)", label, lk_sval(n));
        return 0;
    }
    if (n->type != YAML_SEQUENCE_NODE) {
        dg_error(ld->dg, ld_nloc(n), "`%s` must be a list of rules, not a mapping: begin each rule with `- ` "
                 "(`- when: ...`)", label);
        return 0;
    }
    int *count = (int *)((char *)base + k->count);
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
        yaml_node_t *e = ld_node(ld, *it);
        if (!e)
            continue;
        if (*count >= k->hi) {
            if (k->flags & LF_RULES_IN)
                dg_error(ld->dg, ld_nloc(e), "too many rules in `%s` (at most %d)", k->name, k->hi);
            else
                dg_error(ld->dg, ld_nloc(e), "too many `%s` rules (at most %d)", k->name, k->hi);
            return 0;
        }
        void *rule = (char *)base + k->off + (size_t)(*count)++ * k->size;
        k->rule(ld, e, rule);
    }
    return 1;
}

/* ---- tables ----------------------------------------------------------- */

/* The name of key `k` in messages: SECTION.KEY or KEY (in buf if needed). */
const char *lk_label(const LdSec *s, const LdKey *k, char *buf, size_t n)
{
    if (!(k->flags & LF_QUALIFY))
        return k->name;
    snprintf(buf, n, "%s.%s", s->name, k->name);
    return buf;
}

/* Starts reading the mapping `n`, named `what` in messages; `name` is the
 * SECTION of its LF_QUALIFY keys. Its tables are added with lk_part. */
void lk_sec(LdSec *s, const yaml_node_t *n, const char *what, const char *name)
{
    memset(s, 0, sizeof *s);
    s->node = n;
    s->what = what;
    s->name = name;
}

/* Adds the table `keys` (but its rows flagged `omit`) to `s`, read into
 * `base`; the FT_* of the keys given go to `features` if not NULL, and
 * then every row must have a bit of its own, so that no key can be left
 * out of the plan's view. */
LdPart *lk_part(LdSec *s, const LdKey *keys, unsigned omit, void *base, unsigned *features)
{
    assert(s->nparts < LD_MAX_PARTS);
    LdPart *p = &s->part[s->nparts++];
    p->keys = keys;
    p->omit = omit;
    p->base = base;
    p->features = features;
    unsigned seen = 0;
    int n = 0;
    for (const LdKey *k = keys; k->name; k++, n++) {
        assert(!features || (k->feature && !(seen & k->feature)));
        seen |= k->feature;
    }
    assert(n <= LD_MAX_KEYS);
    return p;
}

/* Finds key `name` among the rows of `s` (omitted rows aside): 1 and its
 * part and row, or 0. */
static int lk_find(LdSec *s, const char *name, LdPart **pp, int *row)
{
    for (int j = 0; j < s->nparts; j++) {
        LdPart *p = &s->part[j];
        for (int i = 0; p->keys[i].name; i++)
            if (!(p->keys[i].flags & p->omit) && strcmp(p->keys[i].name, name) == 0) {
                *pp = p;
                *row = i;
                return 1;
            }
    }
    return 0;
}

/* The key of `s` that the unknown `name` is a slip of (one or two letters
 * wrong, missing, added or swapped; one for short names), if there is
 * just one nearest: 1 and its part and row. */
static int lk_near(LdSec *s, const char *name, LdPart **pp, int *row)
{
    int best = strlen(name) <= 4 ? 2 : 3, found = 0, brow = 0;
    LdPart *bp = NULL;
    for (int j = 0; j < s->nparts; j++)   /* a key of the table left out here is no slip */
        for (int i = 0; s->part[j].keys[i].name; i++)
            if (!strcmp(s->part[j].keys[i].name, name))
                return 0;
    for (int j = 0; j < s->nparts; j++) {
        LdPart *p = &s->part[j];
        for (int i = 0; p->keys[i].name; i++) {
            if (p->keys[i].flags & p->omit)
                continue;
            int d = dg_near(name, p->keys[i].name);
            if (d < best) {
                best = d;
                found = 1;
                bp = p;
                brow = i;
            } else if (d == best)
                found = 0;   /* two as near: no guess */
        }
    }
    if (found) {
        *pp = bp;
        *row = brow;
    }
    return found;
}

/* Is `name` one of the keys written in the mapping of `s`? */
static int lk_given(const Ld *ld, const LdSec *s, const char *name)
{
    const yaml_node_t *n = s->node;
    for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < n->data.mapping.pairs.top; q++) {
        const char *ks = lk_sval(ld_node(ld, q->key));
        if (ks && !strcmp(ks, name))
            return 1;
    }
    return 0;
}

/* Reports the unknown key `k`, listing the keys of `s` in order. */
static void lk_unknown(Ld *ld, const LdSec *s, const yaml_node_t *k)
{
    char list[400] = "";
    int listed = 0;
    for (int j = 0; j < s->nparts; j++)
        for (const LdKey *r = s->part[j].keys; r->name; r++)
            if (!(r->flags & s->part[j].omit))
                lk_list_add(list, sizeof list, listed++, r->name);
    dg_error(ld->dg, ld_nloc(k), "unknown key `%.60s` in %s (expected: %s)", lk_sval(k), s->what, list);
}

/* Checks that the node of `s` is a mapping whose keys are all in its
 * tables, none twice, every required one present, and records each
 * key's nodes by row. Returns 1 if all is well; the rows found are
 * recorded either way. */
int lk_keys(Ld *ld, LdSec *s)
{
    const yaml_node_t *n = s->node;
    for (int j = 0; j < s->nparts; j++) {
        LdPart *p = &s->part[j];
        memset(p->key, 0, sizeof p->key);
        memset(p->val, 0, sizeof p->val);
        memset(p->bad, 0, sizeof p->bad);
    }
    if (n->type == YAML_SCALAR_NODE && s->part[0].keys[0].name && n != ld_node(ld, 1)) {
        dg_error(ld->dg, ld_nloc(n), "%s must be a mapping, not `%.40s`: its keys go below it, one a line, "
                 "indented (`%s: ...`)", s->what, lk_sval(n), s->part[0].keys[0].name);
        return 0;
    }
    if (n->type != YAML_MAPPING_NODE) {
        dg_error(ld->dg, ld_nloc(n), "%s must be a mapping, not %s", s->what, lk_kind_name(n));
        return 0;
    }
    int ok = 1;
    for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < n->data.mapping.pairs.top; q++) {
        yaml_node_t *k = ld_node(ld, q->key), *v = ld_node(ld, q->value);
        if (!k || !v)
            continue;
        const char *ks = lk_sval(k);
        LdPart *p = NULL;
        int i = 0;
        if (!ks) {
            dg_error(ld->dg, ld_nloc(k), "keys of %s must be words", s->what);
            ok = 0;
        } else if (!lk_find(s, ks, &p, &i) && lk_near(s, ks, &p, &i)) {
            /* a slip: said, and read as the key meant if that one is not
             * given, so that nothing reports the key as missing */
            dg_error(ld->dg, ld_nloc(k), "unknown key `%.60s` in %s; did you mean `%s`?", ks, s->what,
                     p->keys[i].name);
            ok = 0;
            if (!p->val[i] && !lk_given(ld, s, p->keys[i].name)) {
                p->key[i] = k;
                p->val[i] = v;
            }
        } else if (!p) {
            lk_unknown(ld, s, k);
            ok = 0;
        } else if (p->val[i]) {
            dg_error(ld->dg, ld_nloc(k), "key `%s` appears twice in %s", ks, s->what);
            ok = 0;
        } else {
            p->key[i] = k;
            p->val[i] = v;
        }
    }
    for (int j = 0; j < s->nparts; j++) {
        const LdPart *p = &s->part[j];
        for (int i = 0; p->keys[i].name; i++)
            if (p->keys[i].required && !(p->keys[i].flags & p->omit) && !p->val[i] && !(p->optional >> i & 1)) {
                dg_error(ld->dg, ld_nloc(n), "%s needs the key `%s`", s->what, p->keys[i].name);
                ok = 0;
            }
    }
    return ok;
}

/* Reads value `v` of key `k` into `base` by the key's kind. */
static int lk_value(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    char buf[80];
    const char *label = lk_label(s, k, buf, sizeof buf);
    void *dst = (char *)base + k->off;
    switch ((LdKind)k->kind) {
    case LK_WORD: {
        int w = lk_word(ld, v, label, k->words);
        if (w < 0)
            return 0;
        *(int *)dst = w;
        return 1;
    }
    case LK_EXPR:
        return lk_expr(ld, v, (ExType)k->type, k->ctx | (k->flags & LF_RULE_CTX ? s->ctx : 0), label, dst);
    case LK_STATIC:
        return lk_static(ld, v, (ExType)k->type, label, k->lo, k->hi, dst);
    case LK_BOOL:
        return lk_bool(ld, v, k->name, label, dst);
    case LK_RECEIVER:
        return lk_receiver(ld, v, label, dst);
    case LK_FLAG:
        return lk_flag(ld, v, label, dst);
    case LK_TEXT: {
        const char *t = lk_text(ld, v, label);
        if (t)
            *(const char **)dst = t;
        return t != NULL;
    }
    case LK_RULES:
        return lk_rules(ld, k, label, base, v);
    case LK_SECTION:
        k->section(ld, v);
        return 1;
    case LK_MAP: {
        char quoted[96];
        snprintf(quoted, sizeof quoted, "`%s`", label);
        LdSec d;
        lk_sec(&d, v, quoted, label);
        lk_part(&d, k->sub, 0, base, NULL);
        return lk_map(ld, &d);
    }
    case LK_CUSTOM:
        return k->read(ld, s, k, base, v);
    }
    assert(!"a key of no known kind");
    return 0;
}

/* Reads row `i` of part `p`: if the key is given, records its feature and
 * reads its value; then runs the row's `then`. Returns 0 if the value
 * given was invalid. */
int lk_row(Ld *ld, const LdSec *s, LdPart *p, int i)
{
    const LdKey *k = &p->keys[i];
    int ok = 1;
    if (p->val[i]) {
        if (p->features)
            *p->features |= k->feature;
        ok = lk_value(ld, s, k, p->base, p->val[i]);
        p->bad[i] = !ok;
    }
    if (k->then)
        k->then(ld, s, p);
    return ok;
}

/* Reads every row of every part of `s`, in the tables' order. */
void lk_read(Ld *ld, LdSec *s)
{
    for (int j = 0; j < s->nparts; j++) {
        LdPart *p = &s->part[j];
        for (int i = 0; p->keys[i].name; i++)
            if (!(p->keys[i].flags & p->omit))
                lk_row(ld, s, p, i);
    }
}

/* Checks the mapping of `s` (lk_keys) and, if it is well-formed, reads
 * it (lk_read): the common case. Returns whether it was read. */
int lk_map(Ld *ld, LdSec *s)
{
    if (!lk_keys(ld, s))
        return 0;
    lk_read(ld, s);
    return 1;
}

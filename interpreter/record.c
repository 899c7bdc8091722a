/* record.c: game records (see record.h). */
#include "record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "json.h"

void rec_free(Record *rec)
{
    free(rec->variant);
    free(rec->start);
    for (int i = 0; i < rec->nopts; i++)
        free(rec->opts[i]);
    for (int i = 0; i < rec->nmoves; i++)
        free(rec->moves[i]);
    free(rec->moves);
    free(rec->round);
    memset(rec, 0, sizeof *rec);
}

/* A malloc'd copy of `s` without its leading blanks or its trailing
 * blanks and CR; NULL when out of memory. */
static char *dup_trim(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

/* Appends the move `tok` (len bytes) played in round `round`; 0 when
 * out of memory or past REC_MAX_MOVES. */
static int add_move(Record *rec, const char *tok, size_t len, int round)
{
    if (rec->nmoves >= REC_MAX_MOVES)
        return 0;
    if (rec->nmoves == rec->cap) {
        int cap = rec->cap ? rec->cap * 2 : 64;
        char **m = realloc(rec->moves, (size_t)cap * sizeof *m);
        if (!m)
            return 0;
        rec->moves = m;
        int *rd = realloc(rec->round, (size_t)cap * sizeof *rd);
        if (!rd)
            return 0;
        rec->round = rd;
        rec->cap = cap;
    }
    char *t = malloc(len + 1);
    if (!t)
        return 0;
    memcpy(t, tok, len);
    t[len] = 0;
    rec->moves[rec->nmoves] = t;
    rec->round[rec->nmoves++] = round;
    return 1;
}

int rec_parse(const char *text, size_t len, Record *rec, char *err, size_t errlen)
{
    memset(rec, 0, sizeof *rec);
    if (memchr(text, 0, len)) {
        snprintf(err, errlen, "not a text file (NUL byte)");
        return 0;
    }
    /* a private, NUL-terminated copy: strtok_r cuts it into lines */
    char *copy = malloc(len + 1);
    if (!copy) {
        snprintf(err, errlen, "out of memory");
        return 0;
    }
    memcpy(copy, text, len);
    copy[len] = 0;
    /* a UTF-8 byte order mark, as some editors write first, is not text */
    char *start = strncmp(copy, "\xEF\xBB\xBF", 3) ? copy : copy + 3;
    int lineno = 0, last_round = 0, ok = 1;
    char *save = NULL;
    for (char *line = strtok_r(start, "\n", &save); line && ok; line = strtok_r(NULL, "\n", &save)) {
        lineno++;
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '#' || *s == '\r')
            continue;
        if (!strncmp(s, "variant:", 8)) {
            if (rec->variant) {
                snprintf(err, errlen, "%d: `variant:` given twice", lineno);
                ok = 0;
            } else if (!(rec->variant = dup_trim(s + 8)) || !*rec->variant) {
                snprintf(err, errlen, "%d: `variant:` needs a name", lineno);
                ok = 0;
            }
        } else if (!strncmp(s, "option:", 7)) {
            char *o = dup_trim(s + 7);
            if (!o || !strchr(o, '=') || rec->nopts >= REC_MAX_OPTIONS) {
                snprintf(err, errlen, "%d: `option:` takes KEY=VALUE (at most %d options)", lineno,
                         REC_MAX_OPTIONS);
                free(o);
                ok = 0;
            } else
                rec->opts[rec->nopts++] = o;
        } else if (!strncmp(s, "seed:", 5)) {
            char *n = s + 5, *end;
            while (*n == ' ' || *n == '\t')
                n++;
            errno = 0;
            rec->seed = strtoul(n, &end, 10);
            while (*end == ' ' || *end == '\r')
                end++;
            /* digits only: strtoul would take "" as 0 and "-1" as ULONG_MAX */
            if (*n < '0' || *n > '9' || *end || errno) {
                snprintf(err, errlen, "%d: `seed:` takes a whole number", lineno);
                ok = 0;
            }
            rec->have_seed = 1;
        } else if (!strncmp(s, "start:", 6)) {
            if (rec->start || last_round) {
                snprintf(err, errlen, "%d: `start:` given twice, or after the moves", lineno);
                ok = 0;
            } else if (!(rec->start = dup_trim(s + 6)) || rec->start[0] != '{') {
                snprintf(err, errlen, "%d: `start:` takes a JSON position on one line", lineno);
                ok = 0;
            }
        } else if (!strncmp(s, "round ", 6)) {
            char *end;
            long rd = strtol(s + 6, &end, 10);
            /* (a game from a `start:` position begins in its round) */
            if (*end != ':' || (rd != last_round + 1 && !(rec->start && !last_round && rd > 0 && rd < 65536))) {
                snprintf(err, errlen, "%d: expected `round %d:`", lineno, last_round + 1);
                ok = 0;
                break;
            }
            last_round = (int)rd;
            for (char *t = end + 1; *t && ok;) {
                while (*t == ' ' || *t == '\t' || *t == '\r')
                    t++;
                size_t n = strcspn(t, " \t\r");
                if (!n)
                    break;
                if (n > 200 || !add_move(rec, t, n, last_round)) {
                    snprintf(err, errlen, "%d: too many moves, or a token too long", lineno);
                    ok = 0;
                }
                t += n;
            }
        } else if (!strncmp(s, "result:", 7)) {
            /* for people; the moves decide */
        } else {
            snprintf(err, errlen,
                     "%d: unexpected line (expected variant:, option:, seed:, start:, round N: or result:)",
                     lineno);
            ok = 0;
        }
    }
    free(copy);
    if (ok && !rec->variant) {
        snprintf(err, errlen, "no `variant:` line");
        ok = 0;
    }
    if (!ok)
        rec_free(rec);
    return ok;
}

int rec_read(const char *path, Record *rec, char *err, size_t errlen)
{
    memset(rec, 0, sizeof *rec);
    char *text;
    size_t len;
    if (!io_read_file(path, &text, &len, err, errlen))
        return 0;
    char why[256];
    int ok = rec_parse(text, len, rec, why, sizeof why);
    free(text);
    /* "LINE: message" becomes "PATH:LINE: message", a message of the
     * whole text "PATH: message" */
    if (!ok)
        snprintf(err, errlen, "%s:%s%s", path, why[0] >= '0' && why[0] <= '9' ? "" : " ", why);
    return ok;
}

int rec_write(const char *path, const Rules *r, const char *variant,
              const char *const *opts, int nopts, unsigned long seed, const Position *start,
              const Move *moves, int nmoves, char *err, size_t errlen)
{
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 16);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return 0;
    }
    snprintf(tmp, pl + 16, "%s.tmp%d", path, (int)(seed % 100000));
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        free(tmp);
        return 0;
    }
    fprintf(f, "# mancala game record (see docs/records.md)\nvariant: %s\n", variant);
    for (int i = 0; i < nopts; i++)
        fprintf(f, "option: %s\n", opts[i]);
    fprintf(f, "seed: %lu\n", seed);
    Position p;
    History h;
    Vm vm;
    vm_init(&vm, r);
    hist_init(&h);
    h.compact = 1;
    int round = 0, rc = 0;
    if (start) {
        char *js = pos_to_json(&vm, start);
        if (js)
            fprintf(f, "start: %s\n", js);
        else
            rc = vm.status < 0 ? vm.status : MC_ENOMEM;
        free(js);
        p = *start;
    } else
        rc = flow_start(&vm, &p, &h);
    for (int i = 0; i < nmoves && rc >= 0; i++) {
        if (p.round != round) {
            round = p.round;
            fprintf(f, "%sround %d:", i ? "\n" : "", round);
        }
        char tok[256];
        tok_write(r, &moves[i], tok, sizeof tok);
        fprintf(f, " %s", tok);
        rc = flow_play(&vm, &p, &moves[i], &h, NULL);
    }
    if (nmoves)
        fputc('\n', f);
    if (p.over) {   /* "result: south 25-23"; of more players "result: p3 10-5-12" */
        fprintf(f, "result: %s ", p.winner < r->players ? player_word(r->players, p.winner) : "draw");
        for (int k = 0; k < r->players; k++)
            fprintf(f, "%s%d", k ? "-" : "", p.store[k]);
        fputc('\n', f);
    }
    hist_free(&h);
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (rc < 0) {
        snprintf(err, errlen, "%s: the moves cannot be replayed (%s)", path, mc_status_text(rc));
        remove(tmp);
        free(tmp);
        return 0;
    }
    if (bad || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno ? errno : EIO));
        remove(tmp);
        free(tmp);
        return 0;
    }
    free(tmp);
    return 1;
}

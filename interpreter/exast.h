/* exast.h: the syntax tree the expression grammar builds (grammar/expr.y).
 * Shared by the parser and interpreter/expr.c only. Every node lives in the
 * parse arena; `off`/`end` are byte offsets into the expression text. */
#ifndef MANCALA_EXAST_H
#define MANCALA_EXAST_H

#include <stdint.h>
#include "arena.h"

typedef struct ExSpan {
    int start, end;
} ExSpan;

typedef enum ExKind {
    N_NUM, N_STR, N_BOOL, N_NAME, N_CALL, N_PROP, N_BIN, N_NOT, N_NEG,
    N_IF, N_SET, N_ARG, N_WHERE,  /* N_WHERE: `a where b`, b tested per hole of a */
    N_LET                         /* N_LET: `let name = a in b` */
} ExKind;

typedef enum ExOp {
    OP_ADD = 1, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_IN, OP_NOTIN,
    OP_AND, OP_OR
} ExOp;

typedef struct ExNode ExNode;
struct ExNode {
    ExKind kind;
    ExOp op;
    int64_t num;
    const char *name;      /* N_NAME, N_CALL, N_PROP, N_STR */
    ExNode *a, *b, *c;     /* operands; N_CALL/N_SET: a = first N_ARG */
    ExNode *next;          /* N_ARG chain */
    ExSpan at;
};

typedef struct ExParse {
    Arena *ar;
    const char *src;
    int len;
    ExNode *root;
    int nerr;
    int err_off;
    char err[160];
    int depth;
} ExParse;

ExNode *exn_new(ExParse *p, ExKind k, ExSpan at);

#endif

/* The grammar of the expression language of variant files.
 * A pure (reentrant) bison parser; the tree goes to ExParse.root. Every
 * semantic value is arena-owned, so no %destructor is needed: the arena
 * frees them all, also on error. See docs/variant-format.md. */
%define api.pure full
%define api.prefix {ex_yy}
%define parse.error custom
%define api.location.type {ExSpan}
%locations
%expect 0
%param {void *scanner}
%parse-param {ExParse *ps}

%code requires {
#include "exast.h"
}

%code provides {
int ex_yylex(EX_YYSTYPE *lval, ExSpan *lloc, void *scanner);
}

%code {
#include <stdio.h>
#include <string.h>

#define YYLLOC_DEFAULT(Cur, Rhs, N) do {                      \
        if (N) { (Cur).start = YYRHSLOC(Rhs, 1).start;        \
                 (Cur).end = YYRHSLOC(Rhs, N).end; }          \
        else   { (Cur).start = (Cur).end = YYRHSLOC(Rhs, 0).end; } \
    } while (0)

static void ex_yyerror(ExSpan *at, void *scanner, ExParse *ps, const char *msg);
static ExNode *bin(ExParse *ps, ExOp op, ExNode *a, ExNode *b, ExSpan at);
static ExNode *un(ExParse *ps, ExKind k, ExNode *a, ExSpan at);
}

%union {
    int64_t num;
    char *str;
    ExNode *node;
}

%token <num> NUMBER BOOLEAN
%token <str> NAME STRING
%token AND "and" OR "or" NOT "not" IN "in" IF "if" THEN "then" ELSE "else" WHERE "where" LET "let"
%token EQ "==" NE "!=" LE "<=" GE ">="
%token BADSTRING BADCHAR BADAND BADOR BADEQ DECIMAL BADLIST

%type <node> expr where or and not cmp sum prod unary post prim args arglist items

%%

top:    expr                    { ps->root = $1; }
    ;
expr:   where
    |   IF expr THEN expr ELSE expr {
            $$ = exn_new(ps, N_IF, @$); $$->a = $2; $$->b = $4; $$->c = $6;
        }
    /* `let x = V in E`: E with the name x standing for the value V (an
     * arithmetic expression: parenthesize a comparison) */
    |   LET NAME BADEQ sum IN expr {
            $$ = exn_new(ps, N_LET, @$); $$->name = $2; $$->a = $4; $$->b = $6;
        }
    ;
/* `S where C`: the loosest binary operator, so `S where a or b` filters by
 * `a or b`; left-associative (`S where a where b` filters twice) */
where:  or
    |   where WHERE or          {
            $$ = exn_new(ps, N_WHERE, @$); $$->a = $1; $$->b = $3;
        }
    ;
or:     and
    |   or OR and               { $$ = bin(ps, OP_OR, $1, $3, @$); }
    ;
and:    not
    |   and AND not             { $$ = bin(ps, OP_AND, $1, $3, @$); }
    ;
not:    cmp
    |   NOT not                 { $$ = un(ps, N_NOT, $2, @$); }
    ;
cmp:    sum
    |   sum EQ sum              { $$ = bin(ps, OP_EQ, $1, $3, @$); }
    |   sum NE sum              { $$ = bin(ps, OP_NE, $1, $3, @$); }
    |   sum '<' sum             { $$ = bin(ps, OP_LT, $1, $3, @$); }
    |   sum LE sum              { $$ = bin(ps, OP_LE, $1, $3, @$); }
    |   sum '>' sum             { $$ = bin(ps, OP_GT, $1, $3, @$); }
    |   sum GE sum              { $$ = bin(ps, OP_GE, $1, $3, @$); }
    |   sum IN sum              { $$ = bin(ps, OP_IN, $1, $3, @$); }
    |   sum NOT IN sum          { $$ = bin(ps, OP_NOTIN, $1, $4, @$); }
    ;
sum:    prod
    |   sum '+' prod            { $$ = bin(ps, OP_ADD, $1, $3, @$); }
    |   sum '-' prod            { $$ = bin(ps, OP_SUB, $1, $3, @$); }
    ;
prod:   unary
    |   prod '*' unary          { $$ = bin(ps, OP_MUL, $1, $3, @$); }
    |   prod '/' unary          { $$ = bin(ps, OP_DIV, $1, $3, @$); }
    |   prod '%' unary          { $$ = bin(ps, OP_MOD, $1, $3, @$); }
    ;
unary:  post
    |   '-' unary               { $$ = un(ps, N_NEG, $2, @$); }
    ;
post:   prim
    |   post '.' NAME           {
            $$ = exn_new(ps, N_PROP, @$); $$->a = $1; $$->name = $3;
        }
    ;
prim:   NUMBER                  {
            if ($1 < 0) { ex_yyerror(&@1, scanner, ps, "number too large (at most 999999999)"); YYABORT; }
            $$ = exn_new(ps, N_NUM, @$); $$->num = $1;
        }
    |   BOOLEAN                 { $$ = exn_new(ps, N_BOOL, @$); $$->num = $1; }
    |   STRING                  { $$ = exn_new(ps, N_STR, @$); $$->name = $1; }
    |   NAME                    { $$ = exn_new(ps, N_NAME, @$); $$->name = $1; }
    |   NAME '(' args ')'       {
            $$ = exn_new(ps, N_CALL, @$); $$->name = $1; $$->a = $3;
        }
    |   '(' expr ')'            { $$ = $2; }
    |   '{' items '}'           { $$ = exn_new(ps, N_SET, @$); $$->a = $2; }
    ;
args:   %empty                  { $$ = NULL; }
    |   arglist
    ;
arglist: expr                   { $$ = exn_new(ps, N_ARG, @$); $$->a = $1; }
    |   expr ',' arglist        { $$ = exn_new(ps, N_ARG, @$); $$->a = $1; $$->next = $3; }
    ;
items:  %empty                  { $$ = NULL; }
    |   arglist
    ;

%%

ExNode *exn_new(ExParse *p, ExKind k, ExSpan at)
{
    ExNode *n = ar_alloc(p->ar, sizeof *n);
    if (!n) {
        /* Out of memory: a static node keeps the parser safe; the caller
         * notices the arena failure and reports it. */
        static ExNode oom;
        n = &oom;
        p->nerr++;
        snprintf(p->err, sizeof p->err, "out of memory");
        return n;
    }
    n->kind = k;
    n->at = at;
    return n;
}

static ExNode *bin(ExParse *ps, ExOp op, ExNode *a, ExNode *b, ExSpan at)
{
    ExNode *n = exn_new(ps, N_BIN, at);
    n->op = op;
    n->a = a;
    n->b = b;
    return n;
}

static ExNode *un(ExParse *ps, ExKind k, ExNode *a, ExSpan at)
{
    ExNode *n = exn_new(ps, k, at);
    n->a = a;
    return n;
}

static void ex_yyerror(ExSpan *at, void *scanner, ExParse *ps, const char *msg)
{
    (void)scanner;
    if (ps->nerr++)
        return;
    ps->err_off = at->start;
    snprintf(ps->err, sizeof ps->err, "%s", msg);
}

static const char *hint(yysymbol_kind_t t)
{
    switch (t) {
    case YYSYMBOL_BADSTRING: return "unterminated string (missing '\"')";
    case YYSYMBOL_BADAND:    return "unexpected '&&' (write 'and')";
    case YYSYMBOL_BADOR:     return "unexpected '||' (write 'or')";
    case YYSYMBOL_BADEQ:     return "unexpected '=' (write '==' to compare)";
    case YYSYMBOL_BADCHAR:   return "unexpected character";
    default:                 return NULL;
    }
}

static int yyreport_syntax_error(const yypcontext_t *ctx, void *scanner, ExParse *ps)
{
    yysymbol_kind_t got = yypcontext_token(ctx);
    const ExSpan *at = yypcontext_location(ctx);
    char msg[160];
    const char *h = hint(got);
    const char *text = ps->src + at->start;
    int tl = at->end - at->start;
    if (tl > 60)
        tl = 60;
    if (got == YYSYMBOL_DECIMAL)
        snprintf(msg, sizeof msg, "numbers are whole: `%.*s` is not one", tl, text);
    else if (got == YYSYMBOL_BADLIST && tl >= 2 && text[tl - 1] == ']')
        snprintf(msg, sizeof msg, "sets are written {%.*s}, not %.*s", tl - 2, text + 1, tl, text);
    else if (got == YYSYMBOL_BADLIST)
        snprintf(msg, sizeof msg, "sets are written {...}, not [...]");
    else if (h)
        snprintf(msg, sizeof msg, "%s", h);
    else if (got == YYSYMBOL_YYEOF) {
        yysymbol_kind_t exp[YYNTOKENS];
        int n = yypcontext_expected_tokens(ctx, exp, YYNTOKENS), paren = 0, els = 0;
        for (int i = 0; i < n; i++) {
            paren |= !strcmp(yysymbol_name(exp[i]), "')'");
            els |= exp[i] == YYSYMBOL_ELSE;
        }
        if (els)
            snprintf(msg, sizeof msg, "unexpected end of expression (possibly 'if' without 'else')");
        else if (paren)
            snprintf(msg, sizeof msg, "unexpected end of expression (possibly unbalanced '(')");
        else
            snprintf(msg, sizeof msg, "unexpected end of expression");
    } else
        snprintf(msg, sizeof msg, "unexpected %s", yysymbol_name(got));
    ex_yyerror((ExSpan *)at, scanner, ps, msg);
    return 0;
}

/* opcodes.h: the operations of compiled expressions, the whole contract
 * between the code generator (exemit.c) and the evaluator (exeval.c).
 *
 * One line an operation: its name, the words of immediate operands that
 * follow it in the program, the values it pops and pushes, and its
 * meaning. The emitter tracks the stack depth from these numbers and the
 * disassembler (exdis.c) walks programs with them. Values on the stack are
 * 128 bits (ExVal): numbers (within 64 bits), booleans (0/1), holes
 * (index, NO_HOLE or STORE_HOLE(p)), players (0/1) and sets (128-bit masks
 * of hole indexes, or of 0..63).
 * "k" is the immediate word, "K" the 64-bit mask of the next two words,
 * "v" the context value (ExVar) numbered by the immediate word. The jumps
 * JFK and JTK pop their operand only when they do not jump.
 *
 * A filter `S where C` is a loop over the holes of S (exemit.c):
 *     <S> WHERE; L: WNEXT E; <C> WKEEP L; E:
 * WHERE leaves three values under the condition: the result so far R, the
 * holes still to test M and the hole H that `hole` stood for before. The
 * context's `hole` is the hole being tested (ex_run works on a copy of
 * the context once a filter runs); WNEXT puts H back and leaves R alone
 * when no hole is left, which is the one stack effect the table cannot
 * say (it pops M and H only when it jumps). */
#ifndef MANCALA_OPCODES_H
#define MANCALA_OPCODES_H

/*  name       imm pop push  meaning */
#define EX_OPS(X)                                                                      \
    X(PUSH,      1, 0, 1, "push k")                                                  \
    X(PUSH64,    2, 0, 1, "push K")                                                  \
    X(PUSHSET,   2, 0, 1, "push K as a set (its 64 bits, no sign)")                  \
    X(VAR,       1, 0, 1, "push v")                                                  \
    X(LOCAL,     1, 0, 1, "push a copy of the k-th value from the stack's bottom")   \
    X(NIP,       0, 2, 1, "a b -> b (drops a `let` value)")                          \
    X(COUNT,     0, 1, 1, "h -> seeds in hole (or store) h")                         \
    X(OWNER,     0, 1, 1, "h -> owner of h (a store's player; -1 for no hole)")      \
    X(ROWOF,     0, 1, 1, "h -> the player whose row holds h")                       \
    X(INDEX,     0, 1, 1, "h -> 1..width from the left of h's row (0: no hole)")    \
    X(RANK,      0, 1, 1, "h -> its row 1..rows from South's edge (0: no hole)")     \
    X(COLUMN,    0, 1, 1, "h -> its column 1..width from South's left (0: no hole)") \
    X(DEPTH,     0, 1, 1, "h -> 1 for a middle row, +1 a row outward (0: no hole)")  \
    X(NUMBER,    0, 1, 1, "h -> hole number 1.. (0: no hole or a store)")            \
    X(OUT,       0, 1, 1, "h -> h is out of play")                                   \
    X(STONES,    0, 1, 1, "h -> large stones in h (board.stones)")                   \
    X(ISSTORE,   0, 1, 1, "h -> h is a store")                                       \
    X(FLAG,      1, 1, 1, "h -> flag k is set on h")                                 \
    X(PCOUNTER,  1, 1, 1, "p -> counter k of p (board.counters)")                   \
    X(SETFLAG,   1, 1, 1, "S -> the holes of S with flag k set")                     \
    X(PSTORE,    0, 1, 1, "p -> seeds in p's store")                                 \
    X(PTOTAL,    0, 1, 1, "p -> p's match total")                                    \
    X(PSOWED,    0, 1, 1, "p -> p made a sowing move this game")                     \
    X(PRESERVE,  0, 1, 1, "p -> seeds p still has to place (setup)")                 \
    X(PCW,       0, 1, 1, "p -> p's last sowing move went clockwise")                \
    X(PTOOK,     0, 1, 1, "p -> p's last move took seeds (his move: so far)")       \
    X(PDEBT,     0, 1, 1, "p -> seeds p owes the opponent (match.settle)")           \
    X(OTHER,     0, 1, 1, "p -> the player whose turn follows p's (of two: the other)") \
    X(PLAYERK,   0, 1, 1, "k -> player k (1..players; -1 if none)")                 \
    X(ROW,       0, 1, 1, "p -> the holes of p's row")                               \
    X(OWNED,     0, 1, 1, "p -> the holes p owns")                                   \
    X(OPPOSITE,  0, 1, 1, "h -> the hole facing h")                                  \
    X(INNER,     0, 1, 1, "h -> the hole a row nearer the middle (same half)")       \
    X(OUTER,     0, 1, 1, "h -> the hole a row farther from the middle")             \
    X(NEXT,      0, 1, 1, "h -> the next hole in the sowing direction")              \
    X(PREV,      0, 1, 1, "h -> the previous hole in the sowing direction")          \
    X(STOREOF,   0, 1, 1, "p -> p's store as a hole")                                \
    X(HOLENUM,   0, 1, 1, "n -> the hole numbered n (no hole if none)")              \
    X(HOLEAT,    0, 2, 1, "r c -> the hole at row r, column c (no hole if none)")    \
    X(SEEDS,     0, 1, 1, "S -> seeds in the holes of S")                            \
    X(FIRST,     0, 1, 1, "S -> the lowest-numbered hole of S (no hole if none)")    \
    X(LASTOF,    0, 1, 1, "S -> the highest-numbered hole of S (no hole if none)")   \
    X(AROUND,    0, 1, 1, "h -> the holes next to h in its row and column")          \
    X(AHEAD,     0, 2, 1, "h k -> the hole k steps from h the way the lap last went")\
    X(SIZE,      0, 1, 1, "S -> holes in S")                                         \
    X(NONEMPTY,  0, 1, 1, "S -> non-empty holes in S")                               \
    X(SMAX,      0, 1, 1, "S -> most seeds in a hole of S (0 if none)")              \
    X(SMIN,      0, 1, 1, "S -> fewest seeds in a hole of S (0 if none)")            \
    X(REACHED,   0, 1, 1, "S -> this move dropped a seed into S")                    \
    X(IMAX,      0, 2, 1, "a b -> the larger")                                       \
    X(IMIN,      0, 2, 1, "a b -> the smaller")                                      \
    X(ADD,       0, 2, 1, "a b -> a + b (wrapping)")                                 \
    X(SUB,       0, 2, 1, "a b -> a - b (wrapping)")                                 \
    X(MUL,       0, 2, 1, "a b -> a * b (wrapping)")                                 \
    X(DIV,       0, 2, 1, "a b -> a / b (0 when b is 0 or it overflows)")            \
    X(MOD,       0, 2, 1, "a b -> a % b (0 when b is 0 or it overflows)")            \
    X(NEG,       0, 1, 1, "a -> -a (wrapping)")                                      \
    X(EQ,        0, 2, 1, "a b -> a == b")                                           \
    X(NE,        0, 2, 1, "a b -> a != b")                                           \
    X(LT,        0, 2, 1, "a b -> a < b")                                            \
    X(LE,        0, 2, 1, "a b -> a <= b")                                           \
    X(GT,        0, 2, 1, "a b -> a > b")                                            \
    X(GE,        0, 2, 1, "a b -> a >= b")                                           \
    X(IN,        0, 2, 1, "a S -> a in S")                                           \
    X(NOT,       0, 1, 1, "b -> not b")                                              \
    X(SETADD,    0, 2, 1, "S a -> S with a (a out of 0..63: S)")                     \
    X(JFK,       1, 1, 0, "b -> jump to k if b is false, keeping it")                \
    X(JTK,       1, 1, 0, "b -> jump to k if b is true, keeping it")                 \
    X(JFP,       1, 1, 0, "b -> jump to k if b is false")                            \
    X(JMP,       1, 0, 0, "jump to k")                                               \
    X(WHERE,     0, 1, 3, "S -> R M H: R = {}, M = S, H = hole (a filter begins)")   \
    X(WNEXT,     1, 0, 0, "R M H: hole = lowest of M, out of M; none: hole = H, R, jump to k") \
    X(WKEEP,     1, 1, 0, "R M H b -> R M H, with hole in R if b; jump to k")        \
    /* fused forms the emitter writes for common shapes */                           \
    X(VCOUNT,    1, 0, 1, "seeds in the hole v")                                     \
    X(VOWNER,    1, 0, 1, "owner of the hole v")                                     \
    X(VPSTORE,   1, 0, 1, "seeds in the store of player v")                          \
    X(KPSTORE,   1, 0, 1, "seeds in the store of player k")                          \
    X(VROWSEEDS, 1, 0, 1, "seeds in the row of player v")                            \
    X(KROWSEEDS, 1, 0, 1, "seeds in the row of player k")                            \
    X(VSEEDS,    1, 0, 1, "seeds in the hole set v")                                 \
    X(EQK,       1, 1, 1, "a -> a == k")                                             \
    X(NEK,       1, 1, 1, "a -> a != k")                                             \
    X(LTK,       1, 1, 1, "a -> a < k")                                              \
    X(LEK,       1, 1, 1, "a -> a <= k")                                             \
    X(GTK,       1, 1, 1, "a -> a > k")                                              \
    X(GEK,       1, 1, 1, "a -> a >= k")                                             \
    X(INK,       2, 1, 1, "a -> a in K")                                             \
    X(EQV,       1, 1, 1, "a -> a == v")                                             \
    X(NEV,       1, 1, 1, "a -> a != v")                                             \
    X(END,       0, 0, 0, "stop: the value is the top of the stack")

enum {
#define X(name, imm, pop, push, doc) EXO_##name,
    EX_OPS(X)
#undef X
    EXO_COUNT_
};

/* One operation's shape, from the table above. */
typedef struct ExOpInfo {
    const char *name;
    int imm, pop, push;
    const char *doc;
} ExOpInfo;

/* The table as data (expr.c), indexed by EXO_*. */
extern const ExOpInfo ex_op_info[EXO_COUNT_];

#endif

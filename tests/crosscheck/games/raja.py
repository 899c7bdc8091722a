#!/usr/bin/env python3
"""Independent reference implementation of one round of Raja Pasu Mandiri.

This file was written from the textual specification of the game alone
(no other source of the project under test was read or run).  It uses only
the Python 3 standard library.

Rules implemented
-----------------
Board: 14 holes numbered 1..14 counterclockwise (1..7 the near row left to
right, 8..14 the far row right to left, hole h >= 8 being in column 15 - h).
Seven seeds per hole at the start (98 seeds).  Three stores, off the circuit,
empty at the start.

Players p1, p2, p3 move in that order, p1 first.  Ownership:
p1 columns 1-2 (holes 1, 2, 13, 14); p2, the Raja, columns 3-5
(holes 3, 4, 5, 10, 11, 12); p3 columns 6-7 (holes 6, 7, 8, 9).

A move lifts all seeds of one of the mover's non-empty holes and sows them one
per hole counterclockwise from the next hole (the lifted hole is not skipped).
- Fours: whenever a seed makes its hole hold exactly 4 (any lap, any seed,
  any owner's hole, the last seed included), the mover takes those 4 at once.
- Relay: after a lap's last seed fell in L, let N1 follow L.  If N1 holds
  seeds they are lifted and sown from the hole after N1 (a new lap).  If N1
  is empty the sowing ends, and if N2 (after N1) holds seeds the mover takes
  them all.
- Endless sowing: a move is illegal if a lap-start state (14 counts, three
  stores, hole about to be lifted) repeats within the move.

After a move: if the board holds fewer than 4 seeds the mover takes them and
the game ends.  Otherwise the next player in order with a legal move decides
(players without one pass); if nobody has a legal move the game ends with the
leftover seeds going to each hole's owner.  Every decision position (counts,
stores, player who decides; the start included) is counted; at its third
occurrence the game ends with the same leftover distribution.  Most seeds in
store wins; a shared maximum is a draw.

Readings chosen where the text is silent
----------------------------------------
1. The lap-start state of the first lap is the position before the chosen
   hole is lifted, with that hole as "the hole about to be lifted"; later
   laps likewise use the board just before N1 is lifted.  Endlessness is
   detected only by that repetition (stores only grow, so any infinite
   sowing must repeat such a state).
2. Fours and the N2 capture apply to holes of any owner, including the
   mover's own holes and the hole the move started from.
3. When looking for the next player with a legal move, the search goes
   round the full cycle, so the mover himself may decide again if both
   others must pass.  The same search (starting from p1) is used for the
   starting position.
4. End-of-game transfers really move the seeds: after the game ends (by
   the fewer-than-4 rule, by nobody having a move, or by the third
   repetition) the holes are empty, so CELLS of a finished game printed by
   `random` are all 0.  Only games stopped at 3000 decisions ("none") show
   seeds in the holes.
5. Repetition is checked after the pass search, on the position with the
   deciding player; if the game ends for lack of any legal move no
   repetition count is made.  In `perft`, the repetition history is that of
   the path from the start, and a finished game contributes no sequences.
6. In `random`, "decisions" are moves played; a game whose 3000th move ends
   it is reported with its winner, otherwise after 3000 moves it is "none".

Command line
------------
    python3 raja.py perft D
    python3 raja.py random G SEED
"""

import random
import sys
from collections import Counter

NHOLES = 14
NPLAYERS = 3
START_SEEDS = 7
TOTAL = NHOLES * START_SEEDS  # 98
MAX_DECISIONS = 3000

# Holes are 1-based in tokens, 0-based internally.
OWNED = {
    0: (1, 2, 13, 14),          # p1: columns 1-2
    1: (3, 4, 5, 10, 11, 12),   # p2 (Raja): columns 3-5
    2: (6, 7, 8, 9),            # p3: columns 6-7
}
OWNER = [None] * NHOLES
for _p, _holes in OWNED.items():
    for _h in _holes:
        OWNER[_h - 1] = _p


def nxt(i):
    """Index of the hole following hole index i on the circuit."""
    return (i + 1) % NHOLES


class Position:
    """A game position: hole counts, stores, player to decide, end status."""

    def __init__(self):
        self.cells = [START_SEEDS] * NHOLES
        self.stores = [0] * NPLAYERS
        self.to_move = None          # 0..2, or None when the game is over
        self.over = False
        self.history = Counter()     # decision positions seen so far
        self._moves = None           # cache: {hole number: (cells, stores)}
        self._decide_from(0)

    def copy(self):
        p = Position.__new__(Position)
        p.cells = list(self.cells)
        p.stores = list(self.stores)
        p.to_move = self.to_move
        p.over = self.over
        p.history = Counter(self.history)
        p._moves = self._moves
        return p

    def key(self):
        return (tuple(self.cells), tuple(self.stores), self.to_move)

    # --- end and turn handling -------------------------------------------

    def _sweep_to_owners(self):
        for i in range(NHOLES):
            self.stores[OWNER[i]] += self.cells[i]
            self.cells[i] = 0
        self._finish()

    def _finish(self):
        self.over = True
        self.to_move = None
        self._moves = {}

    def _decide_from(self, first):
        """Give the decision to the first player, from `first` on in order,
        who has a legal move; handle 'nobody can move' and repetition."""
        for k in range(NPLAYERS):
            p = (first + k) % NPLAYERS
            moves = legal_moves_for(self.cells, self.stores, p)
            if moves:
                self.to_move = p
                self._moves = moves
                break
        else:
            self._sweep_to_owners()
            return
        self.history[self.key()] += 1
        if self.history[self.key()] >= 3:
            self._sweep_to_owners()

    # --- moves ---------------------------------------------------------

    def legal_moves(self):
        """Legal move tokens (hole numbers) in ascending hole order."""
        if self.over:
            return []
        return sorted(self._moves)

    def play(self, hole):
        """Play the move `hole` (a hole number) in place."""
        assert not self.over and hole in self._moves, hole
        mover = self.to_move
        cells, stores = self._moves[hole]
        self.cells = list(cells)
        self.stores = list(stores)
        on_board = sum(self.cells)
        if on_board < 4:
            self.stores[mover] += on_board
            self.cells = [0] * NHOLES
            self._finish()
        else:
            self._decide_from((mover + 1) % NPLAYERS)
        assert sum(self.cells) + sum(self.stores) == TOTAL

    def winner(self):
        """'p1', 'p2', 'p3', 'draw' for a finished game, 'none' otherwise."""
        if not self.over:
            return "none"
        best = max(self.stores)
        leaders = [i for i in range(NPLAYERS) if self.stores[i] == best]
        return "p%d" % (leaders[0] + 1) if len(leaders) == 1 else "draw"


def sow(cells, stores, mover, start):
    """Sow from hole index `start` for player `mover`.

    Returns (cells, stores) after the whole move, or None when the sowing is
    endless (a lap-start state repeats)."""
    cells = list(cells)
    stores = list(stores)
    seen = set()
    lift = start
    while True:
        state = (tuple(cells), tuple(stores), lift)
        if state in seen:
            return None
        seen.add(state)
        n = cells[lift]
        cells[lift] = 0
        pos = lift
        for _ in range(n):
            pos = nxt(pos)
            cells[pos] += 1
            if cells[pos] == 4:          # a four: taken at once
                cells[pos] = 0
                stores[mover] += 4
        n1 = nxt(pos)
        if cells[n1] > 0:                # relay: a new lap from N1
            lift = n1
            continue
        n2 = nxt(n1)                     # N1 empty: sowing ends
        if cells[n2] > 0:
            stores[mover] += cells[n2]
            cells[n2] = 0
        return cells, stores


def legal_moves_for(cells, stores, player):
    """Map hole number -> result (cells, stores) of each legal move."""
    result = {}
    for hole in OWNED[player]:
        if cells[hole - 1] > 0:
            r = sow(cells, stores, player, hole - 1)
            if r is not None:
                result[hole] = r
    return result


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        child = pos.copy()
        child.play(m)
        total += perft(child, depth - 1)
    return total


def random_games(games, seed):
    rng = random.Random(seed)
    for _ in range(games):
        pos = Position()
        played = []
        while not pos.over and len(played) < MAX_DECISIONS:
            m = rng.choice(pos.legal_moves())
            pos.play(m)
            played.append(m)
        assert sum(pos.cells) + sum(pos.stores) == TOTAL
        print("%s | %s | %s" % (" ".join(map(str, played)),
                                ",".join(map(str, pos.cells)),
                                pos.winner()))


def main(argv):
    if len(argv) == 3 and argv[1] == "perft":
        start = Position()
        for d in range(1, int(argv[2]) + 1):
            print(d, perft(start, d))
    elif len(argv) == 4 and argv[1] == "random":
        random_games(int(argv[2]), int(argv[3]))
    else:
        sys.stderr.write("usage: raja.py perft D | raja.py random G SEED\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Independent reference implementation of En Gehe (Masai, northern Tanzania).

Source: Ludii, Common/res/lud/board/sow/two_rows/En Gehe.lud (rules text in
(rules "...") plus the Ludii code), and the Ludii define "MancalaByScoreWhen"
(Common/res/def/rules/end/MancalaByScoreWhen.def).

BOARD AND NUMBERING
  * 2 rows of N holes, N = 40 by default (Ludii allows 40..50; this program
    accepts any N >= 1 via --holes, small N is used by the self-test).
  * No stores. Every hole starts with 4 seeds (total 8N).
  * Holes are numbered 1..2N counterclockwise starting at South's leftmost
    hole: South owns 1..N (left to right), North owns N+1..2N (right to
    left). Hole h faces hole 2N+1-h (N+1 faces N, 2N faces 1).  This equals
    Ludii's "OppositePit" (site +/- Columns on Ludii's row-major numbering).
  * Counterclockwise = increasing hole number, wrapping 2N -> 1 (Ludii track
    "0,E,N,W" loop:True).
  * South (Ludii P1, bottom row) moves first. A move is written as the number
    of the hole sown from.

A MOVE (one turn)
  1. The mover picks a non-empty hole of his own row, lifts all its seeds and
     sows them one per hole counterclockwise starting with the next hole.
     The origin hole is NOT skipped when a sowing goes all the way round
     (Ludii's sow has includeSelf default True and no skipIf); with k >= 2N
     seeds the origin receives seeds like every other hole.
  2. Relay: if the hole receiving the last seed now holds more than one seed
     (i.e. it was non-empty before), all its seeds (including the one just
     dropped) are lifted and sowing continues from the next hole.  The relay
     hole may be on either side.  (Ludii models each relay lap as a forced
     extra Select move from "LastHoleSowed"; here a relay is part of a single
     move, written with the first hole only.)
  3. When the last seed falls into an empty hole (it now holds exactly 1):
       - if that hole is on the mover's own side AND the facing hole holds at
         least one seed, the mover captures the facing hole's seeds and also
         the single seed in the landing hole (both holes become empty);
       - otherwise (opponent's side, or facing hole empty) nothing is
         captured (the rules text is silent about an empty facing hole; the
         Ludii code requires count > 0 there, and then the landing seed stays).
     A landing hole that was emptied earlier in the same move (including the
     origin hole or a lifted relay hole) counts as empty.
     The turn then ends; the other player moves.
  4. Never-ending relays: a move whose relay never terminates is possible in
     principle.  The relay is deterministic in the state (board, hole about
     to be lifted); such a move is detected EXACTLY by Brent's cycle detection
     on that state within the turn (no seed cap is needed: the state space is
     finite, so a non-terminating relay must repeat a state).  Such a move is
     treated as NOT LEGAL (it is not generated, not counted in perft and never
     chosen in random games).  In Ludii it would just go on as an endless
     series of forced relay moves until the move limit.

GAME END AND SCORING
  * The game ends when the player to move cannot move, i.e. he has no legal
    move (normally: no seeds on his side; in theory also if every move of
    his loops forever).
  * The remaining seeds on the board are captured by the OTHER player (the
    one not to move), per the rules text.  Ludii's code scores each player as
    captured seeds + seeds in his own row ("PiecesOwnedBy" in
    "MancalaByScoreWhen"); when the player to move has an empty row this is
    identical (all remaining seeds are in the other player's row).  The two
    readings would differ only in the theoretical "all moves loop forever"
    case; the text is followed there.  (Ludii's "(no Moves Mover)" is checked
    via the stalemated flag, i.e. the player to move having no legal move.)
  * After the collection the board is empty.  Most seeds wins; equal is a
    draw.  (Totals are always 8N, so a draw is 4N : 4N.)

CODE VS TEXT
  No real disagreement found.  Points where the text is silent and the code
  was followed: empty facing hole -> no capture; origin not skipped on laps;
  relay hole may be on either side.  Ludii ends the game with
  (no Moves Mover) checked right after the forced pass of a player with no
  legal move, i.e. "the player to move cannot move", as implemented here.

CHECKS DONE
  simulate() was compared with a naive seed-by-seed sower (cap 20,000 seeds
  for N <= 8, 200,000 for N = 40) on ~738,000 random positions/moves
  (N = 2,3,4,5,8,40): identical results, including 2,675 never-ending
  relays at small N.  No never-ending relay occurred in perft(4) at N = 40
  (1,342,294 move simulations) nor in 50 random games at N = 40.

COMMAND LINE
  perft D [--holes N]       lines "d count" for d = 1..D (legal move
                            sequences of length d from the start; a finished
                            game has no moves).
  random G SEED [--holes N] G random games; moves uniform among legal moves
                            via random.Random(SEED) shared across the games
                            (rng.choice on the legal holes in increasing hole
                            order).  Each line: "moves | c1,...,c2N | winner".
                            The board is printed after the end-of-game
                            collection (hence all zeros for a finished game).
                            A game stopped at 5000 moves (turns) reports
                            winner "none" and the board as it is.  Final
                            seed totals are written to stderr ("# ..." lines).
  selftest                  hand-worked positions.
"""

import random
import sys
import time


def simulate(board, player, start, n):
    """Play the move lifting hole index `start` (0-based) for `player`
    (0 = South, 1 = North).  Returns (new_board, captured) or None if the
    relay never terminates.  `board` is not modified."""
    L = 2 * n
    b = list(board)
    pos = start
    # Brent cycle detection on (board, pos) before each lift.
    snap_b = None
    snap_pos = -1
    power = 1
    lam = 0
    while True:
        if pos == snap_pos and b == snap_b:
            return None  # never-ending relay
        lam += 1
        if lam == power:
            snap_b = list(b)
            snap_pos = pos
            power <<= 1
            lam = 0
        k = b[pos]
        b[pos] = 0
        full, rem = divmod(k, L)
        if full:
            b = [x + full for x in b]
        i = pos + 1
        for _ in range(rem):
            if i == L:
                i = 0
            b[i] += 1
            i += 1
        last = (pos + k) % L
        if b[last] > 1:
            pos = last  # relay
            continue
        # last seed in a hole that was empty
        captured = 0
        own = (last < n) if player == 0 else (last >= n)
        if own:
            opp = L - 1 - last
            if b[opp] > 0:
                captured = b[opp] + 1
                b[opp] = 0
                b[last] = 0
        return b, captured


def legal_moves(board, player, n):
    """List of (hole_number, new_board, captured), increasing hole number."""
    res = []
    lo = 0 if player == 0 else n
    for idx in range(lo, lo + n):
        if board[idx] > 0:
            r = simulate(board, player, idx, n)
            if r is not None:
                res.append((idx + 1, r[0], r[1]))
    return res


def count_legal(board, player, n):
    c = 0
    lo = 0 if player == 0 else n
    for idx in range(lo, lo + n):
        if board[idx] > 0 and simulate(board, player, idx, n) is not None:
            c += 1
    return c


def start_board(n):
    return [4] * (2 * n)


def perft(depth, n):
    counts = [0] * (depth + 1)

    def rec(board, player, d):
        if d == depth:
            counts[d] += count_legal(board, player, n)
            return
        moves = legal_moves(board, player, n)
        counts[d] += len(moves)
        for _, nb, _ in moves:
            rec(nb, 1 - player, d + 1)

    if depth >= 1:
        rec(start_board(n), 0, 1)
    return counts[1:]


def finish(board, scores, player_to_move):
    """Game over with `player_to_move` unable to move: remaining seeds go to
    the other player; board becomes empty."""
    scores = list(scores)
    scores[1 - player_to_move] += sum(board)
    return [0] * len(board), scores


def winner_of(scores):
    if scores[0] > scores[1]:
        return "south"
    if scores[1] > scores[0]:
        return "north"
    return "draw"


def play_random(n, rng, max_moves=5000):
    board = start_board(n)
    scores = [0, 0]
    player = 0
    moves = []
    while True:
        legal = legal_moves(board, player, n)
        if not legal:
            board, scores = finish(board, scores, player)
            return moves, board, winner_of(scores), scores
        if len(moves) >= max_moves:
            return moves, board, "none", scores
        h, nb, cap = rng.choice(legal)
        moves.append(h)
        board = nb
        scores[player] += cap
        player = 1 - player


# --------------------------------------------------------------------------
# Self-test (N = 4 unless stated: South 1..4, North 5..8, faces 1-8 2-7 3-6 4-5)

def _mv(board, player, hole, n):
    r = simulate(board, player, hole - 1, n)
    return r


def selftest():
    n = 4
    # 1. simple sowing, landing in empty own hole whose facing hole is empty
    #    South plays 1 (2 seeds): holes 2,3 get one each; 3 faces 6 (empty).
    r = _mv([2, 0, 0, 0, 1, 0, 1, 1], 0, 1, n)
    assert r == ([0, 1, 1, 0, 1, 0, 1, 1], 0), r
    # 2. pure relay ending on the opponent's side without capture
    #    South plays 2 (1 seed) -> 3 holds 2 -> relay: 4,5 -> 5 was empty
    #    (North side) -> stop.
    r = _mv([0, 1, 1, 0, 0, 0, 0, 0], 0, 2, n)
    assert r == ([0, 0, 0, 1, 1, 0, 0, 0], 0), r
    # 3. relay chain ending in a capture
    #    South plays 1: 2 ->3 seeds, relay 3,4,5 -> 5 has 2, relay 6,7 ->
    #    7 has 2, relay 8,1 -> 1 (emptied) gets 1, faces 8 (2 seeds):
    #    capture 2 + 1 = 3.
    r = _mv([1, 2, 0, 0, 1, 1, 1, 1], 0, 1, n)
    assert r == ([0, 0, 1, 1, 0, 2, 0, 0], 3), r
    # 4. no capture on the opponent's side: South plays 4 (2 seeds) ->
    #    5 and 6; 6 was empty, faces 3 (1 seed) but 6 is North's.
    r = _mv([0, 0, 1, 2, 0, 0, 1, 1], 0, 4, n)
    assert r == ([0, 0, 1, 0, 1, 1, 1, 1], 0), r
    # 4b. same for North: North plays 8 (1 seed) -> hole 1 (South's, empty,
    #     faces 8): no capture for North.
    r = _mv([0, 0, 0, 0, 0, 0, 0, 1], 1, 8, n)
    assert r == ([1, 0, 0, 0, 0, 0, 0, 0], 0), r
    # 4c. North capture: North plays 5 (1 seed) -> 6 (empty), faces 3 (2).
    r = _mv([0, 0, 2, 0, 1, 0, 0, 0], 1, 5, n)
    assert r == ([0, 0, 0, 0, 0, 0, 0, 0], 3), r
    # 5. full lap includes the origin hole: South plays 1 with 9 seeds:
    #    every hole +1 (origin too), then 2 -> 2 has 2, relay 3,4 -> relay
    #    5,6 -> relay 7,8 -> relay 1,2 -> 2 (emptied) gets 1, faces 7 (2):
    #    capture 3.
    r = _mv([9, 0, 0, 0, 0, 0, 0, 0], 0, 1, n)
    assert r == ([2, 0, 2, 0, 2, 0, 0, 0], 3), r
    # 6. facing hole empty: no capture, landing seed stays.
    r = _mv([0, 1, 0, 0, 1, 0, 1, 1], 0, 2, n)
    assert r == ([0, 0, 1, 0, 1, 0, 1, 1], 0), r
    # 7. game end: South plays 2 -> 3 (empty), faces 6 (1): captures 2.
    #    North to move has no seeds: game over, the remaining seed (hole 4)
    #    goes to South (the other player); board empty; South 3 : North 0.
    b = [0, 1, 0, 1, 0, 1, 0, 0]
    lm = legal_moves(b, 0, n)
    assert [m[0] for m in lm] == [2, 4], lm
    r = _mv(b, 0, 2, n)
    assert r == ([0, 0, 0, 1, 0, 0, 0, 0], 2), r
    assert legal_moves(r[0], 1, n) == []
    fb, sc = finish(r[0], [2, 0], 1)
    assert fb == [0] * 8 and sc == [3, 0] and winner_of(sc) == "south"
    # 8. tiny board (N = 1, L = 2): South plays 1 with 2 seeds: hole 2 gets
    #    one (now 2), the origin hole 1 gets the last (it was emptied -> 1),
    #    own side, faces hole 2 (2 seeds): capture 3.
    r = _mv([2, 1], 0, 1, 1)
    assert r == ([0, 0], 3), r
    # 8b. a never-ending relay (N = 2, L = 4, found by search, first laps
    #    worked by hand): [3,2,0,4], South plays 2: 3,4 -> 4 has 5, relay
    #    (full lap +1 everywhere, then 1) -> [5,1,2,1], relay from 1 ->
    #    [1,3,3,2], relay from 2 -> [2,0,4,3], relay from 1 -> [0,1,5,3], ...
    #    It never ends: the move is illegal.  Cross-checked with a naive
    #    seed-by-seed sower capped at 1,000,000 seeds.
    b, pl, h, nn = _LOOP_CASE
    assert simulate(b, pl, h - 1, nn) is None
    assert _naive_sow_ends(b, h - 1, nn, 1000000) is False
    assert h not in [m[0] for m in legal_moves(b, pl, nn)]
    assert [m[0] for m in legal_moves(b, pl, nn)] == [1]
    # 9. start position: every hole is a legal first move.
    assert len(legal_moves(start_board(40), 0, 40)) == 40
    assert perft(1, 4) == [4]
    # 10. seed conservation on random games
    rng = random.Random(1)
    for nn in (3, 4, 5, 40):
        for _ in range(5):
            mv, fb, w, sc = play_random(nn, rng)
            assert sum(fb) + sum(sc) == 8 * nn
            if w != "none":
                assert sum(fb) == 0
    print("selftest OK")


# Position with a never-ending relay move: (board, player, hole, N).
_LOOP_CASE = ([3, 2, 0, 4], 0, 2, 2)


def _naive_sow_ends(board, start, n, cap):
    """Seed-by-seed relay sowing without cycle detection; True if the relay
    ends within `cap` seeds sown, False otherwise."""
    L = 2 * n
    b = list(board)
    pos = start
    sown = 0
    while sown < cap:
        hand = b[pos]
        b[pos] = 0
        i = pos
        while hand:
            i = (i + 1) % L
            b[i] += 1
            hand -= 1
            sown += 1
        if b[i] == 1:
            return True
        pos = i
    return False


def _find_loop_case():
    """Search small boards for a move that never terminates."""
    rng = random.Random(12345)
    for nn in (2, 3, 4):
        L = 2 * nn
        for _ in range(200000):
            b = [rng.randint(0, 6) for _ in range(L)]
            for idx in range(nn):
                if b[idx] > 0 and simulate(b, 0, idx, nn) is None:
                    return (b, 0, idx + 1, nn)
    return None


def main(argv):
    args = list(argv)
    n = 40
    if "--holes" in args:
        i = args.index("--holes")
        n = int(args[i + 1])
        del args[i:i + 2]
    if not args:
        print(__doc__)
        return 2
    cmd = args[0]
    if cmd == "perft":
        depth = int(args[1])
        t = time.time()
        res = perft(depth, n)
        for d, c in enumerate(res, 1):
            print(d, c)
        print("# N=%d time %.2fs" % (n, time.time() - t), file=sys.stderr)
    elif cmd == "random":
        g = int(args[1])
        seed = int(args[2])
        rng = random.Random(seed)
        t = time.time()
        for _ in range(g):
            mv, fb, w, sc = play_random(n, rng)
            print("%s | %s | %s" % (" ".join(map(str, mv)),
                                     ",".join(map(str, fb)), w))
            print("# seeds captured: south %d north %d, %d moves"
                  % (sc[0], sc[1], len(mv)), file=sys.stderr)
        print("# N=%d time %.2fs" % (n, time.time() - t), file=sys.stderr)
    elif cmd == "selftest":
        selftest()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Independent reference implementation of Lontu-Holo (two-row sowing game).

Written from the rules text of the cross-check brief alone (no variant file,
no interpreter source, no test position read).

BOARD
  Twelve holes 1..12: 1..6 South's near row left to right (columns 1..6),
  7..12 the far row right to left (hole h >= 7 is in column 13 - h).  Four
  seeds in each hole; no stores, seeds never leave the board.  Boards are
  lists of length 13, index = hole number, index 0 unused.

OWNERSHIP AND CIRCUITS
  default ("right"): South owns 4..9 and sows 4,5,6,7,8,9,4..; North owns
  10,11,12,1,2,3 and sows in that order.  --left: the other way round.

DECISIONS
  `H`: lift all seeds of one of the mover's non-empty holes and sow them one
  per hole along his circuit from the next hole on, passing over the lifted
  hole (--no-pass: it receives seeds like any other).  If the last hole now
  holds exactly 4, the mover takes the 4 into his hand (the hole is left
  empty) and the phase becomes "put": `put:H` puts all 4 into one opponent
  hole holding more than one seed, or if there is none, one holding exactly
  one.  (If the opponent had no seeds at all the 4 would stay in the hole
  and the move would be complete; this cannot happen.)

END
  After a complete move, if the mover's holes are all empty he wins.  Else
  the position where the next decision is due (12 counts, player, phase) is
  counted, starting with the initial position; its 3rd occurrence is a draw.
  No legal decision is a draw (cannot happen).

READINGS CHOSEN WHERE THE BRIEF IS SILENT
  * During the put phase the four seeds are in the mover's hand: the board
    shows the last hole emptied (this is what a game stopped by the cap in
    the put phase prints, and what the repetition count keys on).
  * A put with a single choice is still a decision of its own (in
    `random` and `moves`); `perft` counts a sowing with the put that
    completes it as one move, as the program's perft does.
  * Tokens are listed in ascending numeric order; `random` picks with
    rng.choice from that list.  End conditions are tested before the cap,
    so a game that ends on its 3000th decision reports its result.
"""
import random
import sys

SOUTH, NORTH = 0, 1
PNAME = ("south", "north")
MOVE, PUT = 0, 1
CAP = 3000


class Game:
    def __init__(self, left=False, no_pass=False):
        right_side = [4, 5, 6, 7, 8, 9]
        left_side = [10, 11, 12, 1, 2, 3]
        if left:
            self.circuit = (left_side, right_side)
        else:
            self.circuit = (right_side, left_side)
        self.no_pass = no_pass
        self.owned = tuple(sorted(c) for c in self.circuit)
        self.nxt = [[0] * 13, [0] * 13]
        for p in (SOUTH, NORTH):
            c = self.circuit[p]
            for i, h in enumerate(c):
                self.nxt[p][h] = c[(i + 1) % len(c)]

    # state: (board tuple of 13, player to move, phase)
    def start(self):
        return (tuple([0] + [4] * 12), SOUTH, MOVE)

    def legal(self, state):
        """List of (token, next_state, won) where won says the mover won."""
        b, p, ph = state
        out = []
        if ph == MOVE:
            for h in self.owned[p]:
                if b[h] > 0:
                    out.append((str(h),) + self.sow(b, p, h))
        else:
            opp = self.owned[1 - p]
            targets = [h for h in opp if b[h] > 1]
            if not targets:
                targets = [h for h in opp if b[h] == 1]
            for h in targets:
                nb = list(b)
                nb[h] += 4
                out.append(("put:%d" % h,) + self.finish(nb, p))
        return out

    def sow(self, b, p, h):
        nb = list(b)
        n = nb[h]
        nb[h] = 0
        pos = h
        nx = self.nxt[p]
        while n:
            pos = nx[pos]
            if pos == h and not self.no_pass:
                continue
            nb[pos] += 1
            n -= 1
        if nb[pos] == 4:
            opp = self.owned[1 - p]
            if any(nb[x] > 0 for x in opp):
                nb[pos] = 0
                return (tuple(nb), p, PUT), False
        return self.finish(nb, p)

    def finish(self, nb, p):
        """The move of p is complete on board nb."""
        won = all(nb[x] == 0 for x in self.owned[p])
        return (tuple(nb), 1 - p, MOVE), won

    # ------------------------------------------------------------------
    def perft(self, depth, state=None):
        counts = [0] * (depth + 1)
        seen = {}
        state = state or self.start()

        def turns(st):
            # a sowing and the put that completes it are one move, as the
            # program's perft counts them (a move for each hole it may go into)
            for tok, ns, won in self.legal(st):
                if ns[2] == PUT and not won:
                    for tok2, ns2, won2 in self.legal(ns):
                        yield tok + " " + tok2, ns2, won2
                else:
                    yield tok, ns, won

        def rec(st, d):
            counts[d] += 1
            if d == depth:
                return
            for _, ns, won in turns(st):
                if won:
                    counts[d + 1] += 1
                    continue
                k = seen.get(ns, 0) + 1
                if k >= 3:              # third occurrence: a draw, a leaf
                    counts[d + 1] += 1
                    continue
                seen[ns] = k
                rec(ns, d + 1)
                seen[ns] = k - 1

        seen[state] = 1
        rec(state, 0)
        return counts

    def random_game(self, rng, state=None):
        st = state or self.start()
        seen = {st: 1}
        toks = []
        winner = None
        while True:
            lg = self.legal(st)
            if not lg:
                winner = "draw"
                break
            if len(toks) >= CAP:
                winner = "none"
                break
            tok, ns, won = rng.choice(lg)
            toks.append(tok)
            if won:
                winner = PNAME[st[1]]
                st = ns
                break
            st = ns
            seen[st] = seen.get(st, 0) + 1
            if seen[st] >= 3:
                winner = "draw"
                break
        return toks, st, winner


def parse_pos(s):
    """"c1,...,c12;south|north[;put]" -> state (the put phase: 4 in hand)."""
    parts = [x.strip() for x in s.split(";")]
    vals = [int(x) for x in parts[0].split(",")]
    if len(vals) != 12:
        raise SystemExit("position needs 12 counts, got %d" % len(vals))
    p = {"south": SOUTH, "s": SOUTH, "north": NORTH, "n": NORTH}[parts[1].lower()]
    ph = PUT if len(parts) > 2 and parts[2].lower() == "put" else MOVE
    return (tuple([0] + vals), p, ph)


def show(st):
    return "%s %s %s" % (",".join(map(str, st[0][1:])), PNAME[st[1]],
                         ("move", "put")[st[2]])


def main(argv):
    import argparse
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("perft", "random", "moves"):
        a = sub.add_parser(name)
        if name == "perft":
            a.add_argument("depth", type=int)
        if name == "random":
            a.add_argument("games", type=int)
            a.add_argument("seed", type=int)
        if name != "random":
            a.add_argument("--pos")
        if name == "moves":
            a.add_argument("tokens", nargs="*")
        a.add_argument("--left", action="store_true")
        a.add_argument("--no-pass", dest="no_pass", action="store_true")
    args = ap.parse_args(argv)
    g = Game(args.left, args.no_pass)
    if args.cmd == "perft":
        st = parse_pos(args.pos) if args.pos else None
        counts = g.perft(args.depth, st)
        for d in range(1, args.depth + 1):
            print(d, counts[d])
    elif args.cmd == "random":
        rng = random.Random(args.seed)
        for _ in range(args.games):
            toks, st, w = g.random_game(rng)
            print("%s | %s | %s" % (" ".join(toks), ",".join(map(str, st[0][1:])), w))
    else:   # moves [--pos P] [TOKENS...]: play tokens, then list the options
        st = parse_pos(args.pos) if args.pos else g.start()
        for t in args.tokens:
            m = {tok: (ns, won) for tok, ns, won in g.legal(st)}
            if t not in m:
                raise SystemExit("illegal %s at %s" % (t, show(st)))
            st, won = m[t]
            if won:
                print("winner", PNAME[1 - st[1]], show(st))
                return
        print("position", show(st))
        for tok, ns, won in g.legal(st):
            print(tok, show(ns), "WIN" if won else "")


if __name__ == "__main__":
    main(sys.argv[1:])

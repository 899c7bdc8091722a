#!/usr/bin/env python3
"""Checks that the man page, docs/mancala.1, documents the commands and
flags the program has, and no others.

    python3 tests/docs_manpage.py [--bin build/mancala] [--man docs/mancala.1]

The program's side: the commands of the table in interpreter/cli/args.c,
and for each command the usage lines of `mancala COMMAND --help` (a flag
followed by an upper-case word, `--rows N`, takes a value). The man page's
side: its SYNOPSIS (one form per `.br`), its COMMANDS entries (`.TP`
entries; those inside `.RS`/`.RE` belong to the entry around them) and its
OPTIONS entries (a flag's `.TP` entry, with the commands that take it in
parentheses at the start of its text, as in "(play, match)").

It checks that
- every command of the table has a SYNOPSIS form and a COMMANDS entry, and
  every command the man page names is one the program runs;
- each usage line of `--help` has a SYNOPSIS form with the same flags,
  each taking a value or not as there (`play --load` and `bench --all` are
  forms of their own), and the man page has no form `--help` lacks;
- every flag a command takes is described in its COMMANDS entry or in an
  OPTIONS entry for it;
- an OPTIONS entry that names commands names exactly those that take the
  flag (as `--help` has it; `--search WORD` and `--search` are two flags);
- the program itself accepts every flag the SYNOPSIS gives a command
  (`mancala COMMAND --flag=x`: not "does not take" nor "unknown flag", and
  "takes no value" only for a flag without a value).
Prints each disagreement and a closing line; exits 1 if there is any.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAG = re.compile(r'--[a-z][a-z-]*')


def run(args):
    env = dict(os.environ, NO_COLOR='1', TERM='dumb', LC_ALL='C')
    p = subprocess.run(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=10)
    return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')


def table_commands():
    """The command names of args.c's table, in order."""
    with open(os.path.join(ROOT, 'interpreter', 'cli', 'args.c'), encoding='utf-8') as f:
        text = f.read()
    body = text[text.index('commands[] = {'):]
    body = body[:body.index('\n};')]
    return re.findall(r'^\s*\{ "([a-z]+)", F_', body, re.M)


def form_flags(tokens):
    """The flags of a usage form (a list of words) and whether each takes
    a value: the word after it begins with an upper-case letter."""
    out = {}
    for i, t in enumerate(tokens):
        m = FLAG.fullmatch(t.strip('[]|'))
        if m:
            nxt = tokens[i + 1] if i + 1 < len(tokens) and not t.endswith(']') else ''
            out[m.group(0)] = bool(re.match(r'[A-Z]', nxt))
    return out


def form_key(cmd, tokens):
    """A form's name: the command, and its first flag where the form
    begins with one (`bench --all`)."""
    rest = tokens[tokens.index(cmd) + 1:] if cmd in tokens else []
    return cmd + (' ' + rest[0] if rest and FLAG.fullmatch(rest[0]) else '')


def help_forms(binary, cmd):
    """The usage forms of `mancala CMD --help`: {key: {flag: value}}."""
    rc, out, err = run([binary, cmd, '--help'])
    if rc != 0:
        raise RuntimeError('mancala %s --help: exit status %d: %s' % (cmd, rc, err.strip()))
    forms = {}
    lines = out.split('\n')
    for i, line in enumerate(lines):
        m = re.match(r'^(?:usage: |\s+)mancala (%s\b.*)$' % cmd, line)
        if m:
            text = m.group(1)
            # a form too long for one line goes on, indented, on the next
            # ones (lines of flags in brackets)
            for more in lines[i + 1:]:
                if not re.match(r'^\s+\[', more):
                    break
                text += ' ' + more.strip()
            tokens = text.split()
            forms[form_key(cmd, tokens)] = form_flags(tokens)
    return forms


def roff_text(line):
    """A man page line as plain text: its macro, quotes and font escapes
    gone, `\\-` a hyphen."""
    line = re.sub(r'^\.(?:BR|RB|BI|IB|IR|RI|SM|B|I)(?:\s|$)', '', line)
    line = line.replace('\\-', '-').replace('\\(dq', '"').replace('\\(lq', '"').replace('\\(rq', '"')
    line = re.sub(r'\\f[BIRP]', '', line)
    return line.replace('"', '')


def parse_man(path):
    """The man page's sections: {name: [lines]}."""
    sections, cur = {}, None
    with open(path, encoding='utf-8') as f:
        for line in f.read().split('\n'):
            if line.startswith('.SH '):
                cur = line[4:].strip().strip('"')
                sections[cur] = []
            elif cur:
                sections[cur].append(line)
    return sections


def synopsis_forms(lines):
    """The SYNOPSIS forms: [(key, tokens, flags)]."""
    forms, cur = [], []
    for line in lines + ['.br']:
        if line.strip() == '.br':
            if cur:
                tokens = ' '.join(cur).split()
                cmd = tokens[1] if len(tokens) > 1 and tokens[0] == 'mancala' else '?'
                forms.append((form_key(cmd, tokens), tokens, form_flags(tokens)))
            cur = []
        else:
            cur.append(roff_text(line))
    return forms


def entries(lines):
    """The `.TP` entries of a section at its outer level: [(tag, text)]."""
    out, depth, i = [], 0, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith('.RS'):
            depth += 1
        elif line.startswith('.RE'):
            depth -= 1
        elif line.strip() == '.TP' and depth == 0 and i + 1 < len(lines):
            out.append([roff_text(lines[i + 1]), []])
            i += 2
            continue
        if out:
            out[-1][1].append(roff_text(line))
        i += 1
    return [(tag, ' '.join(text)) for tag, text in out]


def check(binary, man):
    problems = []
    commands = table_commands()
    if len(commands) < 5:
        return ['args.c: found only %d commands in its table' % len(commands)]
    helps = {c: help_forms(binary, c) for c in commands}
    # flag -> value -> set of commands
    takes = {}
    for c, forms in helps.items():
        if not forms:
            problems.append('mancala %s --help: no usage line' % c)
        for flags in forms.values():
            for f, v in flags.items():
                takes.setdefault((f, v), set()).add(c)
    sections = parse_man(man)
    for name in ('SYNOPSIS', 'COMMANDS', 'OPTIONS'):
        if name not in sections:
            return ['%s: no section %s' % (man, name)]
    synopsis = synopsis_forms(sections['SYNOPSIS'])
    named = {key.split()[0] for key, _, _ in synopsis}
    cmd_entries = {}
    for tag, text in entries(sections['COMMANDS']):
        cmd_entries.setdefault(tag.split()[0].rstrip(','), []).append(tag + ' ' + text)

    # the commands
    for c in commands:
        if c not in named:
            problems.append('%s: SYNOPSIS has no form of command %s' % (man, c))
        if c not in cmd_entries:
            problems.append('%s: COMMANDS has no entry for %s' % (man, c))
    for c in sorted((named | set(cmd_entries)) - set(commands)):
        if c in ('?', 'COMMAND'):
            continue
        rc, _, err = run([binary, c])
        if rc != 0:
            problems.append('%s: documents command %s, which the program refuses: %s' % (man, c, err.strip()))

    # the forms of SYNOPSIS against the usage lines of --help
    man_forms = {key: flags for key, _, flags in synopsis if key.split()[0] in commands}
    for c in commands:
        for key, flags in helps[c].items():
            if key not in man_forms:
                problems.append('%s: SYNOPSIS has no form "mancala %s" (mancala %s --help has it)' % (man, key, c))
                continue
            mine = man_forms[key]
            for f in sorted(set(flags) - set(mine)):
                problems.append('%s: SYNOPSIS of "mancala %s" lacks %s' % (man, key, f))
            for f in sorted(set(mine) - set(flags)):
                problems.append('%s: SYNOPSIS of "mancala %s" has %s, which mancala %s --help does not list'
                                % (man, key, f, c))
            for f in sorted(set(mine) & set(flags)):
                if mine[f] != flags[f]:
                    problems.append('%s: SYNOPSIS of "mancala %s": %s %s a value, but --help says it %s'
                                    % (man, key, f, 'takes' if mine[f] else 'takes no',
                                       'does' if flags[f] else 'does not'))
    for key in sorted(man_forms):
        c = key.split()[0]
        if key not in helps[c]:
            problems.append('%s: SYNOPSIS has a form "mancala %s" that mancala %s --help does not'
                            % (man, key, c))

    # the OPTIONS entries and who takes each flag
    opt_for = {}   # (flag, value) -> set of commands its entries name, or None (all)
    for tag, text in entries(sections['OPTIONS']):
        tokens = tag.split()
        tag_flags = form_flags(tokens)
        if not tag_flags:
            continue
        m = re.match(r'\s*\(([a-z ,]+)\)', text)
        listed = {w.strip() for w in m.group(1).split(',')} if m else None
        for f, v in tag_flags.items():
            if f == '-o':
                continue
            who = takes.get((f, v), set())
            if not who:
                problems.append('%s: OPTIONS has %s%s, which no command takes' % (man, f, ' VALUE' if v else ''))
                continue
            if listed is not None:
                for c in sorted(listed - who):
                    problems.append('%s: OPTIONS says %s takes %s%s; it does not'
                                    % (man, c, f, ' VALUE' if v else ''))
                for c in sorted(who - listed):
                    problems.append('%s: OPTIONS entry of %s%s does not name %s, which takes it'
                                    % (man, f, ' VALUE' if v else '', c))
                opt_for.setdefault((f, v), set()).update(listed)
            else:
                opt_for[(f, v)] = set(commands)
    for (f, v), who in sorted(takes.items()):
        for c in sorted(who):
            in_entry = any(re.search(re.escape(f) + r'(?![a-z-])', t) for t in cmd_entries.get(c, []))
            if not in_entry and c not in opt_for.get((f, v), set()):
                problems.append('%s: %s %s is described neither in the COMMANDS entry of %s nor in OPTIONS'
                                % (man, c, f, c))

    # the program accepts what SYNOPSIS gives each command
    for key, flags in man_forms.items():
        c = key.split()[0]
        for f, v in flags.items():
            _, _, err = run([binary, c, f + '=x'])
            if 'does not take' in err or 'unknown flag' in err:
                problems.append('%s: SYNOPSIS gives %s %s, which the program refuses: %s'
                                % (man, c, f, err.strip().split('\n')[0]))
            elif ('takes no value' in err) == v:
                problems.append('%s: SYNOPSIS of %s: %s %s a value, the program disagrees'
                                % (man, c, f, 'takes' if v else 'takes no'))
    return problems


def main():
    ap = argparse.ArgumentParser(description='check the man page against mancala COMMAND --help')
    ap.add_argument('--bin', default=os.path.join(ROOT, 'build', 'mancala'))
    ap.add_argument('--man', default=os.path.join(ROOT, 'docs', 'mancala.1'))
    a = ap.parse_args()
    problems = check(os.path.abspath(a.bin), a.man)
    for p in problems:
        print(p)
    ncmd = len(table_commands())
    print('%d commands, %d problems' % (ncmd, len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

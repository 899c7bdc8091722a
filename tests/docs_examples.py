#!/usr/bin/env python3
"""Runs the command examples of README.md and docs/*.md and compares their
output with what the documents show (in the manner of cram).

    python3 tests/docs_examples.py [--bin build/mancala] [-v] [FILE.md...]

An example is a line `$ COMMAND` inside a code block (fenced with ``` or
~~~, or indented by four spaces), and the lines after it, up to the next
`$ ` line or the end of the block, are its expected output (standard output
and standard error together, as they come). A block without a `$ ` line is
not an example. Each command runs with `sh -c`:

- in a scratch directory, one per document, shared by its blocks in order
  (a file one block writes, the next can read); it holds a symbolic link to
  every top-level entry of the repository (`variants/`, `examples/`, ...),
  and `build` links to the build directory, so the commands see the
  repository root but what they write stays out of the tree;
- with `mancala` the built binary (its directory first on PATH), standard
  input /dev/null, NO_COLOR=1, TERM=dumb, LC_ALL=C, HOME the scratch
  directory, COLUMNS and LINES unset;
- with `$?` the exit status of the document's previous command (so that
  `$ echo $?` shows it), and a limit of 30 seconds.

Comparison is line by line, trailing spaces and trailing blank lines
ignored. In the expected output:

- a line `...` alone stands for any number of lines (none included): the
  rest of a long output, or a part of it not worth showing;
- `...` inside a line stands for any text within that line, where the line
  does not match as written (`{"variant":"kalah","board":[...],...}`);
- a line ending in ` (re)` is a Python regular expression that must match
  the whole line (`games/s: [0-9.]+ (re)`): timings, rates, versions.

An HTML comment line `<!-- docs-test: ... -->` (invisible once rendered)
says something of the next code block; several may precede it, in order:

- `skip REASON`: the block is not run (an interactive session, a command
  that needs an installed library); counted and reported as skipped;
- `file NAME...`: the block is the text of file NAME, written into the
  scratch directory; or, if the block has examples, each NAME is written
  first from what the block's `$ cat NAME` shows;
- `append NAME`: the block is added to the end of file NAME;
- `setup COMMAND`: COMMAND (sh) runs in the scratch directory first; it
  must succeed;
- `keyboard`: the block is a session at the keyboard: its examples show
  what a person typed after each prompt (`South to move> 3`, `game over>
  quit`). The typed words become the command's standard input, a line
  each, and since a pipe is not a terminal and does not echo them, the
  expected output is compared with each prompt's typed words taken out
  and the prompt joined to the line after it (which is how the output
  reads without the echo: `South to move> ` and the board's first line).
  A last prompt with nothing typed is where the input ends.

A block with examples and no `skip` is always run, so none is silently
left out. Prints one line per failing example with a diff, and a closing
line "N examples passed, M skipped (in K blocks)"; exits 1 if an example's
output differs or a marker is wrong.
"""
import argparse
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 30
MARKER = re.compile(r'^\s*<!--\s*docs-test:\s*(\w+)\s*(.*?)\s*-->\s*$')
FENCE = re.compile(r'^(\s*)(```+|~~~+)(.*)$')


class Block:
    """A code block: its lines (unindented), the line number of its first
    line in the document, and the markers before it."""

    def __init__(self, lines, first, markers):
        self.lines = lines
        self.first = first
        self.markers = markers

    def has_examples(self):
        return any(line.startswith('$ ') for line in self.lines)


def parse(path):
    """The code blocks of a Markdown file, with their markers; raises
    ValueError on a marker that precedes no code block."""
    with open(path, encoding='utf-8') as f:
        text = f.read().split('\n')
    blocks, markers, i, prev_blank = [], [], 0, True
    while i < len(text):
        line = text[i]
        m = MARKER.match(line)
        if m:
            if m.group(1) not in ('skip', 'file', 'append', 'setup', 'keyboard'):
                raise ValueError('%s:%d: unknown docs-test marker %r' % (path, i + 1, m.group(1)))
            markers.append((m.group(1), m.group(2), i + 1))
            i += 1
            prev_blank = False
            continue
        f = FENCE.match(line)
        if f:
            indent, fence = len(f.group(1)), f.group(2)
            j = i + 1
            body = []
            while j < len(text) and not text[j].strip().startswith(fence[0] * len(fence)):
                body.append(text[j][indent:] if text[j][:indent].strip() == '' else text[j].lstrip())
                j += 1
            blocks.append(Block(body, i + 2, markers))
            markers, i, prev_blank = [], j + 1, False
            continue
        if prev_blank and line.startswith('    ') and line.strip():
            j = i
            body = []
            while j < len(text) and (text[j].startswith('    ') or not text[j].strip()):
                body.append(text[j][4:])
                j += 1
            while body and not body[-1].strip():
                body.pop()
            blocks.append(Block(body, i + 1, markers))
            markers, i, prev_blank = [], j, False
            continue
        if line.strip() and markers:
            raise ValueError('%s:%d: a docs-test marker must come right before a code block'
                             % (path, markers[-1][2]))
        prev_blank = not line.strip()
        i += 1
    if markers:
        raise ValueError('%s:%d: a docs-test marker at the end of the file' % (path, markers[-1][2]))
    return blocks


def examples(block, path):
    """The examples of a block: (line number, command, expected lines)."""
    out, cur = [], None
    for k, line in enumerate(block.lines):
        if line.startswith('$ '):
            cur = (block.first + k, line[2:], [])
            out.append(cur)
        elif cur is None:
            if line.strip():
                raise ValueError('%s:%d: output before the first command of the block' % (path, block.first + k))
        else:
            cur[2].append(line)
    return out


def line_matches(want, got):
    if want == got:
        return True
    if want.endswith(' (re)'):
        try:
            return re.fullmatch(want[:-5], got) is not None
        except re.error:
            return False
    if '...' in want:
        pattern = '.*'.join(re.escape(p) for p in want.split('...'))
        return re.fullmatch(pattern, got, re.S) is not None
    return False


def matches(want, got):
    """Whether the lines `got` match the expected lines `want`, where a
    line `...` stands for any number of lines."""
    memo = {}

    def go(i, j):
        if (i, j) in memo:
            return memo[i, j]
        if i == len(want):
            r = j == len(got)
        elif want[i] == '...':
            r = any(go(i + 1, k) for k in range(j, len(got) + 1))
        else:
            r = j < len(got) and line_matches(want[i], got[j]) and go(i + 1, j + 1)
        memo[i, j] = r
        return r

    return go(0, 0)


def self_check():
    """The comparison's own rules, checked before any example: each case
    must match or not as it says."""
    cases = [
        (['a', 'b'], ['a', 'b'], True), (['a', 'b'], ['a', 'c'], False), (['a'], ['a', 'b'], False),
        (['a', '...'], ['a', 'b', 'c'], True), (['a', '...'], ['a'], True), (['...', 'c'], ['a', 'b'], False),
        (['a', '...', 'd'], ['a', 'b', 'c', 'd'], True), (['x: ...,"y":2}'], ['x: {"z":1,"y":2}'], True),
        (['x: ...,"y":2}'], ['x: {"z":1,"y":3}'], False), (['n [0-9]+ (re)'], ['n 42'], True),
        (['n [0-9]+ (re)'], ['n 4x'], False), (['a.b'], ['axb'], False),
    ]
    for want, got, result in cases:
        if matches(want, got) != result:
            raise AssertionError('docs_examples: %r against %r should be %s' % (want, got, result))
    kb = [(['South to move> ?', ' Legal moves: 1 2', 'South to move> 3', '', 'board', 'South to move> quit'],
           ['?', '3', 'quit'], ['South to move>  Legal moves: 1 2', 'South to move>', 'board', 'South to move>']),
          (['North to move> ', 'North to move> 7', ' x'], ['', '7'], ['North to move> North to move>  x']),
          (['x', 'North to move> '], [], ['x', 'North to move>'])]
    for want, typed, out in kb:
        if keyboard(want) != (typed, out):
            raise AssertionError('docs_examples: keyboard(%r) is %r' % (want, keyboard(want)))


def trim(lines):
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


class Doc:
    """One document's run: its scratch directory and the status of its
    last command."""

    def __init__(self, path, build, bindir):
        self.path = path
        self.dir = tempfile.mkdtemp(prefix='docs-examples.')
        for entry in os.listdir(ROOT):
            if entry not in ('.git', 'build'):
                os.symlink(os.path.join(ROOT, entry), os.path.join(self.dir, entry))
        os.symlink(build, os.path.join(self.dir, 'build'))
        self.env = {k: v for k, v in os.environ.items() if k not in ('COLUMNS', 'LINES', 'MANCALA_VM')}
        self.env.update(NO_COLOR='1', TERM='dumb', LC_ALL='C', HOME=self.dir,
                        PATH=bindir + os.pathsep + os.environ.get('PATH', '/usr/bin:/bin'))
        self.status = 0

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run(self, command, typed=None):
        """Runs a command (its standard input the lines `typed`, else
        none); returns its output lines (None on a time-out)."""
        try:
            p = subprocess.run(['sh', '-c', '(exit %d); %s' % (self.status, command)], cwd=self.dir,
                               env=self.env, stdout=subprocess.PIPE,
                               input=''.join(t + '\n' for t in typed or []).encode(),
                               stderr=subprocess.STDOUT, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.status = 124
            return None
        self.status = p.returncode
        return p.stdout.decode('utf-8', 'replace').split('\n')

    def write(self, name, lines, mode='w'):
        target = os.path.join(self.dir, name)
        if os.path.islink(target):
            raise ValueError('file %s would write into the repository' % name)
        with open(target, mode, encoding='utf-8') as f:
            f.write('\n'.join(lines) + '\n')


PROMPT = re.compile(r'^((?:South|North) to move> |game over> )(.*)$')


def keyboard(want):
    """A session at the keyboard as a pipe sees it: the words typed after
    each prompt (its input, a line each) and the expected output without
    them, each prompt joined to the line after it (prompts with nothing
    printed between them run on one line)."""
    typed, out, prefix = [], [], None
    for k, line in enumerate(want):
        m = PROMPT.match(line)
        if m:
            if m.group(2) or k + 1 < len(want):   # (a last prompt left empty: the input ends there)
                typed.append(m.group(2))
            prefix = (prefix or '') + m.group(1)
            continue
        out.append(((prefix or '') + line).rstrip())
        prefix = None
    if prefix is not None:
        out.append(prefix.rstrip())
    return typed, out


def cat_output(exs, name):
    for _, command, want in exs:
        if command.split('#')[0].split() == ['cat', name]:
            return trim(want)
    return None


def run_block(doc, block, where, report):
    """Runs one block; returns (examples passed, examples skipped,
    failures)."""
    exs = examples(block, doc.path) if block.has_examples() else []
    if any(kind == 'skip' for kind, _, _ in block.markers):
        if not exs:
            raise ValueError('%s: skip before a block without examples' % where)
        reason = [arg for kind, arg, _ in block.markers if kind == 'skip'][0]
        if not reason:
            raise ValueError('%s: skip needs a reason' % where)
        report('SKIP %s (%d examples): %s' % (where, len(exs), reason))
        return 0, len(exs), 0
    for kind, arg, line in block.markers:
        if kind == 'setup':
            out = doc.run(arg)
            if doc.status != 0:
                raise ValueError('%s:%d: setup failed: %s' % (doc.path, line, '\n'.join(out or ['time-out'])))
        elif kind == 'append':
            if exs:
                raise ValueError('%s:%d: append before a block with examples' % (doc.path, line))
            doc.write(arg, block.lines, 'a')
        elif kind == 'file':
            for name in arg.split():
                if not exs:
                    doc.write(name, block.lines)
                    continue
                text = cat_output(exs, name)
                if text is None:
                    raise ValueError('%s:%d: file %s: the block has no `$ cat %s`' % (doc.path, line, name, name))
                doc.write(name, text)
    passed = failed = 0
    at_keyboard = any(kind == 'keyboard' for kind, _, _ in block.markers)
    for line, command, want in exs:
        typed = None
        if at_keyboard:
            typed, want = keyboard(trim(want))
        got = doc.run(command, typed)
        if got is None:
            failed += 1
            report('FAIL %s:%d: %s\n    timed out after %d s' % (doc.path, line, command, TIMEOUT))
            continue
        want, got = trim(want), trim(got)
        if matches(want, got):
            passed += 1
            continue
        failed += 1
        diff = difflib.unified_diff(want, got, 'expected', 'actual', lineterm='', n=2)
        report('FAIL %s:%d: %s\n%s' % (doc.path, line, command, '\n'.join('    ' + d for d in diff)))
    return passed, 0, failed


def main():
    ap = argparse.ArgumentParser(description='run the command examples of the documents')
    ap.add_argument('--bin', default=os.path.join(ROOT, 'build', 'mancala'))
    ap.add_argument('-v', '--verbose', action='store_true', help='list the skipped blocks')
    ap.add_argument('files', nargs='*')
    a = ap.parse_args()
    self_check()
    binary = os.path.abspath(a.bin)
    if not os.access(binary, os.X_OK):
        sys.exit('docs_examples: no program %s (make first)' % binary)
    bindir = tempfile.mkdtemp(prefix='docs-bin.')
    os.symlink(binary, os.path.join(bindir, 'mancala'))
    files = a.files or ['README.md'] + sorted(glob.glob(os.path.join('docs', '*.md')))
    passed = skipped = failed = nblocks = 0
    os.chdir(ROOT)
    try:
        for path in files:
            doc = Doc(path, os.path.dirname(binary), bindir)
            try:
                for block in parse(path):
                    if not block.has_examples() and not block.markers:
                        continue
                    nblocks += block.has_examples()
                    where = '%s:%d' % (path, block.first)
                    p, s, f = run_block(doc, block, where,
                                        lambda msg: print(msg) if a.verbose or msg.startswith('FAIL') else None)
                    passed, skipped, failed = passed + p, skipped + s, failed + f
            except ValueError as e:
                print('FAIL %s' % e)
                failed += 1
            finally:
                doc.close()
    finally:
        shutil.rmtree(bindir, ignore_errors=True)
    print('%d examples passed, %d failed, %d skipped (in %d blocks of %d files)'
          % (passed, failed, skipped, nblocks, len(files)))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())

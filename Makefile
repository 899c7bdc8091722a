# mancala: one non-recursive Makefile. Generated sources (bison, flex,
# embedded variants) go to build/, never into the tree.
#
#   interpreter/       libmancala: the language, the loader, the plan, the
#                      VM, positions, records, computer players
#   interpreter/cli/   the `mancala` command (main.c, list.c, play.c, match.c, bench.c)
#   include/           the public header, mancala.h
#   examples/          programs using only mancala.h (docs/library.md)

PREFIX  ?= /usr/local
LIBDIR  ?= $(PREFIX)/lib
CC      ?= cc
BUILD   ?= build
PKGS     = yaml-0.1 jansson zlib
# line editing in `play` where libedit is installed (make deps installs it)
EDIT     = $(shell pkg-config --exists libedit 2>/dev/null && echo libedit)
WARN     = -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wwrite-strings -Werror
CFLAGS  ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(CFLAGS) \
             -Iinclude -Iinterpreter -I$(BUILD) $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# the library's objects: position-independent (for the shared library),
# only the mc_* functions of mancala.h exported
LIB_CFLAGS = $(ALL_CFLAGS) -fPIC -fvisibility=hidden -DMC_BUILDING_LIBRARY
CLI_CFLAGS = $(ALL_CFLAGS) -Iinterpreter/cli $(if $(EDIT),-DHAVE_LIBEDIT $(shell pkg-config --cflags libedit)) \
             -DMANCALA_DATADIR='"$(PREFIX)/share/mancala"'
LIB_LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
LDLIBS   = $(LIB_LIBS) -pthread $(if $(EDIT),$(shell pkg-config --libs libedit))

VERSION  = $(shell sed -n 's/^\#define MANCALA_VERSION "\(.*\)"/\1/p' include/mancala.h)
SOMAJOR  = $(firstword $(subst ., ,$(VERSION)))

SRC     = $(wildcard interpreter/*.c)
OBJ     = $(SRC:interpreter/%.c=$(BUILD)/obj/%.o) \
          $(BUILD)/obj/expr.tab.o $(BUILD)/obj/expr.lex.o $(BUILD)/obj/builtin.o
CLI_SRC = $(wildcard interpreter/cli/*.c)
CLI_OBJ = $(CLI_SRC:interpreter/cli/%.c=$(BUILD)/obj/cli/%.o)
LIB     = $(BUILD)/libmancala.a
SOLIB   = $(BUILD)/libmancala.so.$(VERSION)
BIN     = $(BUILD)/mancala
VARIANTS = $(sort $(wildcard variants/*.yaml))

TESTS    = $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/test_*.c))
EXAMPLES = $(patsubst examples/%.c,$(BUILD)/examples/%,$(wildcard examples/*.c))

.PHONY: all test test-slow check-full check deps play install uninstall clean sanitize test-sanitize bench test-install examples catalogue mpi test-mpi

all: deps-check $(BIN) $(SOLIB)

# ---- dependencies -------------------------------------------------------
# `make test` and `make play` install what is missing on Debian when run as
# root; otherwise they stop with the exact command to run.
deps:
	@sh .ci/deps

deps-check:
	@sh .ci/deps --check-only

# ---- generated sources --------------------------------------------------
$(BUILD)/expr.tab.c $(BUILD)/expr.tab.h &: grammar/expr.y | $(BUILD)
	bison -Wall -Werror --defines=$(BUILD)/expr.tab.h -o $(BUILD)/expr.tab.c $<

$(BUILD)/expr.lex.c $(BUILD)/expr.lex.h &: grammar/expr.l | $(BUILD)
	flex --header-file=$(BUILD)/expr.lex.h -o $(BUILD)/expr.lex.c $<

$(BUILD)/embed: tools/embed.c | $(BUILD)
	$(CC) -std=c11 -O2 $(WARN) -o $@ $<

$(BUILD)/builtin.c: $(BUILD)/embed $(VARIANTS)
	$(BUILD)/embed $(VARIANTS) > $@.tmp && mv $@.tmp $@

# ---- objects ------------------------------------------------------------
$(BUILD)/obj/%.o: interpreter/%.c $(BUILD)/expr.tab.h $(BUILD)/expr.lex.h | $(BUILD)/obj
	$(CC) $(LIB_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/obj/cli/%.o: interpreter/cli/%.c $(BUILD)/expr.tab.h | $(BUILD)/obj/cli
	$(CC) $(CLI_CFLAGS) -MMD -MP -c -o $@ $<

# generated code: warnings kept, but not the ones bison/flex output trips
GEN_CFLAGS = $(filter-out -Wmissing-prototypes -Werror,$(LIB_CFLAGS)) -Wno-unused-function -Wno-sign-compare
$(BUILD)/obj/expr.tab.o: $(BUILD)/expr.tab.c $(BUILD)/expr.lex.h | $(BUILD)/obj
	$(CC) $(GEN_CFLAGS) -c -o $@ $<
$(BUILD)/obj/expr.lex.o: $(BUILD)/expr.lex.c $(BUILD)/expr.tab.h | $(BUILD)/obj
	$(CC) $(GEN_CFLAGS) -c -o $@ $<
$(BUILD)/obj/builtin.o: $(BUILD)/builtin.c | $(BUILD)/obj
	$(CC) $(LIB_CFLAGS) -c -o $@ $<

$(LIB): $(OBJ)
	rm -f $@ && ar rcs $@ $^

$(SOLIB): $(OBJ)
	$(CC) -shared -Wl,-soname,libmancala.so.$(SOMAJOR) -Wl,--no-undefined -o $@ $^ $(LIB_LIBS)

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD) $(BUILD)/obj $(BUILD)/obj/cli $(BUILD)/tests:
	mkdir -p $@

# ---- MPI: mancala-mpi, `solve --endgame` shared among processes ----------
# (Open MPI from Debian: libopenmpi-dev, openmpi-bin; `make mpi` installs
# them as `make deps` does). The command's main() is compiled under
# another name and called by interpreter/mpi/main.c.
MPICC   ?= mpicc
MPI_BIN  = $(BUILD)/mancala-mpi
mpi: deps
	@sh .ci/deps --mpi
	@$(MAKE) --no-print-directory $(MPI_BIN)

$(BUILD)/mpi:
	mkdir -p $@
$(BUILD)/mpi/climain.o: interpreter/cli/main.c $(BUILD)/expr.tab.h | $(BUILD)/mpi
	$(MPICC) $(CLI_CFLAGS) -Wno-missing-prototypes -Dmain=mancala_main -c -o $@ $<
$(BUILD)/mpi/main.o: interpreter/mpi/main.c interpreter/endgame.h interpreter/cli/cli.h | $(BUILD)/mpi
	$(MPICC) $(CLI_CFLAGS) -c -o $@ $<
$(MPI_BIN): $(BUILD)/mpi/main.o $(BUILD)/mpi/climain.o $(filter-out $(BUILD)/obj/cli/main.o,$(CLI_OBJ)) $(LIB)
	$(MPICC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

# mpirun -np 2 and 3 against one process: byte-identical databases
test-mpi: mpi
	@out=$$(sh tests/mpi.sh $(BUILD) 2>&1) && echo "PASS mpi.sh ($$(echo "$$out" | tail -1))" \
	  || { echo "FAIL mpi.sh"; echo "$$out" | tail -40; exit 1; }

# ---- tests --------------------------------------------------------------
$(BUILD)/tests/%: tests/%.c $(LIB) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(shell pkg-config --cflags cmocka) -o $@ $< $(LIB) $(LIB_LIBS) $(shell pkg-config --libs cmocka)

# the examples: the public header only (no -Iinterpreter), the static library
examples: $(EXAMPLES)
$(BUILD)/examples/%: examples/%.c include/mancala.h $(LIB)
	@mkdir -p $(@D)
	$(CC) -std=c11 $(WARN) $(CFLAGS) -Iinclude -o $@ $< $(LIB) $(LIB_LIBS)

test: deps
	@$(MAKE) --no-print-directory $(BIN) $(SOLIB) $(TESTS) $(EXAMPLES)
	@sh tests/run.sh $(BUILD)

# The slow legs (CI runs them after `make test`; `make check-full` is the
# same): games typed in through a terminal (tests/pty_scenario.sh, tmux),
# valgrind over every shipped variant, every game played to its end by
# every kind of player (tests/catalogue.sh), the legs `make test` runs
# smaller at full size (tests/full.sh), then the whole suite under the
# sanitizers with the fuzzers' regression inputs.
check-full: test-slow
test-slow:
	@sh .ci/deps --slow
	@$(MAKE) --no-print-directory $(BIN)
	@out=$$(sh tests/pty_scenario.sh $(BIN) 2>&1) && echo "PASS pty_scenario.sh ($$(echo "$$out" | tail -1))" \
	  || { echo "FAIL pty_scenario.sh"; echo "$$out" | tail -40; exit 1; }
	@if command -v valgrind >/dev/null 2>&1; then \
	  out=$$(sh tests/valgrind.sh $(BIN) 2>&1) && echo "PASS valgrind.sh, every variant ($$(echo "$$out" | tail -1))" \
	  || { echo "FAIL valgrind.sh"; echo "$$out" | tail -40; exit 1; }; \
	else echo "SKIP valgrind.sh (no valgrind)"; fi
	@out=$$(sh tests/catalogue.sh $(BIN) 2>&1) && echo "PASS catalogue.sh, every game ($$(echo "$$out" | tail -1))" \
	  || { echo "FAIL catalogue.sh"; echo "$$out" | tail -40; exit 1; }
	@$(MAKE) --no-print-directory $(TESTS)
	@sh tests/full.sh $(BUILD)
	@$(MAKE) --no-print-directory test-sanitize

# The whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer.
test-sanitize:
	@$(MAKE) --no-print-directory BUILD=build/asan \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	  build/asan/mancala $(TESTS:$(BUILD)/%=build/asan/%) $(EXAMPLES:$(BUILD)/%=build/asan/%)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 sh tests/run.sh build/asan
	@$(MAKE) --no-print-directory BUILD=build/asan \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	  $(FUZZ_TARGETS:%=build/asan/fuzz/regress_%)
	@fail=0; for t in $(FUZZ_TARGETS); do \
	  set -- tests/fuzz/$$t/*; [ -f "$$1" ] || continue; \
	  if ASAN_OPTIONS=detect_leaks=1 build/asan/fuzz/regress_$$t "$$@" >build/asan/fuzz/regress_$$t.log 2>&1; \
	  then echo "PASS fuzz regression $$t ($$# inputs)"; \
	  else echo "FAIL fuzz regression $$t: see build/asan/fuzz/regress_$$t.log"; fail=1; fi; \
	done; exit $$fail

# the fuzz targets as plain programs over files (fuzz/driver.c), for the
# regression inputs under the sanitizers: no clang needed
$(BUILD)/fuzz/regress_%: fuzz/fuzz_%.c fuzz/common.c fuzz/driver.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Ifuzz -o $@ fuzz/fuzz_$*.c fuzz/common.c fuzz/driver.c $(LIB) $(LIB_LIBS)

# docs/catalogue.md, made from the built-in games' files and their tests
# (tools/catalogue.py; make test fails when it is out of date)
catalogue: $(BIN)
	python3 tools/catalogue.py --bin $(BIN)

# benchmarks and long checks (never part of `make test`)
BENCH = $(BUILD)/bench/players $(BUILD)/bench/baseline $(BUILD)/bench/load
bench: $(BIN) $(BENCH)
$(BUILD)/bench/%: bench/%.c $(LIB)
	@mkdir -p $(BUILD)/bench
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(LIB_LIBS)

# the hand-written speed baseline (bench/compare): plain C, libc only, not
# linked with the library; this explicit rule wins over the pattern rule
$(BUILD)/bench/baseline: bench/baseline.c
	@mkdir -p $(BUILD)/bench
	$(CC) -std=c11 -O2 $(WARN) -o $@ $<

check: test

play: deps
	@$(MAKE) --no-print-directory $(BIN)
	$(BIN) play $(or $(VARIANT),bohnenspiel)

# The binary, the library (static and shared), its header and pkg-config
# file, the variant files, the man page, the documents and the bash and
# zsh completions. tests/install.sh (make test-install, and a step of make
# test) checks the installed tree.
install: $(BIN) $(LIB) $(SOLIB)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/mancala/variants \
	  $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(PREFIX)/include \
	  $(DESTDIR)$(PREFIX)/share/doc/mancala $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/mancala
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/libmancala.a
	install -m 755 $(SOLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf libmancala.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libmancala.so.$(SOMAJOR)
	ln -sf libmancala.so.$(SOMAJOR) $(DESTDIR)$(LIBDIR)/libmancala.so
	install -m 644 include/mancala.h $(DESTDIR)$(PREFIX)/include/mancala.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	  mancala.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/mancala.pc
	install -m 644 $(VARIANTS) $(DESTDIR)$(PREFIX)/share/mancala/variants/
	install -m 644 docs/mancala.1 $(DESTDIR)$(PREFIX)/share/man/man1/mancala.1
	install -m 644 README.md docs/*.md $(DESTDIR)$(PREFIX)/share/doc/mancala/
	install -m 644 completion/mancala.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/mancala
	install -m 644 completion/_mancala $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_mancala
	@$(LDCONFIG)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/mancala $(DESTDIR)$(LIBDIR)/libmancala.a \
	  $(DESTDIR)$(LIBDIR)/libmancala.so $(DESTDIR)$(LIBDIR)/libmancala.so.$(SOMAJOR) \
	  $(DESTDIR)$(LIBDIR)/libmancala.so.$(VERSION) $(DESTDIR)$(PREFIX)/include/mancala.h \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/mancala.pc $(DESTDIR)$(PREFIX)/share/man/man1/mancala.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/mancala \
	  $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_mancala
	rm -rf $(DESTDIR)$(PREFIX)/share/mancala $(DESTDIR)$(PREFIX)/share/doc/mancala
	@$(LDCONFIG)

# The dynamic loader finds a library in a directory of /etc/ld.so.conf
# (/usr/local/lib on Debian) through its cache: refreshed by a real
# install (no DESTDIR) as root into such a directory, and only then.
LDCONFIG = if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && \
  cat /etc/ld.so.conf /etc/ld.so.conf.d/*.conf 2>/dev/null | grep -qx '$(LIBDIR)/*'; then \
  echo ldconfig; PATH="$$PATH:/sbin:/usr/sbin" ldconfig; fi

test-install: $(BIN) $(LIB) $(SOLIB)
	@sh tests/install.sh $(BUILD)

clean:
	rm -rf build

-include $(wildcard $(BUILD)/obj/*.d $(BUILD)/obj/cli/*.d)

# ==== fuzzing ==============================================================
# libFuzzer targets (fuzz/*.c, see fuzz/README.md); never part of `make
# test`. They need clang with libFuzzer: the library's sources are compiled
# again with -fsanitize=fuzzer-no-link,address,undefined into build/fuzz/.
#   make fuzz [FUZZ_SECONDS=60]  runs each target FUZZ_SECONDS seconds on
#                                its corpus (build/fuzz/corpus/TARGET/)
#   make fuzz-regress            runs each target once over tests/fuzz/TARGET/
#   make fuzz-corpus             (re)fills the corpora from the tree's files
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_DIR      = build/fuzz
FUZZ_TARGETS  = load expr json record play
FUZZ_BINS     = $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)
FUZZ_LIBSRC   = $(basename $(notdir $(SRC)))
FUZZ_OBJ      = $(FUZZ_LIBSRC:%=$(FUZZ_DIR)/obj/%.o) $(FUZZ_DIR)/obj/common.o \
                $(FUZZ_DIR)/obj/expr.tab.o $(FUZZ_DIR)/obj/expr.lex.o $(FUZZ_DIR)/obj/builtin.o
FUZZ_SAN      = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS   = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -O1 -g $(FUZZ_SAN) \
                -Iinclude -Iinterpreter -Ifuzz -I$(BUILD) $(shell pkg-config --cflags yaml-0.1 jansson 2>/dev/null)
FUZZ_GEN_CFLAGS = $(filter-out -Wmissing-prototypes -Werror,$(FUZZ_CFLAGS)) -Wno-unused-function -Wno-sign-compare
FUZZ_LIBS     = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
# each run: a hang is over 1 s; crash files go to build/fuzz/crashes/TARGET/;
# dictionaries: fuzz/dict/variant.dict (load, play), TARGET.dict (others).
# ASan's quarantine of freed memory (256 MB by default) would take most of
# the 512 MB allowed, so it is kept smaller unless ASAN_OPTIONS says.
FUZZ_RUN      = -timeout=1 -rss_limit_mb=512
FUZZ_ENV      = ASAN_OPTIONS=$${ASAN_OPTIONS:-quarantine_size_mb=64} UBSAN_OPTIONS=$${UBSAN_OPTIONS:-print_stacktrace=1}
# true when $(FUZZ_CC) can link a libFuzzer target
FUZZ_HAVE_CC  = echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' | \
                $(FUZZ_CC) -fsanitize=fuzzer -x c -o /dev/null - >/dev/null 2>&1

.PHONY: fuzz fuzz-build fuzz-regress fuzz-corpus

fuzz:
	@if ! $(FUZZ_HAVE_CC); then echo "fuzz: skipped: $(FUZZ_CC) with libFuzzer (-fsanitize=fuzzer) is not installed"; exit 0; fi; \
	$(MAKE) --no-print-directory fuzz-build fuzz-corpus || exit 1; \
	fail=0; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/crashes/$$t $(FUZZ_DIR)/corpus/$$t; \
	  case $$t in load|play) d=variant;; *) d=$$t;; esac; \
	  echo "== fuzz_$$t: $(FUZZ_SECONDS) s"; \
	  $(FUZZ_ENV) $(FUZZ_DIR)/fuzz_$$t $(FUZZ_RUN) -max_total_time=$(FUZZ_SECONDS) -dict=fuzz/dict/$$d.dict \
	    -artifact_prefix=$(FUZZ_DIR)/crashes/$$t/ $(FUZZ_DIR)/corpus/$$t || fail=1; \
	done; exit $$fail

fuzz-regress:
	@if ! $(FUZZ_HAVE_CC); then echo "fuzz-regress: skipped: $(FUZZ_CC) with libFuzzer (-fsanitize=fuzzer) is not installed"; exit 0; fi; \
	$(MAKE) --no-print-directory fuzz-build || exit 1; \
	mkdir -p $(FUZZ_DIR)/regress; fail=0; for t in $(FUZZ_TARGETS); do \
	  n=0; bad=0; for f in tests/fuzz/$$t/*; do \
	    [ -f "$$f" ] || continue; n=$$((n + 1)); log=$(FUZZ_DIR)/regress/$$t-$${f##*/}.log; \
	    if $(FUZZ_ENV) $(FUZZ_DIR)/fuzz_$$t $(FUZZ_RUN) "$$f" >"$$log" 2>&1; then rm -f "$$log"; \
	    else bad=$$((bad + 1)); echo "FAIL fuzz_$$t $$f (see $$log)"; \
	      grep -m2 -E '^fuzz:|ERROR:|runtime error' "$$log" | sed 's/^/    /'; fi; \
	  done; \
	  echo "fuzz_$$t: $$n inputs, $$bad failed"; [ $$bad -eq 0 ] || fail=1; \
	done; exit $$fail

fuzz-build: $(FUZZ_BINS)
# keep the targets' objects (intermediate files of the pattern rules)
.SECONDARY: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/obj/fuzz_%.o)

fuzz-corpus:
	@sh fuzz/seed.sh $(FUZZ_DIR)/corpus

$(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/obj/fuzz_%.o $(FUZZ_DIR)/libfuzz.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(FUZZ_LIBS)

$(FUZZ_DIR)/libfuzz.a: $(FUZZ_OBJ)
	rm -f $@ && ar rcs $@ $^

$(FUZZ_DIR)/obj/%.o: interpreter/%.c $(BUILD)/expr.tab.h $(BUILD)/expr.lex.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<
$(FUZZ_DIR)/obj/%.o: fuzz/%.c $(BUILD)/expr.tab.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<
$(FUZZ_DIR)/obj/expr.tab.o: $(BUILD)/expr.tab.c $(BUILD)/expr.lex.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_GEN_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<
$(FUZZ_DIR)/obj/expr.lex.o: $(BUILD)/expr.lex.c $(BUILD)/expr.tab.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_GEN_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<
$(FUZZ_DIR)/obj/builtin.o: $(BUILD)/builtin.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

-include $(wildcard $(FUZZ_DIR)/obj/*.d)

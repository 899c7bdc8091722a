# mancala: one non-recursive Makefile (see docs/ and STYLE.md).
# Generated sources (bison, flex, embedded variants) go to build/, never
# into the tree.

PREFIX  ?= /usr/local
CC      ?= cc
BUILD   ?= build
PKGS     = yaml-0.1 jansson $(EDIT)
# line editing in `play` where libedit is installed (make deps installs it)
EDIT     = $(shell pkg-config --exists libedit 2>/dev/null && echo libedit)
WARN     = -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wwrite-strings -Werror
CFLAGS  ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(CFLAGS) \
             $(if $(EDIT),-DHAVE_LIBEDIT) \
             -Iinterpreter -I$(BUILD) $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS  = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm

SRC     = $(filter-out interpreter/main.c,$(wildcard interpreter/*.c))
OBJ     = $(SRC:interpreter/%.c=$(BUILD)/obj/%.o) \
          $(BUILD)/obj/expr.tab.o $(BUILD)/obj/expr.lex.o $(BUILD)/obj/builtin.o
LIB     = $(BUILD)/libmancala.a
BIN     = $(BUILD)/mancala
VARIANTS = $(sort $(wildcard variants/*.yaml))

TESTS    = $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/test_*.c))

.PHONY: all test check deps play install clean sanitize test-sanitize bench

all: deps-check $(BIN)

# ---- dependencies -------------------------------------------------------
# `make test` and `make play` install what is missing on Debian when run as
# root; otherwise they stop with the exact command to run.
deps:
	@sh .ci/deps

deps-check:
	@sh .ci/deps --check-only

# ---- generated sources --------------------------------------------------
$(BUILD)/expr.tab.c $(BUILD)/expr.tab.h: grammar/expr.y | $(BUILD)
	bison -Wall -Werror --defines=$(BUILD)/expr.tab.h -o $(BUILD)/expr.tab.c $<

$(BUILD)/expr.lex.c $(BUILD)/expr.lex.h: grammar/expr.l | $(BUILD)
	flex --header-file=$(BUILD)/expr.lex.h -o $(BUILD)/expr.lex.c $<

$(BUILD)/embed: tools/embed.c | $(BUILD)
	$(CC) -std=c11 -O2 $(WARN) -o $@ $<

$(BUILD)/builtin.c: $(BUILD)/embed $(VARIANTS)
	$(BUILD)/embed $(VARIANTS) > $@.tmp && mv $@.tmp $@

# ---- objects ------------------------------------------------------------
$(BUILD)/obj/%.o: interpreter/%.c $(BUILD)/expr.tab.h $(BUILD)/expr.lex.h | $(BUILD)/obj
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# generated code: warnings kept, but not the ones bison/flex output trips
GEN_CFLAGS = $(filter-out -Wmissing-prototypes -Werror,$(ALL_CFLAGS)) -Wno-unused-function -Wno-sign-compare
$(BUILD)/obj/expr.tab.o: $(BUILD)/expr.tab.c $(BUILD)/expr.lex.h | $(BUILD)/obj
	$(CC) $(GEN_CFLAGS) -c -o $@ $<
$(BUILD)/obj/expr.lex.o: $(BUILD)/expr.lex.c $(BUILD)/expr.tab.h | $(BUILD)/obj
	$(CC) $(GEN_CFLAGS) -c -o $@ $<
$(BUILD)/obj/builtin.o: $(BUILD)/builtin.c | $(BUILD)/obj
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(LIB): $(OBJ)
	rm -f $@ && ar rcs $@ $^

$(BIN): $(BUILD)/obj/main.o $(LIB)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD) $(BUILD)/obj $(BUILD)/tests:
	mkdir -p $@

# ---- tests --------------------------------------------------------------
$(BUILD)/tests/%: tests/%.c $(LIB) | $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(shell pkg-config --cflags cmocka) -o $@ $< $(LIB) $(LDLIBS) $(shell pkg-config --libs cmocka)

test: deps
	@$(MAKE) --no-print-directory $(BIN) $(TESTS)
	@sh tests/run.sh $(BUILD)
	@$(MAKE) --no-print-directory test-sanitize

# The whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer.
test-sanitize:
	@$(MAKE) --no-print-directory BUILD=build/asan \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	  build/asan/mancala $(TESTS:$(BUILD)/%=build/asan/%)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 sh tests/run.sh build/asan

# benchmarks and long checks (never part of `make test`)
BENCH = $(BUILD)/bench/players $(BUILD)/bench/baseline $(BUILD)/bench/load
bench: $(BIN) $(BENCH)
$(BUILD)/bench/%: bench/%.c $(LIB)
	@mkdir -p $(BUILD)/bench
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# the hand-written speed baseline (bench/compare): plain C, libc only, not
# linked with the library; this explicit rule wins over the pattern rule
$(BUILD)/bench/baseline: bench/baseline.c
	@mkdir -p $(BUILD)/bench
	$(CC) -std=c11 -O2 $(WARN) -o $@ $<

check: test

play: deps
	@$(MAKE) --no-print-directory $(BIN)
	$(BIN) play $(or $(VARIANT),bohnenspiel)

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/mancala/variants $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/mancala
	install -m 644 $(VARIANTS) $(DESTDIR)$(PREFIX)/share/mancala/variants/
	install -m 644 docs/mancala.1 $(DESTDIR)$(PREFIX)/share/man/man1/mancala.1

clean:
	rm -rf build

-include $(wildcard $(BUILD)/obj/*.d)

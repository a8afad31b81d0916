# rdmatop — top for RDMA.  `make` builds, `make test` runs every test.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/rdmatop
DOCDIR ?= $(PREFIX)/share/doc/rdmatop
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
# systemd reads /usr/local/lib/systemd/system too; packages use /usr/lib (merged /usr)
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
DESTDIR ?=

CC ?= gcc
PKG_CONFIG ?= pkg-config
VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)

# These ship pkg-config files; Debian 12's libev-dev does not.  The --listen
# endpoint: libmicrohttpd, GnuTLS (its client certificate checks), libcrypt
# (bcrypt) and libyaml (--web-config); libsystemd (socket activation,
# readiness and watchdog) and zlib (gzip) for the operator's side;
# libcurl (GnuTLS flavour) and jansson for --prometheus.
PC_LIBS := libmnl ncursesw libzstd libmicrohttpd gnutls libxcrypt yaml-0.1 libsystemd zlib \
	libcurl jansson
PC_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PC_LIBS) 2>/dev/null)
PC_LDLIBS := $(shell $(PKG_CONFIG) --libs $(PC_LIBS) 2>/dev/null || \
	echo -lmnl -lncursesw -ltinfo -lzstd -lmicrohttpd -lgnutls -lcrypt -lyaml -lsystemd -lz -lcurl -ljansson)
EV_CFLAGS := $(shell $(PKG_CONFIG) --cflags libev 2>/dev/null)
EV_LDLIBS := $(shell $(PKG_CONFIG) --libs libev 2>/dev/null || echo -lev)

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wformat=2 -Wno-format-nonliteral -Wvla
CFLAGS ?= -O2 -g
# Hardening, Debian's dpkg-buildflags defaults: on unless HARDEN=0, and off
# by itself for sanitizer and fuzzer builds.  Kept apart from CFLAGS and
# LDFLAGS so that giving those does not drop it; a flag in CFLAGS comes after
# and wins (-fno-stack-protector).  _FORTIFY_SOURCE needs optimisation and
# is left to the user's when CPPFLAGS or CFLAGS set one.  tests/harden
# checks the result.
HARDEN ?= $(if $(findstring -fsanitize,$(CFLAGS) $(LDFLAGS)),0,1)
cc-option = $(shell $(CC) -Werror $(1) -x c -c /dev/null -o /dev/null 2>/dev/null && echo $(1))
ifeq ($(HARDEN),1)
HARDEN_CFLAGS := $(call cc-option,-fstack-protector-strong) \
	$(call cc-option,-fstack-clash-protection) $(call cc-option,-fcf-protection) -fPIE
HARDEN_CPPFLAGS := $(if $(findstring _FORTIFY_SOURCE,$(CPPFLAGS) $(CFLAGS)),,$(if \
	$(filter-out -O0,$(filter -O%,$(CFLAGS))),-D_FORTIFY_SOURCE=2))
HARDEN_LDFLAGS := -pie -Wl,-z,relro -Wl,-z,now
endif
CPPFLAGS += $(HARDEN_CPPFLAGS) -Iinclude -Iinclude/uapi -D_GNU_SOURCE -DRDMATOP_VERSION='"$(VERSION)"' \
	-DRDMATOP_DATADIR='"$(DATADIR)"'
ALL_CFLAGS = -std=gnu11 -pthread $(WARN) $(HARDEN_CFLAGS) $(CFLAGS) $(PC_CFLAGS) $(EV_CFLAGS)
LDLIBS += $(PC_LDLIBS) $(EV_LDLIBS) -lm -pthread

BUILD ?= build
# `make V=1` shows the full commands
Q := $(if $(V),,@)
SRC := $(sort $(wildcard src/*.c src/*/*.c))
# Everything but main.c goes into a static library the tests link against.
LIB_SRC := $(filter-out src/main.c,$(SRC))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB := $(BUILD)/librdmatop.a

UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
UNIT_HELPERS := $(filter-out $(UNIT_SRC),$(wildcard tests/unit/*.c))

.PHONY: all test check unit unit-bin test-vm test-tui install uninstall clean run deps \
	sanitize format format-check bench bench-tools bench-vm bench-cluster fuzz soak print-ldlibs

all: rdmatop

rdmatop: $(BUILD)/src/main.o $(LIB)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(HARDEN_LDFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(Q)$(AR) rcs $@ $^

$(BUILD)/%.o: %.c $(BUILD)/flags
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(UNIT_HELPERS) $(LIB)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CPPFLAGS) -Itests/unit $(ALL_CFLAGS) -o $@ $< $(UNIT_HELPERS) $(LIB) $(LDLIBS)

# The object trial (tests/unit/test_res_trial.c): the library compiled again
# with a test-only SNAP_RES_LIST line (tests/unit/trial_res.h).
TRIAL_CPPFLAGS = -Itests/unit -DSNAP_RES_EXTRA_H='"trial_res.h"'
TRIAL_LIB := $(BUILD)/trial/librdmatop.a
TRIAL_OBJ := $(LIB_SRC:%.c=$(BUILD)/trial/%.o)

$(BUILD)/trial/%.o: %.c $(BUILD)/flags tests/unit/trial_res.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $< (trial)")
	$(Q)$(CC) $(CPPFLAGS) $(TRIAL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(TRIAL_LIB): $(TRIAL_OBJ)
	@rm -f $@
	$(Q)$(AR) rcs $@ $^

$(BUILD)/tests/test_res_trial: tests/unit/test_res_trial.c tests/unit/trial_res.h $(UNIT_HELPERS) $(TRIAL_LIB)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CPPFLAGS) $(TRIAL_CPPFLAGS) $(ALL_CFLAGS) -o $@ $< $(UNIT_HELPERS) $(TRIAL_LIB) $(LDLIBS)

-include $(TRIAL_OBJ:.o=.d)

# a test tool: a recording with hostile process names (tests/tui, batch, metrics)
$(BUILD)/tests/mkhostile: tests/tui/mkhostile.c tests/unit/hostile.c tests/unit/hostile.h $(LIB)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CPPFLAGS) -Itests/unit $(ALL_CFLAGS) -o $@ $< tests/unit/hostile.c $(LIB) $(LDLIBS)

-include $(LIB_OBJ:.o=.d) $(BUILD)/src/main.d

# Objects are rebuilt when the flags change (HARDEN=0, another CFLAGS).
FLAGS_NOW := $(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(HARDEN_LDFLAGS) $(LDFLAGS)
ifneq ($(file <$(BUILD)/flags),$(FLAGS_NOW))
$(shell mkdir -p $(BUILD))
$(file >$(BUILD)/flags,$(FLAGS_NOW))
endif

# The test command of the README: unit tests, batch/golden tests, the tmux
# screen tests when tmux exists, and the real-kernel suite when QEMU can run.
# the unit suite's scripts beside its binaries: the include graph has no
# cycle; the setting trial of doc/design.md, made in a scratch tree
UNIT_SCRIPTS = tests/unit/modcycles tests/unit/trial_setting

# (the build on every core unless make was given -j: its jobserver then)
test:
	@tests/deps.sh
	@case "$$MAKEFLAGS" in *jobserver*|*j[0-9]*) j= ;; *) j=-j$$(nproc 2>/dev/null || echo 1) ;; esac; \
		$(MAKE) --no-print-directory $$j all $(UNIT_BIN)
	@tests/run-all $(UNIT_BIN) $(UNIT_SCRIPTS)

check: test

unit: $(UNIT_BIN) rdmatop
	@tests/run-unit $(UNIT_BIN) $(UNIT_SCRIPTS)

# the unit binaries alone, in $(BUILD): make sanitize's (the scripts need
# the plain build, and ./rdmatop is the plain build's)
unit-bin: $(UNIT_BIN)
	@tests/run-unit $(UNIT_BIN)

test-vm: all
	tests/vm/run all

test-tui: all
	tests/tui/run

# The same suite built with clang's AddressSanitizer and
# UndefinedBehaviorSanitizer, in the tree tests/san.sh builds the sanitized
# rdmatop in (its objects shared; gcc's -Werror is the plain build's)
sanitize:
	$(MAKE) BUILD=build-asan CC=clang WARN='-Wall -Wextra' \
		CFLAGS='-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' \
		LDFLAGS='-fsanitize=address,undefined' unit-bin

deps:
	@tests/deps.sh

# what a program linking $(LIB) needs (for the test scripts that link one)
print-ldlibs:
	@echo $(LDLIBS)

# Performance and robustness (tests/bench, tests/fuzz, tests/soak): the
# synthetic-host generator and the programs that link the library.
BENCH_TOOLS := $(addprefix $(BUILD)/bench/,gen bench layout check procs net)
KGEN := tests/bench/kgen.c tests/bench/kgen_nl.c
$(BUILD)/bench/%: tests/bench/%.c $(KGEN) tests/bench/kgen.h tests/bench/kgen_priv.h $(LIB)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CPPFLAGS) -Itests/bench $(ALL_CFLAGS) -o $@ $< $(KGEN) $(LIB) $(LDLIBS)

bench-tools: $(BENCH_TOOLS)

# instructions (callgrind), memory and wall time per refresh: doc/bench.md
bench: all bench-tools
	tests/bench/bench

# the cluster view over 100, 1,000 and 5,000 synthetic hosts (GPU, storage
# and rxe nodes) in a real Prometheus, raw and with the recording rules:
# about 15 minutes, promtool taking 12 GB at 5,000 hosts (CLUSTER_HOSTS="100
# 1000" for less)
bench-cluster: all
	tests/cluster/scale.sh

# CPU of one refresh against `rdma -j res show qp` and the kernel's dump, 5k
# and 20k QPs on the real-kernel test bed (scenario scale): doc/bench.md
bench-vm: all
	tests/vm/run scale

# every libFuzzer target for FUZZ_SECONDS (default 600) each
FUZZ_SECONDS ?= 600
fuzz:
	tests/fuzz/fuzz $(FUZZ_SECONDS)

# an hour of replayed churn at 10 refreshes a second, memory must stay flat
SOAK_SECONDS ?= 3600
$(BUILD)/soak/soak: tests/soak/soak.c $(LIB)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $< $(LIB) $(LDLIBS)

soak: all bench-tools $(BUILD)/soak/soak
	tests/soak/soak $(SOAK_SECONDS)

# Shell completions and the example config, written from the option table
# (contrib/completion/mkcompletion.c); units with the installed binary's path.
$(BUILD)/mkcompletion: contrib/completion/mkcompletion.c $(LIB)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# no user theme directory may leak into the generated files
$(BUILD)/gen/rdmatop.bash $(BUILD)/gen/_rdmatop $(BUILD)/gen/config: $(BUILD)/mkcompletion $(wildcard themes/*.theme)
	@mkdir -p $(dir $@)
	$(Q)env -u XDG_CONFIG_HOME HOME=/nonexistent $(BUILD)/mkcompletion \
		$(if $(findstring bash,$@),bash,$(if $(findstring config,$@),config,zsh)) themes >$@.tmp && mv $@.tmp $@

UNITS := rdmatop-exporter.service rdmatop-textfile.service rdmatop-exporter.socket
$(BUILD)/gen/%.service: contrib/systemd/%.service
	@mkdir -p $(dir $@)
	$(Q)sed 's|@BINDIR@|$(BINDIR)|g' $< >$@
$(BUILD)/gen/%.socket: contrib/systemd/%.socket
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

GEN := $(addprefix $(BUILD)/gen/,rdmatop.bash _rdmatop config $(UNITS))
all: $(GEN)

install: rdmatop $(GEN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DATADIR)/themes \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(SYSTEMDUNITDIR) \
		$(DESTDIR)$(DATADIR)/prometheus $(DESTDIR)$(DATADIR)/grafana $(DESTDIR)$(DOCDIR)/examples
	install -m 755 rdmatop $(DESTDIR)$(BINDIR)/rdmatop
	install -m 644 doc/rdmatop.1 $(DESTDIR)$(MANDIR)/man1/rdmatop.1
	for t in themes/*.theme; do [ -e "$$t" ] || continue; \
		install -m 644 "$$t" $(DESTDIR)$(DATADIR)/themes/; done
	install -m 644 $(BUILD)/gen/rdmatop.bash $(DESTDIR)$(BASHCOMPDIR)/rdmatop
	install -m 644 $(BUILD)/gen/_rdmatop $(DESTDIR)$(ZSHCOMPDIR)/_rdmatop
	install -m 644 $(addprefix $(BUILD)/gen/,$(UNITS)) $(DESTDIR)$(SYSTEMDUNITDIR)/
	install -m 644 contrib/prometheus/rdmatop.rules.yml $(DESTDIR)$(DATADIR)/prometheus/
	install -m 644 contrib/grafana/rdmatop-fleet.json $(DESTDIR)$(DATADIR)/grafana/
	install -m 644 $(BUILD)/gen/config $(DESTDIR)$(DOCDIR)/examples/config
	install -m 644 contrib/systemd/rdmatop-exporter.default $(DESTDIR)$(DOCDIR)/examples/
	install -m 644 contrib/prometheus/rdmatop.rules.test.yml $(DESTDIR)$(DATADIR)/prometheus/
	install -m 644 README.md doc/json.md $(DESTDIR)$(DOCDIR)/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/rdmatop $(DESTDIR)$(MANDIR)/man1/rdmatop.1 \
		$(DESTDIR)$(BASHCOMPDIR)/rdmatop $(DESTDIR)$(ZSHCOMPDIR)/_rdmatop \
		$(addprefix $(DESTDIR)$(SYSTEMDUNITDIR)/,$(UNITS))
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)

run:
	@tests/deps.sh
	@$(MAKE) --no-print-directory rdmatop
	@if [ -n "$$(ls -A /sys/class/infiniband 2>/dev/null)" ]; then \
		./rdmatop; \
	else \
		echo "no RDMA devices here: replaying tests/data/demo.rdrec (recorded on Linux 6.12 with Soft-RoCE)"; \
		sleep 2; \
		./rdmatop -r tests/data/demo.rdrec; \
	fi

# .clang-format is the kernel's style at 100 columns.  `make format` keeps the
# files of tests/format/clean so; `make format FILES=src/x.c` reformats one
# more (then move it from tests/format/pending to clean).  The rest of the
# tree is left as it is: no giant reformatting diff.
FORMAT_FILES = $(shell grep -v '^\#' tests/format/clean) $(FILES)
format:
	clang-format -i --style=file $(FORMAT_FILES)

format-check:
	@tests/format/run

clean:
	rm -rf $(BUILD) build-san build-asan rdmatop

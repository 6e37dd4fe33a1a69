# SPDX-License-Identifier: GPL-2.0-only
#
# fiorion -- ORION's storage calibration on fio.
#
# Knobs:
#   V=1          show the commands
#   PREFIX       install prefix (/usr/local); DESTDIR for staged installs
#   FIO_SRC      configured fio source tree of the installed fio's version
#                (default: fetched into .deps/fio by scripts/setup.sh)
#   CFLAGS       user flags (-O2 -g); the warnings below are always added
#   DEVELOPER=1  warnings become errors
#
# Targets: all (default), demo, check, install, uninstall, clean.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
ENGINEDIR ?= $(LIBDIR)/fiorion
FIO_SRC ?= .deps/fio
FIO ?= fio
B := build

CFLAGS ?= -O2 -g
override CFLAGS += -std=gnu11 -Wall -Wextra -fPIC
ifeq ($(DEVELOPER),1)
override CFLAGS += -Werror
endif
VERSION := 0.1
override CPPFLAGS += -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -DFIORION_VERSION='"$(VERSION)"' \
	-Icommon -Iplugin -Iconverter -Idriver -MMD -MP
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer

ifneq ($(findstring 1,$(V)),1)
QUIET_CC = @echo '   ' CC $@;
QUIET_LINK = @echo '   ' LINK $@;
QUIET_GEN = @echo '   ' GEN $@;
endif

# The base layer under all three programs: no fio, no ORION, no jansson.
COMMON_SRCS := \
	common/fr_err.c \
	common/fr_file.c \
	common/fr_lunlist.c \
	common/fr_size.c \
	common/lathist.c \
	# EOL

CORE_SRCS := \
	plugin/backend.c \
	plugin/backend_aio.c \
	plugin/backend_uring.c \
	plugin/vio.c \
	plugin/vvol.c \
	# EOL

CONV_SRCS := \
	converter/fiojson.c \
	converter/orion_report.c \
	converter/points.c \
	# EOL

DRIVER_SRCS := \
	driver/clock.c \
	driver/diskutil.c \
	driver/fiorion.c \
	driver/jobfile.c \
	driver/jobparse.c \
	driver/matrix.c \
	driver/rnjson.c \
	driver/rnstat.c \
	driver/runner.c \
	# EOL

UNIT_TESTS := \
	test_clock \
	test_common \
	test_fiojson \
	test_jobparse \
	test_matrix \
	test_report \
	test_rnstat \
	test_vio \
	test_vvol \
	# EOL

CORE_LIBS = $(shell pkg-config --libs liburing 2>/dev/null || echo -luring) -laio
CMOCKA_LIBS = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

JANSSON_LIBS = $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)

COMMON_OBJS := $(COMMON_SRCS:%.c=$(B)/%.o)
COMMON_SAN_OBJS := $(COMMON_SRCS:%.c=$(B)/san/%.o)
CORE_OBJS := $(CORE_SRCS:%.c=$(B)/%.o) $(COMMON_OBJS)
SAN_OBJS := $(CORE_SRCS:%.c=$(B)/san/%.o) $(COMMON_SAN_OBJS)
CONV_OBJS := $(CONV_SRCS:%.c=$(B)/%.o) $(COMMON_OBJS)
CONV_SAN_OBJS := $(CONV_SRCS:%.c=$(B)/san/%.o) $(COMMON_SAN_OBJS)
ENGINE := $(B)/fiorion-engine.so
FIO2ORION := $(B)/fio2orion
FIORION := $(B)/fiorion
DRIVER_OBJS := $(DRIVER_SRCS:%.c=$(B)/%.o)
# The driver: the converter library plus the engine core (no fio headers).
DRIVER_LIB_OBJS := $(sort $(CORE_OBJS) $(CONV_OBJS))
TEST_BINS := $(UNIT_TESTS:%=$(B)/tests/%)
SETUP_OK := $(B)/.setup-ok

.PHONY: all demo check install uninstall clean fio-version-check
.DELETE_ON_ERROR:
.SECONDARY:

all: $(ENGINE) $(FIO2ORION) $(FIORION)

# Debian packages: installed by scripts/setup.sh the first time.
$(SETUP_OK): scripts/setup.sh
	@mkdir -p $(B)
	@sh scripts/setup.sh packages
	@touch $@

# fio's headers, from the source of the same fio release.
$(FIO_SRC)/config-host.h: | $(SETUP_OK)
	@if [ "$(FIO_SRC)" = ".deps/fio" ]; then \
		sh scripts/setup.sh fio-src "$(FIO_SRC)"; \
	else \
		echo "fiorion: FIO_SRC=$(FIO_SRC) has no config-host.h; run ./configure there first" >&2; \
		exit 1; \
	fi

# Always checked: a plugin built for another fio release must not load.
fio-version-check: $(FIO_SRC)/config-host.h
	@bin=$$($(FIO) --version 2>/dev/null | sed -n 's/^fio-\([0-9.]*\).*/\1/p'); \
	src=$$(sed -n 's/^DEF_VER=fio-\([0-9.]*\).*/\1/p' "$(FIO_SRC)/FIO-VERSION-GEN"); \
	if [ -z "$$bin" ]; then echo "fiorion: cannot run '$(FIO) --version'" >&2; exit 1; fi; \
	if [ "$$bin" != "$$src" ]; then \
		echo "fiorion: fio version mismatch: '$(FIO)' is fio-$$bin but FIO_SRC=$(FIO_SRC) is fio-$$src; the engine must be built against the same release" >&2; \
		exit 1; \
	fi

$(B)/%.o: %.c | $(SETUP_OK)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/san/%.o: %.c | $(SETUP_OK)
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN_FLAGS) -c -o $@ $<

# The one file that includes fio's headers.
$(B)/plugin/fio_engine.o: plugin/fio_engine.c $(FIO_SRC)/config-host.h | $(SETUP_OK) fio-version-check
	@mkdir -p $(dir $@)
	$(QUIET_CC)$(CC) $(CPPFLAGS) $(CFLAGS) -Wno-sign-compare -Wno-unused-parameter \
		-include $(FIO_SRC)/config-host.h -I$(FIO_SRC) -c -o $@ $<

# No -z defs: fio's symbols resolve against the fio binary at dlopen time.
$(ENGINE): $(B)/plugin/fio_engine.o $(CORE_OBJS) | fio-version-check
	$(QUIET_LINK)$(CC) $(CFLAGS) -shared -o $@ $^ $(CORE_LIBS) -lm

$(FIO2ORION): $(B)/converter/fio2orion.o $(CONV_OBJS)
	$(QUIET_LINK)$(CC) $(CFLAGS) -o $@ $^ $(JANSSON_LIBS) -lm

$(B)/driver/fiorion.o: override CPPFLAGS += -DENGINE_INSTALL_DIR='"$(ENGINEDIR)"'

$(FIORION): $(DRIVER_OBJS) $(DRIVER_LIB_OBJS)
	$(QUIET_LINK)$(CC) $(CFLAGS) -o $@ $^ $(CORE_LIBS) $(JANSSON_LIBS) -lm -lpthread

$(B)/tests/test_matrix: tests/test_matrix.c $(B)/san/driver/matrix.o $(B)/san/driver/jobfile.o
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(CPPFLAGS) -Idriver $(CFLAGS) $(SAN_FLAGS) -o $@ $(filter %.c %.o,$^) $(CMOCKA_LIBS)

$(B)/tests/test_clock: tests/test_clock.c $(B)/san/driver/clock.o
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(CPPFLAGS) -Idriver $(CFLAGS) $(SAN_FLAGS) -o $@ $(filter %.c %.o,$^) $(CMOCKA_LIBS) -lpthread

$(B)/tests/test_common: tests/test_common.c $(COMMON_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN_FLAGS) -o $@ $(filter %.c %.o,$^) $(CMOCKA_LIBS) -lm

$(B)/tests/test_rnstat: tests/test_rnstat.c $(B)/san/driver/rnstat.o
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN_FLAGS) -o $@ $(filter %.c %.o,$^) $(CMOCKA_LIBS) -lm

$(B)/tests/test_jobparse: tests/test_jobparse.c $(B)/san/driver/jobparse.o $(COMMON_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN_FLAGS) -o $@ $(filter %.c %.o,$^) $(CMOCKA_LIBS) -lm

$(B)/tests/test_vio $(B)/tests/test_vvol: $(B)/tests/%: tests/%.c $(SAN_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN_FLAGS) -o $@ $(filter %.c %.o,$^) $(CORE_LIBS) $(CMOCKA_LIBS) -lm

$(B)/tests/test_fiojson $(B)/tests/test_report: $(B)/tests/%: tests/%.c $(CONV_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(CPPFLAGS) -Iconverter $(CFLAGS) $(SAN_FLAGS) -o $@ $(filter %.c %.o,$^) $(JANSSON_LIBS) $(CMOCKA_LIBS) -lm

$(B)/tests/placement: tests/placement.c
	@mkdir -p $(dir $@)
	$(QUIET_LINK)$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $<

demo: $(ENGINE) $(FIORION) $(FIO2ORION)
	@sh scripts/demo.sh

check: $(ENGINE) $(FIO2ORION) $(FIORION) $(TEST_BINS) $(B)/tests/placement
	@sh tests/run.sh $(TEST_BINS) tests/e2e_*.sh

install: $(ENGINE) $(FIO2ORION) $(FIORION)
	install -d $(DESTDIR)$(ENGINEDIR)
	install -m 0755 $(ENGINE) $(DESTDIR)$(ENGINEDIR)/fiorion-engine.so

uninstall:
	rm -f $(DESTDIR)$(ENGINEDIR)/fiorion-engine.so
	-rmdir $(DESTDIR)$(ENGINEDIR) 2>/dev/null

clean:
	rm -rf $(B)

-include $(shell find $(B) -name '*.d' 2>/dev/null)

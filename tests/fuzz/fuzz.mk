# fuzz.mk -- the libFuzzer harnesses, built with clang outside automake: libnhref's
# sources are compiled again with coverage instrumentation (-fsanitize=fuzzer-no-link)
# and AddressSanitizer + UBSan into obj/, then linked with each harness.
# Called by 'make fuzz' (tests/fuzz/Makefile.am) with FUZZ_CC, top_srcdir,
# top_builddir (for config.h) and srcdir; GNU make.
FUZZ_CC ?= clang
FUZZ_CFLAGS ?= -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=undefined
FUZZ_LIBS ?= $(ARB_LIBS) $(JANSSON_LIBS) $(INIH_LIBS) -lmpfr -lgmp -lnettle -lm
O = obj
# the integration core is one source compiled once per number type (-DNHREF_NUM=1,2,3;
# see src/Makefile.am and num/num.h); its .c files are read from CORE_SOURCES there
CORE_SRC := $(addprefix src/,$(filter %.c,$(shell sed -n '/^CORE_SOURCES =/,/[^\\]$$/p' \
	$(top_srcdir)/src/Makefile.am | tr -d '\\' | tr ' \t' '\n\n')))
LIB_SRC := $(filter-out $(CORE_SRC),$(shell cd $(top_srcdir) && find src oracle -name '*.c' ! -name 'jets_gen_*.c' \
	! -path 'src/cli/*' ! -path 'src/tools/*' | LC_ALL=C sort))
CORE_OBJ := $(foreach t,1 2 3,$(patsubst src/%.c,$(O)/core$(t)/%.o,$(CORE_SRC)))
LIB_OBJ := $(patsubst %.c,$(O)/%.o,$(LIB_SRC)) $(CORE_OBJ)
# the configured directories: $(top_builddir)/nhref_paths.h (written by src/Makefile)
FUZZ_CPPFLAGS = $(INIH_CFLAGS) -I$(top_builddir) -I$(top_srcdir)/include -I$(top_srcdir)/src -I$(srcdir)
HARNESSES = fuzz_expr fuzz_cases fuzz_table fuzz_decimal fuzz_model fuzz_golden \
	fuzz_catalogue fuzz_cli fuzz_sweep_values

all: $(HARNESSES)

# the harnesses of the command line's parsers also compile src/cli's helpers (the
# nhref program's, not in libnhref: cli_sources.c); their commands' files are
# included by the harness
CLI_HARNESSES = fuzz_catalogue fuzz_cli
$(CLI_HARNESSES): FUZZ_EXTRA = $(srcdir)/cli_sources.c
$(CLI_HARNESSES): $(srcdir)/cli_sources.c $(wildcard $(top_srcdir)/src/cli/*.c $(top_srcdir)/src/cli/*.h)

$(O)/%.o: $(top_srcdir)/%.c
	@mkdir -p $(dir $@)
	@echo "  FUZZCC   $*.c"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_CPPFLAGS) -MMD -MP -c $< -o $@

define core_rule
$(O)/core$(1)/%.o: $(top_srcdir)/src/%.c
	@mkdir -p $$(dir $$@)
	@echo "  FUZZCC   $$*.c (NHREF_NUM=$(1))"
	@$$(FUZZ_CC) $$(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $$(FUZZ_CPPFLAGS) -DNHREF_NUM=$(1) \
		-MMD -MP -c $$< -o $$@
endef
$(foreach t,1 2 3,$(eval $(call core_rule,$(t))))

$(O)/libnhref-fuzz.a: $(LIB_OBJ)
	@rm -f $@
	@ar rcs $@ $^

fuzz_%: $(srcdir)/fuzz_%.c $(srcdir)/fuzz_util.c $(srcdir)/fuzz.h $(O)/libnhref-fuzz.a
	@echo "  FUZZLD   $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_CPPFLAGS) $< $(srcdir)/fuzz_util.c \
		$(FUZZ_EXTRA) $(O)/libnhref-fuzz.a $(FUZZ_LIBS) -o $@

.PHONY: all
-include $(LIB_OBJ:.o=.d)

# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The base-parameter flags on the binary: a value just outside a documented limit exits with
# status 2 and core's message naming the flag on stderr (tst_cli_params checks the parsing of
# every row in process). Helper defined locally (own name) so this file does not depend on
# include order.
set(ROPE_PARAMS_CLI $<TARGET_FILE:rope-cli>)
set(ROPE_PARAMS_OUT ${CMAKE_CURRENT_BINARY_DIR}/params)
file(MAKE_DIRECTORY ${ROPE_PARAMS_OUT})

function(rope_params_expect_error name regex)
    add_test(NAME ${name}
             COMMAND sh -c "\"$0\" \"$@\" 2>&1 >/dev/null | grep -Eq -e \"${regex}\" && { \"$0\" \"$@\" >/dev/null 2>&1; test $? -eq 2; }"
                     ${ROPE_PARAMS_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()

# The model flags, on a model command.
rope_params_expect_error(cli_params_dim_above "dim must be an even integer in .2, 8192., got 8194"
    freqs --dim 8194)
rope_params_expect_error(cli_params_dim_below "dim must be an even integer in .2, 8192., got 0"
    freqs --dim 0)
rope_params_expect_error(cli_params_dim_beyond_int "--dim is out of range: 4294967296"
    freqs --dim 4294967296)
rope_params_expect_error(cli_params_rotary_dim_odd
    "rotary-dim must be an even integer in .2, 8192., got 3" freqs --rotary-dim 3)
rope_params_expect_error(cli_params_rotary_dim_above_dim
    "rotary-dim .130. must not exceed dim .128." freqs --rotary-dim 130)
rope_params_expect_error(cli_params_base_at_one "base must be a finite number in .1, 1e30., got 1"
    freqs --base 1)
rope_params_expect_error(cli_params_base_above
    "base must be a finite number in .1, 1e30., got 1.0000000000000" freqs --base 1.000000000000001e30)
# The view flags, on each figure command that defines them.
set(_figure_args figure --panel rotation --out ${ROPE_PARAMS_OUT}/x.csv)
set(_animate_args animate --panel rotation --param m --from 0 --to 10 --frames 2
                  --out ${ROPE_PARAMS_OUT}/x.gif)
set(_deck_args slides --panels rotation --out ${ROPE_PARAMS_OUT}/x.pdf)
foreach(command figure animate deck)
    rope_params_expect_error(cli_params_${command}_context_above
        "context must be in .1, 67108864., got 67108865" ${_${command}_args} --context 67108865)
    rope_params_expect_error(cli_params_${command}_context_below
        "context must be in .1, 67108864., got 0" ${_${command}_args} --context 0)
endforeach()
rope_params_expect_error(cli_params_m_above "m must be finite with .m. <= 2.40, got 1099511627777"
    figure --panel rotation --m 1099511627777 --out ${ROPE_PARAMS_OUT}/x.csv)
rope_params_expect_error(cli_params_n_below "n must be finite with .n. <= 2.40, got -1099511627777"
    figure --panel rotation --n=-1099511627777 --out ${ROPE_PARAMS_OUT}/x.csv)
rope_params_expect_error(cli_params_m_not_whole "--m expects an integer, got '1.5'"
    figure --panel rotation --m 1.5 --out ${ROPE_PARAMS_OUT}/x.csv)
# A view flag is not a model command's flag.
rope_params_expect_error(cli_params_context_not_on_freqs "Unknown option 'context'"
    freqs --context 4096)

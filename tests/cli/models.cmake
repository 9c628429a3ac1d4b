# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli --preset / --config: the model gives the start values, explicit flags override them,
# import errors exit 2 naming the preset or the config field. Helper defined locally (own name)
# so this file does not depend on the include order of the other topics.
set(ROPE_MODELS_CLI $<TARGET_FILE:rope-cli>)
set(ROPE_MODELS_CONFIGS ${PROJECT_SOURCE_DIR}/tests/data/configs)

function(rope_models_expect_error name regex)
    add_test(NAME ${name}
             COMMAND sh -c "\"$0\" \"$@\" 2>&1 >/dev/null | grep -Eq -e \"${regex}\" && { \"$0\" \"$@\" >/dev/null 2>&1; test $? -eq 2; }"
                     ${ROPE_MODELS_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()

# GPT-NeoX-20B: head 6144/64 = 96, rotary_pct 0.25 → 24 rotated dims = 12 pairs, base 10000, so
# θ_i = 10^(-i/3): exactly 1, 0.1, 0.01, 0.001 at i = 0, 3, 6, 9 (pow(1e4, k/4) is exact).
set(_n "[0-9][0-9.e+-]*")
set(_neox "^\\{\"inv_freq\":\\[1,${_n},${_n},0\\.10000000000000001,${_n},${_n},0\\.01,${_n},${_n},0\\.001,${_n},${_n}\\],\"attention_factor\":1\\}\n$")
add_test(NAME cli_models_preset_partial_rotary COMMAND ${ROPE_MODELS_CLI} freqs --preset gpt-neox-20b)
set_tests_properties(cli_models_preset_partial_rotary PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION "${_neox}")
add_test(NAME cli_models_config_partial_rotary
         COMMAND ${ROPE_MODELS_CLI} freqs --config ${ROPE_MODELS_CONFIGS}/gpt-neox-20b.json)
set_tests_properties(cli_models_config_partial_rotary PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION "${_neox}")

# Llama 2 (base 10000) with --dim 8 overriding the head: θ = 1, 0.1, 0.01, 0.001. Not anchored:
# the published Llama-2-7b-hf config.json has no rope_theta, so stderr carries a warning line.
add_test(NAME cli_models_flag_overrides_dim COMMAND ${ROPE_MODELS_CLI} freqs --preset llama-2-7b --dim 8)
set_tests_properties(cli_models_flag_overrides_dim PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "\\{\"inv_freq\":\\[1,0\\.10000000000000001,0\\.01,0\\.001\\],\"attention_factor\":1\\}")

# That missing rope_theta is announced (transformers' default 10000 is used), never silent.
add_test(NAME cli_models_llama2_missing_theta_warns COMMAND ${ROPE_MODELS_CLI} freqs --preset llama-2-7b)
set_tests_properties(cli_models_llama2_missing_theta_warns PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "rope-cli: warning: llama-2-7b: rope_theta: missing; using 10000")

# --base 100 --dim 4 over Llama 2: θ = 1, 100^(-1/2) = 0.1.
add_test(NAME cli_models_flag_overrides_base
         COMMAND ${ROPE_MODELS_CLI} freqs --preset llama-2-7b --dim 4 --base 100)
set_tests_properties(cli_models_flag_overrides_base PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "\\{\"inv_freq\":\\[1,0\\.10000000000000001\\],\"attention_factor\":1\\}")

# The YaRN preset keeps its scaling when only --dim is overridden: attention 0.1·ln 4 + 1.
add_test(NAME cli_models_preset_keeps_scaling COMMAND ${ROPE_MODELS_CLI} freqs --preset qwen2.5-7b-yarn --dim 8)
set_tests_properties(cli_models_preset_keeps_scaling PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "\"attention_factor\":1\\.13862943611198[89][0-9]*\\}")

rope_models_expect_error(cli_models_unknown_preset "--preset 'nope': preset: unknown preset 'nope' \\(known: llama-2-7b"
                         freqs --preset nope)
rope_models_expect_error(cli_models_config_wrong_type "rope_theta: expected a number, got the string"
                         freqs --config ${ROPE_MODELS_CONFIGS}/wrong-types.json)
rope_models_expect_error(cli_models_config_malformed "malformed JSON at line 6"
                         freqs --config ${ROPE_MODELS_CONFIGS}/malformed.json)
rope_models_expect_error(cli_models_config_unknown_type "rope_scaling\\.type: 'ntk-by-parts' is not supported"
                         freqs --config ${ROPE_MODELS_CONFIGS}/unknown-rope-type.json)
rope_models_expect_error(cli_models_config_missing "cannot open /nonexistent/config\\.json"
                         freqs --config /nonexistent/config.json)
rope_models_expect_error(cli_models_preset_and_config "mutually exclusive"
                         freqs --preset llama-2-7b --config ${ROPE_MODELS_CONFIGS}/gpt-neox-20b.json)
rope_models_expect_error(cli_models_override_still_validated "rotary-dim \\(24\\) must not exceed dim \\(8\\)"
                         freqs --preset gpt-neox-20b --dim 8)

# A FIFO (or a directory) is refused at once instead of blocking in open() until a writer
# appears; TIMEOUT turns a regression (a hang) into a failure.
set(_fifo ${CMAKE_CURRENT_BINARY_DIR}/config-fifo)
add_test(NAME cli_models_config_fifo_refused
         COMMAND sh -c "rm -f \"$1\" && mkfifo \"$1\" && \"$0\" freqs --config \"$1\" 2>&1 >/dev/null | grep -q 'is not a regular file' && { \"$0\" freqs --config \"$1\" >/dev/null 2>&1; test $? -eq 2; }"
                 ${ROPE_CLI} ${_fifo})
set_tests_properties(cli_models_config_fifo_refused PROPERTIES LABELS cli TIMEOUT 10)
rope_cli_expect_error(cli_models_config_directory_refused "is not a regular file"
                      freqs --config ${PROJECT_SOURCE_DIR}/tests)

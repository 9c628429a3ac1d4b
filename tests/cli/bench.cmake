# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli bench contract: a table, then exactly one last line `gbps=<float>`; every flag is
# validated (exit 2, message naming it). Uses rope_cli_expect_error() from basics.cmake, which
# the sorted glob in tests/CMakeLists.txt includes first. Sizes are tiny: these check the
# contract, not the speed.

# rope_cli_expect_last_line(<name> <regex> <args…>): exit 0 and the last stdout line matches.
function(rope_cli_expect_last_line name regex)
    add_test(NAME ${name}
             COMMAND sh -c "out=$(\"$0\" \"$@\") || exit 1; printf '%s\\n' \"$out\" | tail -n 1 | grep -Eq -e \"${regex}\""
                     ${ROPE_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()

set(ROPE_BENCH_SMALL --seq 16 --heads 4 --dim 64 --reps 3 --warmup 1)
rope_cli_expect_last_line(cli_bench_simd_half "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --layout half --threads 1 --backend simd)
rope_cli_expect_last_line(cli_bench_reference_interleaved "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --layout interleaved --threads 2
                          --backend reference)
rope_cli_expect_last_line(cli_bench_copy "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --layout half --threads 1 --copy)
rope_cli_expect_last_line(cli_bench_gqa_partial "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --heads-kv 1 --rotary-dim 32 --threads 1)
# --angles: every mode ends with gbps=; computed and ggml-style say where cos/sin come from.
rope_cli_expect_last_line(cli_bench_angles_computed "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --layout half --threads 1 --angles computed)
rope_cli_expect_last_line(cli_bench_angles_computed_reference "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --layout interleaved --threads 2
                          --backend reference --angles computed --start-position 1000000)
rope_cli_expect_last_line(cli_bench_angles_ggml_style "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --heads-kv 1 --threads 2 --angles ggml-style)
rope_cli_expect_last_line(cli_bench_angles_table "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --threads 1 --angles table)
add_test(NAME cli_bench_computed_says_no_table
         COMMAND ${ROPE_CLI} bench ${ROPE_BENCH_SMALL} --threads 1 --angles computed)
set_tests_properties(cli_bench_computed_says_no_table PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "cos/sin table +none; a table would take 4096 bytes")
add_test(NAME cli_bench_ggml_style_says_reimplementation
         COMMAND ${ROPE_CLI} bench ${ROPE_BENCH_SMALL} --threads 1 --angles ggml-style)
set_tests_properties(cli_bench_ggml_style_says_reimplementation PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "re-implementation of ggml's CPU rope algorithm, not ggml")
# --compare: interleaved rounds of every mode, ratios within a round; last line unchanged.
rope_cli_expect_last_line(cli_bench_compare_last_line "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --threads 1 --compare)
add_test(NAME cli_bench_compare_prints_ratios
         COMMAND ${ROPE_CLI} bench ${ROPE_BENCH_SMALL} --threads 2 --compare --angles computed)
set_tests_properties(cli_bench_compare_prints_ratios PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "computed vs ggml-style +[0-9.]+ x \\(per-round median")
add_test(NAME cli_bench_table_says_cache_untimed
         COMMAND ${ROPE_CLI} bench ${ROPE_BENCH_SMALL} --threads 1)
set_tests_properties(cli_bench_table_says_cache_untimed PROPERTIES LABELS cli
                     PASS_REGULAR_EXPRESSION "cos/sin cache build +[0-9.]+ ms \\(built once, NOT part of the timed apply\\)")

rope_cli_expect_error(cli_bench_bad_seq "--seq must be an integer in \\[1, 67108864\\], got 0"
                      bench --seq 0)
rope_cli_expect_error(cli_bench_bad_heads "--heads expects a finite number, got 'many'"
                      bench --heads many)
rope_cli_expect_error(cli_bench_bad_heads_kv "--heads-kv must be an integer in \\[0, 4096\\]"
                      bench --heads-kv 5000)
rope_cli_expect_error(cli_bench_odd_dim "dim must be an even integer" bench --dim 127)
rope_cli_expect_error(cli_bench_bad_rotary "rotary-dim \\(256\\) must not exceed dim \\(128\\)"
                      bench --rotary-dim 256)
rope_cli_expect_error(cli_bench_bad_layout "layout must be 'interleaved' or 'half', got 'diagonal'"
                      bench --layout diagonal)
rope_cli_expect_error(cli_bench_bad_backend "backend must be 'reference' or 'simd', got 'gpu'"
                      bench --backend gpu)
rope_cli_expect_error(cli_bench_bad_threads "--threads must be an integer in \\[0, 256\\], got -1"
                      bench --threads -1)
rope_cli_expect_error(cli_bench_bad_reps "--reps must be an integer in \\[1, 1000\\], got 0"
                      bench --reps 0)
rope_cli_expect_error(cli_bench_bad_warmup "--warmup must be an integer in \\[0, 100\\]"
                      bench --warmup 101)
rope_cli_expect_error(cli_bench_bad_isa "--isa 'neon' is not available" bench --isa neon)
rope_cli_expect_error(cli_bench_too_big "exceeds the bench limit of 4 GiB"
                      bench --seq 67108864 --heads 64)
# Total memory traffic (bytes per run × runs × threads, a ggml-style run counted three times)
# above 128 GiB is refused before anything is allocated: 4096 × (32 + 1630) × 128 floats is
# 3.5 GB of Q+K, 7 GB moved per run, × 12 rounds × (table, the memcpy ceiling, and the --compare
# round's memcpy, table, computed and ggml-style ×3) × 2 threads = 1247 GiB. The CLI
# campaign's seed 20261123 drew it; it ran past the campaign's 10 s CPU limit before the cap.
rope_cli_expect_error(cli_bench_traffic_limit
                      "ask for 1247 GiB of memory traffic .* above the bench limit of 128 GiB"
                      bench --heads-kv 1630 --compare --threads 2)
rope_cli_expect_error(cli_bench_bad_angles
                      "angles must be 'table', 'computed' or 'ggml-style', got 'cached'"
                      bench --angles cached)
rope_cli_expect_error(cli_bench_ggml_style_backend
                      "--backend does not apply to --angles ggml-style"
                      bench --angles ggml-style --backend simd)
rope_cli_expect_error(cli_bench_ggml_style_isa "--isa does not apply to --angles ggml-style"
                      bench --angles ggml-style --isa sse2)
rope_cli_expect_error(cli_bench_ggml_style_method
                      "the ggml-style baseline supports methods 'default' and 'linear', got 'yarn'"
                      bench --angles ggml-style --method yarn --factor 4)
rope_cli_expect_error(cli_bench_bad_start_position
                      "--start-position \\+ --seq - 1 = 16781095 exceeds the largest kernel position"
                      bench --start-position 16777000)
rope_cli_expect_error(cli_bench_compare_with_copy "--compare already includes memcpy; drop --copy"
                      bench --compare --copy)
rope_cli_expect_error(cli_bench_compare_method
                      "the ggml-style baseline supports methods 'default' and 'linear', got 'ntk'"
                      bench --compare --method ntk --factor 2)
rope_cli_expect_error(cli_bench_bad_offset "--offset must be an integer in \\[0, 15\\], got 16"
                      bench --offset 16)
rope_cli_expect_last_line(cli_bench_offset "^gbps=[0-9]+\\.[0-9]+$"
                          bench ${ROPE_BENCH_SMALL} --threads 1 --offset 3 --angles computed)
rope_cli_expect_error(cli_bench_unknown_flag "Unknown option 'frobnicate'" bench --frobnicate)

# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli figure for the M-RoPE and KV-cache panels and p-RoPE in every panel it changes:
# each exports headless, and a bad token layout, section or query position exits 2 naming it.
set(_modern_views
    "mrope|layout=interleaved" "mrope|tokens=text:2,video:4x2x2,text:1"
    "kv-cache|query-pos=5000" "kv-cache|cached-len=8192")
foreach(_item IN LISTS _modern_views)
    string(REPLACE "|" ";" _parts "${_item}")
    list(GET _parts 0 _panel)
    list(GET _parts 1 _option)
    string(REGEX REPLACE "[=:,]" "_" _suffix "${_option}")
    add_test(NAME cli_figure_${_panel}_${_suffix}
             COMMAND ${ROPE_CLI} figure --panel ${_panel} --set ${_option} --width 600 --height 400
                     --out ${CMAKE_CURRENT_BINARY_DIR}/figures/${_panel}_${_suffix}.csv)
    set_tests_properties(cli_figure_${_panel}_${_suffix} PROPERTIES LABELS cli
                         PASS_REGULAR_EXPRESSION "${_panel}_${_suffix}.csv")
endforeach()
# p-RoPE's switched-off pairs have θ = 0: every panel that rotates, scores or times must take
# them as pairs that do not turn (they used to be refused as "inv_freq must be positive").
foreach(_panel IN ITEMS heatmap extension rotation identity precision batch attention layouts
                        rope-2d decay absolute)
    add_test(NAME cli_figure_${_panel}_proportional
             COMMAND ${ROPE_CLI} figure --panel ${_panel} --method proportional --dim 128
                     --rotary-dim 32 --width 600 --height 400
                     --out ${CMAKE_CURRENT_BINARY_DIR}/figures/${_panel}_proportional.csv)
    set_tests_properties(cli_figure_${_panel}_proportional PROPERTIES LABELS cli
                         PASS_REGULAR_EXPRESSION "${_panel}_proportional.csv")
endforeach()
rope_cli_expect_error(cli_figure_mrope_bad_tokens "picture"
                      figure --panel mrope --set tokens=text:3,picture:2 --out x.png)
rope_cli_expect_error(cli_figure_mrope_bad_section "sums to 60"
                      figure --panel mrope --set section=16,24,20 --out x.png)
rope_cli_expect_error(cli_figure_kv_cache_bad_query "query position 10 must be in"
                      figure --panel kv-cache --set key-pos=100 --set query-pos=10 --out x.png)

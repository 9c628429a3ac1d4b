# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli figure --session: a saved session renders headless with the session's parameters and
# the panel's saved options (panel = the session's visible one unless --panel), byte-identical
# to the same figure asked for with explicit flags; bad sessions and panels exit 2 naming the
# value. Helper defined locally (own name) so this file does not depend on include order.
set(ROPE_SESSIONS_CLI $<TARGET_FILE:rope-cli>)
set(ROPE_SESSIONS_DATA ${PROJECT_SOURCE_DIR}/tests/data/sessions)
set(ROPE_SESSIONS_OUT ${CMAKE_CURRENT_BINARY_DIR}/sessions)
file(MAKE_DIRECTORY ${ROPE_SESSIONS_OUT})

function(rope_sessions_expect_error name regex)
    add_test(NAME ${name}
             COMMAND sh -c "\"$0\" \"$@\" 2>&1 >/dev/null | grep -Eq -e \"${regex}\" && { \"$0\" \"$@\" >/dev/null 2>&1; test $? -eq 2; }"
                     ${ROPE_SESSIONS_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()

# rope_sessions_same_csv(<name> <panel> <session flags…> -- <explicit flags…>): both command
# lines must write the same CSV, byte for byte.
function(rope_sessions_same_csv name)
    cmake_parse_arguments(ARG "" "" "SESSION;EXPLICIT" ${ARGN})
    set(a ${ROPE_SESSIONS_OUT}/${name}-session.csv)
    set(b ${ROPE_SESSIONS_OUT}/${name}-flags.csv)
    list(JOIN ARG_SESSION " " session)
    list(JOIN ARG_EXPLICIT " " explicit)
    add_test(NAME ${name}
             COMMAND sh -c "set -e; rm -f '${a}' '${b}'; \"$0\" figure ${session} --out '${a}' >/dev/null; \"$0\" figure ${explicit} --out '${b}' >/dev/null; \"$1\" -E compare_files '${a}' '${b}'"
                     ${ROPE_SESSIONS_CLI} ${CMAKE_COMMAND})
    set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()

set(_yarn_flags --dim 64 --base 500000 --m 7 --n 20 --context 8192 --method yarn --factor 4
                --original-context 2048)

# The session's visible panel (heatmap) with its saved options quantity=sin, periods=true.
foreach(ext png csv)
    add_test(NAME cli_sessions_render_${ext}
             COMMAND ${ROPE_SESSIONS_CLI} figure --session ${ROPE_SESSIONS_DATA}/yarn-heatmap.ropex
                     --width 600 --height 400 --out ${ROPE_SESSIONS_OUT}/render.${ext})
    set_tests_properties(cli_sessions_render_${ext} PROPERTIES LABELS cli
                         PASS_REGULAR_EXPRESSION "\\{\"written\":\\[\"[^\"]*render\\.${ext}\"\\]\\}")
endforeach()
rope_sessions_same_csv(cli_sessions_csv_equals_flags
    SESSION --session ${ROPE_SESSIONS_DATA}/yarn-heatmap.ropex --width 600 --height 400
    EXPLICIT --panel heatmap ${_yarn_flags} --set quantity=sin --set periods=true
             --width 600 --height 400)
# --panel picks another panel of the session, with that panel's saved options.
rope_sessions_same_csv(cli_sessions_other_panel_equals_flags
    SESSION --session ${ROPE_SESSIONS_DATA}/yarn-heatmap.ropex --panel rotation
    EXPLICIT --panel rotation ${_yarn_flags} --set pair=5 --set k-angle-deg=-30)
# A panel without saved options renders with its defaults.
rope_sessions_same_csv(cli_sessions_unsaved_panel_equals_flags
    SESSION --session ${ROPE_SESSIONS_DATA}/yarn-heatmap.ropex --panel decay
    EXPLICIT --panel decay ${_yarn_flags})
# --set still overrides a saved option.
rope_sessions_same_csv(cli_sessions_set_overrides_saved
    SESSION --session ${ROPE_SESSIONS_DATA}/yarn-heatmap.ropex --set quantity=cos
    EXPLICIT --panel heatmap ${_yarn_flags} --set quantity=cos --set periods=true)

rope_sessions_expect_error(cli_sessions_missing_file "--session '[^']*missing\\.ropex'.*cannot open"
    figure --session ${ROPE_SESSIONS_DATA}/missing.ropex --out ${ROPE_SESSIONS_OUT}/x.png)
rope_sessions_expect_error(cli_sessions_malformed "--session '[^']*malformed\\.ropex'.*malformed JSON"
    figure --session ${ROPE_SESSIONS_DATA}/malformed.ropex --out ${ROPE_SESSIONS_OUT}/x.png)
rope_sessions_expect_error(cli_sessions_bad_field "params\\.base"
    figure --session ${ROPE_SESSIONS_DATA}/bad-base.ropex --out ${ROPE_SESSIONS_OUT}/x.png)
rope_sessions_expect_error(cli_sessions_unknown_active_panel "unknown panel 'no-such-panel'"
    figure --session ${ROPE_SESSIONS_DATA}/unknown-panel.ropex --out ${ROPE_SESSIONS_OUT}/x.png)
rope_sessions_expect_error(cli_sessions_unknown_panel "unknown panel 'nope'"
    figure --session ${ROPE_SESSIONS_DATA}/yarn-heatmap.ropex --panel nope
    --out ${ROPE_SESSIONS_OUT}/x.png)
rope_sessions_expect_error(cli_sessions_with_param_flag "--session cannot be combined with --base"
    figure --session ${ROPE_SESSIONS_DATA}/yarn-heatmap.ropex --base 20000
    --out ${ROPE_SESSIONS_OUT}/x.png)

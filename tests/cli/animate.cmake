# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli animate contract (issue #14 part 4):
#   rope-cli animate --panel ID --param KEY --from A --to B --frames N [--fps F]
#                    --out FILE.gif|FILE.mp4|FILE.webm|DIR/
# A folder gets N numbered PNGs; every bad request exits 2 naming the problem before any frame
# is drawn. The GIF's frames and size are decoded by giflib in tst_animation_export, the MP4's
# frame count by ffprobe there.
set(ROPE_ANIMATE_DIR ${CMAKE_CURRENT_BINARY_DIR}/animate)
file(MAKE_DIRECTORY ${ROPE_ANIMATE_DIR})

# A folder target: exactly N files frame-0001.png … frame-000N.png, nothing else (no temporary
# folder left behind).
add_test(NAME cli_animate_png_folder
         COMMAND sh -c "rm -rf \"$1\" && \"$0\" animate --panel rotation --param m --from 0 --to 12 --frames 7 --width 320 --height 240 --out \"$1/\" >/dev/null && test \"$(ls -A \"$1\" | tr '\\n' ' ')\" = 'frame-0001.png frame-0002.png frame-0003.png frame-0004.png frame-0005.png frame-0006.png frame-0007.png '"
                 ${ROPE_CLI} ${ROPE_ANIMATE_DIR}/rotation-m)
set_tests_properties(cli_animate_png_folder PROPERTIES LABELS cli)
add_test(NAME cli_animate_json
         COMMAND ${ROPE_CLI} animate --panel heatmap --param base --from 100 --to 1e6 --frames 3
                 --width 320 --height 240 --out ${ROPE_ANIMATE_DIR}/heatmap-base.gif)
set_tests_properties(cli_animate_json PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"frames\":3,\"written\":\\[\"[^\"]*heatmap-base\\.gif\"\\]\\}")

rope_cli_expect_error(cli_animate_unknown_panel "animate: unknown panel 'nope' \\(known: "
    animate --panel nope --param m --from 0 --to 5 --frames 3 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_unknown_key
    "panel 'heatmap' has no numeric option or parameter 'bogus' \\(numeric keys: .*base, factor"
    animate --panel heatmap --param bogus --from 0 --to 5 --frames 3 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_non_numeric_key
    "option 'quantity' of panel 'heatmap' is a choice, not a number"
    animate --panel heatmap --param quantity --from 0 --to 5 --frames 3 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_option_out_of_range
    "'k-angle-deg' of panel 'rotation' must be in \\[-180, 180\\], got 500"
    animate --panel rotation --param k-angle-deg --from 0 --to 500 --frames 3 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_base_out_of_range "'base' = 0.5: .*base"
    animate --panel extension --param base --from 0.5 --to 1e4 --frames 3 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_factor_below_one "'factor' must be in \\[1, 1000000\\], got 0.25"
    animate --panel extension --param factor --from 0.25 --to 8 --frames 3 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_fractional_position "'m' is a whole number, got 1.5"
    animate --panel identity --param m --from 1.5 --to 8 --frames 3 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_one_frame "--frames must be in \\[2, 1000\\], got 1"
    animate --panel rotation --param m --from 0 --to 5 --frames 1 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_too_many_frames "--frames must be in \\[2, 1000\\], got 1000000"
    animate --panel rotation --param m --from 0 --to 5 --frames 1000000 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_bad_fps "--fps must be in \\[1, 60\\], got 500"
    animate --panel rotation --param m --from 0 --to 5 --frames 3 --fps 500 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_unknown_format "unknown output format of '.*x.avi'"
    animate --panel rotation --param m --from 0 --to 5 --frames 3 --out ${ROPE_ANIMATE_DIR}/x.avi)
rope_cli_expect_error(cli_animate_missing_folder "cannot write '/nonexistent-rope/x.gif': folder '/nonexistent-rope' does not exist"
    animate --panel rotation --param m --from 0 --to 5 --frames 3 --out /nonexistent-rope/x.gif)
rope_cli_expect_error(cli_animate_unwritable "cannot write '/proc/rope-frames/'|cannot create folder '/proc/rope-frames'|folder '/proc' is not writable"
    animate --panel rotation --param m --from 0 --to 5 --frames 3 --out /proc/rope-frames/)
rope_cli_expect_error(cli_animate_bad_set "panel 'rotation' has no option 'nope'; valid keys: pair, k-angle-deg"
    animate --panel rotation --param m --from 0 --to 5 --frames 3 --set nope=1 --out ${ROPE_ANIMATE_DIR}/x.gif)
rope_cli_expect_error(cli_animate_missing_param "missing required option --param"
    animate --panel rotation --from 0 --to 5 --frames 3 --out ${ROPE_ANIMATE_DIR}/x.gif)

# A .gif target that is an existing folder is refused before any frame is drawn, and the folder
# is left as it was (it used to be filled with PNG frames, exit 0).
add_test(NAME cli_animate_gif_target_is_folder
         COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && \"$0\" animate --panel rotation --param m --from 0 --to 5 --frames 3 --width 320 --height 240 --out \"$1\" >/dev/null 2>\"$1.err\"; test $? -eq 2 && grep -q \"cannot write '.*folder.gif': it is an existing folder\" \"$1.err\" && test -z \"$(ls -A \"$1\")\""
                 ${ROPE_CLI} ${ROPE_ANIMATE_DIR}/folder.gif)
set_tests_properties(cli_animate_gif_target_is_folder PROPERTIES LABELS cli)

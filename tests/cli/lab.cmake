# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli lab and bench-train contracts: the JSON shape of each experiment, --out writing the same
# JSON, and exit status 2 naming the limit for bad sizes, unknown ids, flags that do not apply to
# the experiment and runs over the work cap. The runs are tiny (two steps of a d_model 32 model):
# what the experiments compute is checked in tst_train_experiments. Uses rope_cli_expect_error()
# from basics.cmake.
set(ROPE_CLI $<TARGET_FILE:rope-cli>)
set(ROPE_LAB_TINY --d-model 32 --heads 2 --layers 1 --length 16 --batch 4 --steps 2 --threads 1)

# race: per run the curve and the steps to the target, per scheme the mean/min/max curve.
add_test(NAME cli_lab_race COMMAND ${ROPE_CLI} lab --experiment race --schemes rope,alibi
                                   --seeds 2 ${ROPE_LAB_TINY})
set_tests_properties(cli_lab_race PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\\{\"experiment\":\"race\",\"runs\":\\[\\{\"scheme\":\"rope\",\"seed\":1,\"curve\":\\[\\{\"step\":1,\"loss\":[0-9.e+-]+,\"accuracy\":[0-9.e+-]+\\},\\{\"step\":2,[^]]*\\],\"steps_to_target\":[0-9a-z]+\\},\\{\"scheme\":\"rope\",\"seed\":2,.*\"schemes\":\\[\\{\"scheme\":\"rope\",\"seeds\":2,\"reached\":[0-9]+,\"steps_to_target\":\\{\"mean\":[0-9a-z.e+-]+,\"min\":[0-9a-z.e+-]+,\"max\":[0-9a-z.e+-]+\\},\"curve\":\\[\\{\"step\":1,\"loss\":\\{\"mean\":[0-9.e+-]+,\"min\":[0-9.e+-]+,\"max\":[0-9.e+-]+\\},\"accuracy\":\\{\"mean\":")
# length: the unscaled row, one per method, and after fine-tuning the default continuation and one
# per method.
add_test(NAME cli_lab_length COMMAND ${ROPE_CLI} lab --experiment length --schemes rope
                                     --methods linear --finetune-steps 2 --test-lengths 16,32
                                     --eval-sequences 4 ${ROPE_LAB_TINY})
set_tests_properties(cli_lab_length PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\\{\"experiment\":\"length\",\"rows\":\\[\\{\"scheme\":\"rope\",\"seed\":1,\"method\":\"default\",\"fine_tuned\":false,\"accuracy_by_length\":\\{\"16\":[0-9.e+-]+,\"32\":[0-9.e+-]+\\}\\},\\{[^}]*\"method\":\"linear\",\"fine_tuned\":false,[^}]*\\}\\},\\{[^}]*\"method\":\"default\",\"fine_tuned\":true,[^}]*\\}\\},\\{[^}]*\"method\":\"linear\",\"fine_tuned\":true,[^}]*\\}\\}\\],\"test_lengths\":\\[16,32\\],\"methods\":\\[\"linear\"\\],\"finetune_steps\":2,\"finetune_length\":32,")
# base: b*(16, 16) and b*(64, 16) beside one point per base.
add_test(NAME cli_lab_base COMMAND ${ROPE_CLI} lab --experiment base --bases 10,1000
                                   --eval-sequences 4 ${ROPE_LAB_TINY})
set_tests_properties(cli_lab_base PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\\{\"experiment\":\"base\",\"points\":\\[\\{\"base\":10,\"rotary_fraction\":1,\"seed\":1,\"accuracy_train_length\":[0-9.e+-]+,\"accuracy_test_length\":[0-9.e+-]+\\},\\{\"base\":1000,.*\"bounds\":\\[\\{\"rotary_fraction\":1,\"rotary_dim\":16,\"b_star_train\":[0-9.e+]+,\"b_star_test\":[0-9.e+]+\\}\\],\"bases\":\\[10,1000\\],\"train_length\":16,\"test_length\":64,")
add_test(NAME cli_lab_out
         COMMAND sh -c "cli=\"$0\"; dir=\"$1\"; shift; \"$cli\" lab --experiment race --schemes rope --seeds 1 --out \"$dir/lab_out.json\" \"$@\" > \"$dir/lab_stdout.json\" 2>/dev/null && sed 's/,\"seconds\":[^}]*}$//' \"$dir/lab_out.json\" > \"$dir/lab_out.cut\" && sed 's/,\"seconds\":[^}]*}$//' \"$dir/lab_stdout.json\" > \"$dir/lab_stdout.cut\" && cmp \"$dir/lab_out.cut\" \"$dir/lab_stdout.cut\""
                 ${ROPE_CLI} ${CMAKE_CURRENT_BINARY_DIR} ${ROPE_LAB_TINY})
set_tests_properties(cli_lab_out PROPERTIES LABELS cli)
# bench-train: one row per thread count, and the losses bitwise equal across them.
add_test(NAME cli_bench_train COMMAND ${ROPE_CLI} bench-train --thread-counts 1,2 --steps 2
                                      --d-model 32 --heads 2 --layers 1 --length 16 --batch 4)
set_tests_properties(cli_bench_train PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\\{\"rows\":\\[\\{\"threads\":1,\"steps\":2,\"wall_seconds\":[0-9.e+-]+,\"cpu_seconds\":[0-9.e+-]+,\"steps_per_second\":[0-9.e+-]+,\"cpu_ms_per_step\":[0-9.e+-]+\\},\\{\"threads\":2,[^]]*\\],\"same_losses\":true,\"scheme\":\"rope\",")

rope_cli_expect_error(cli_lab_no_experiment "missing required option --experiment" lab)
rope_cli_expect_error(cli_lab_unknown_experiment "unknown experiment 'inside' \\(valid: race, length, base\\)"
                      lab --experiment inside)
rope_cli_expect_error(cli_lab_not_applicable "--test-factor does not apply to --experiment race"
                      lab --experiment race --test-factor 2)
rope_cli_expect_error(cli_lab_base_schemes "--schemes does not apply to --experiment base"
                      lab --experiment base --schemes rope)
rope_cli_expect_error(cli_lab_work_cap "exceeds the limit 5e11"
                      lab --experiment race --steps 100000 --seeds 10)
rope_cli_expect_error(cli_lab_finetune_work_cap "exceeds the limit 5e11"
                      lab --experiment length --steps 1 --finetune-steps 100000
                      --finetune-length 1024)
rope_cli_expect_error(cli_lab_base_sweep_work_cap "exceeds the limit 5e11"
                      lab --experiment base --steps 20000 --base-count 64)
rope_cli_expect_error(cli_lab_finetune_length "finetune-length must be 64 \\(the training length\\) … 1024, got 32"
                      lab --experiment length --finetune-length 32)
rope_cli_expect_error(cli_lab_finetune_steps "finetune-steps must be 0 … 100000, got 100001"
                      lab --experiment length --finetune-steps 100001)
rope_cli_expect_error(cli_lab_methods "unknown method 'pi'"
                      lab --experiment length --methods pi)
rope_cli_expect_error(cli_lab_default_method "'default' is not a scaling method here"
                      lab --experiment length --methods default)
rope_cli_expect_error(cli_lab_methods_without_rope "--methods does not apply"
                      lab --experiment length --schemes nope --methods linear)
rope_cli_expect_error(cli_lab_test_factor "test-factor × length must be ≤ 1024, got 32 × 64"
                      lab --experiment base --test-factor 32)
rope_cli_expect_error(cli_lab_base_count "the number of bases must be 2 … 64, got 1"
                      lab --experiment base --base-count 1)
rope_cli_expect_error(cli_lab_rotary_fraction "rotary"
                      lab --experiment base --rotary-fractions 1.5)
rope_cli_expect_error(cli_lab_target "--target must be in \\(0, 1\\]"
                      lab --experiment race --target 1.5)
rope_cli_expect_error(cli_bench_train_threads "--thread-counts items must be integers 1 … 256, got 0"
                      bench-train --thread-counts 0)
rope_cli_expect_error(cli_bench_train_seeds "--seeds does not apply to bench-train"
                      bench-train --seeds 2)

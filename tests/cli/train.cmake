# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli train contracts: the JSON shape of issue 36 ({"runs":[{"scheme","seed","curve":[{"step",
# "loss","accuracy"}],"accuracy_by_length":{…},"seconds"}],…}; later fields "pair_norms" and
# "pair_norms_initial" follow "seconds": one sum per rotary pair, 8 for a head width of 16), --out
# writing the same JSON,
# --save writing a model that rope-cli weights reads (its rotary dimension and layout follow
# --rotary-fraction and --layout: r = 2⌊f·h/2⌋ = 8 for f = 0.5, h = 16), and exit status 2 naming
# the limit for bad sizes, unknown ids and runs over the work cap. The runs are tiny (a few steps
# of a d_model 32 model): learning itself is checked in tst_train. Uses rope_cli_expect_error()
# from basics.cmake.
set(ROPE_CLI $<TARGET_FILE:rope-cli>)
set(ROPE_TRAIN_TINY --d-model 32 --heads 2 --layers 1 --length 16 --batch 4 --steps 2
                    --test-lengths 16,32 --eval-sequences 4 --threads 1)

add_test(NAME cli_train_json COMMAND ${ROPE_CLI} train --schemes rope,alibi ${ROPE_TRAIN_TINY})
set_tests_properties(cli_train_json PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\\{\"runs\":\\[\\{\"scheme\":\"rope\",\"seed\":1,\"curve\":\\[\\{\"step\":1,\"loss\":[0-9.e+-]+,\"accuracy\":[0-9.e+-]+\\},\\{\"step\":2,[^]]*\\],\"accuracy_by_length\":\\{\"16\":[0-9.e+-]+,\"32\":[0-9.e+-]+\\},\"steps_to_99\":[0-9a-z]+,\"seconds\":[0-9.e+-]+,\"pair_norms\":\\[[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+\\],\"pair_norms_initial\":\\[[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+,[0-9.e+-]+\\]\\},\\{\"scheme\":\"alibi\",\"seed\":1,")
# Two seeds per scheme: seeds 5 and 6, in order.
add_test(NAME cli_train_seeds COMMAND ${ROPE_CLI} train --schemes nope --seeds 2 --seed 5
                                      ${ROPE_TRAIN_TINY})
set_tests_properties(cli_train_seeds PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\"scheme\":\"nope\",\"seed\":5,.*\"scheme\":\"nope\",\"seed\":6,")
# RoPE evaluated with a scaling method as well: accuracy_by_length_scaled appears for rope.
add_test(NAME cli_train_scaling COMMAND ${ROPE_CLI} train --schemes rope --scaling yarn
                                        ${ROPE_TRAIN_TINY})
set_tests_properties(cli_train_scaling PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\"accuracy_by_length_scaled\":\\{\"16\":[0-9.e+-]+,\"32\":[0-9.e+-]+\\}")
# --out holds exactly what stdout printed.
add_test(NAME cli_train_out
         COMMAND sh -c "cli=\"$0\"; dir=\"$1\"; shift; \"$cli\" train --schemes learned --out \"$dir/train_out.json\" \"$@\" > \"$dir/train_stdout.json\" 2>/dev/null && cmp \"$dir/train_out.json\" \"$dir/train_stdout.json\""
                 ${ROPE_CLI} ${CMAKE_CURRENT_BINARY_DIR} ${ROPE_TRAIN_TINY})
set_tests_properties(cli_train_out PROPERTIES LABELS cli)
# --save: config.json + model.safetensors that rope-cli weights reads back.
add_test(NAME cli_train_save_weights
         COMMAND sh -c "cli=\"$0\"; dir=\"$1\"; shift; rm -rf \"$dir/train_save\" && \"$cli\" train --schemes rope --rotary-fraction 0.5 --layout half --save \"$dir/train_save\" \"$@\" >/dev/null 2>&1 && \"$cli\" weights --model \"$dir/train_save/rope-seed1\""
                 ${ROPE_CLI} ${CMAKE_CURRENT_BINARY_DIR} ${ROPE_TRAIN_TINY})
set_tests_properties(cli_train_save_weights PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "^\\{\"rotary_dim\":8,\"layout\":\"half\",\"layers\":\\[\\{\"index\":0,.*\"head_dim\":16,\"num_attention_heads\":2,")

rope_cli_expect_error(cli_train_unknown_scheme "unknown position scheme 'bogus'"
                      train --schemes rope,bogus)
rope_cli_expect_error(cli_train_none_scheme "scheme 'none' is bidirectional" train --schemes none)
rope_cli_expect_error(cli_train_twice "--schemes names 'rope' twice" train --schemes rope,rope)
rope_cli_expect_error(cli_train_unknown_task "unknown task 'copy'" train --task copy)
rope_cli_expect_error(cli_train_layers "layers must be 1 … 4, got 5" train --layers 5)
rope_cli_expect_error(cli_train_d_model "d-model must be 16 … 128, got 256" train --d-model 256)
rope_cli_expect_error(cli_train_heads "must be heads \\(3\\) times an even head width"
                      train --heads 3)
rope_cli_expect_error(cli_train_batch "batch must be 1 … 1024, got 0" train --batch 0)
rope_cli_expect_error(cli_train_test_length "test-lengths items must be integers 2 … 1024"
                      train --test-lengths 64,4096)
rope_cli_expect_error(cli_train_work_cap "exceeds the limit 5e11"
                      train --steps 100000 --seeds 10)
rope_cli_expect_error(cli_train_scaling_without_rope "--scaling applies to rope"
                      train --schemes alibi --scaling linear)
rope_cli_expect_error(cli_train_unknown_scaling "unknown method 'bogus'"
                      train --schemes rope --scaling bogus)

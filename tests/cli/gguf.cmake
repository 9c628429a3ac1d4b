# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# rope-cli --gguf, translate, doctor, compare. The GGUF is the seed written by tst_gguf for
# meta-llama/Llama-3.1-8B (fuzz/corpus/gguf/llama31.gguf): its frequencies and layers must be the
# config.json's, byte for byte.
set(ROPE_GGUF_CLI $<TARGET_FILE:rope-cli>)
set(ROPE_GGUF_FILE ${PROJECT_SOURCE_DIR}/fuzz/corpus/gguf/llama31.gguf)
set(ROPE_GGUF_LLAMA ${PROJECT_SOURCE_DIR}/tests/data/configs/llama-3.1-8b.json)

foreach(cmd freqs layers)
    add_test(NAME cli_gguf_${cmd}_equals_config
             COMMAND sh -c "a=$(\"$0\" ${cmd} --gguf \"$1\" 2>/dev/null) && b=$(\"$0\" ${cmd} --config \"$2\" 2>/dev/null) && test -n \"$a\" && test \"$a\" = \"$b\""
                     ${ROPE_GGUF_CLI} ${ROPE_GGUF_FILE} ${ROPE_GGUF_LLAMA})
    set_tests_properties(cli_gguf_${cmd}_equals_config PROPERTIES LABELS cli)
endforeach()

# A file that is not a GGUF: exit 2 naming the problem.
add_test(NAME cli_gguf_not_gguf
         COMMAND sh -c "\"$0\" freqs --gguf \"$1\" 2>&1 >/dev/null | grep -q 'does not start with the bytes' && { \"$0\" freqs --gguf \"$1\" >/dev/null 2>&1; test $? -eq 2; }"
                 ${ROPE_GGUF_CLI} ${ROPE_GGUF_LLAMA})
set_tests_properties(cli_gguf_not_gguf PROPERTIES LABELS cli)

# Qwen2.5's YaRN block (factor 4, original 32768, default betas 32 and 1) as llama.cpp flags;
# Llama 3's scaling has no flag (it lives in the rope_freqs tensor) and is named.
add_test(NAME cli_translate_yarn
         COMMAND ${ROPE_GGUF_CLI} translate --preset qwen2.5-7b-yarn --to llama.cpp --json)
set_tests_properties(cli_translate_yarn PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\"command_line\":\"--rope-freq-base 1000000 --rope-scaling yarn --rope-scale 4 --yarn-orig-ctx 32768 --yarn-ext-factor 1 --yarn-beta-fast 32 --yarn-beta-slow 1\"")
add_test(NAME cli_translate_llama3_not_expressible
         COMMAND ${ROPE_GGUF_CLI} translate --config ${ROPE_GGUF_LLAMA} --to llama.cpp --json)
set_tests_properties(cli_translate_llama3_not_expressible PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "\"not_expressible\":\\[\"llama3 \\(factor 8, low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192\\)")
add_test(NAME cli_translate_gguf_to_hf
         COMMAND ${ROPE_GGUF_CLI} translate --gguf ${ROPE_GGUF_FILE} --to hf --json)
set_tests_properties(cli_translate_gguf_to_hf PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\"rope_scaling\":\\{\"factor\":8,\"high_freq_factor\":4,\"low_freq_factor\":1,\"original_max_position_embeddings\":8192,\"rope_type\":\"llama3\"\\}")

# doctor: exit 1 when an error-level check fires, 0 when none does, 2 on bad input.
add_test(NAME cli_doctor_error_exit_1
         COMMAND sh -c "\"$0\" doctor --gguf \"$1\" --engine llama.cpp --engine-args '--rope-freq-scale 8' --json | grep -q '\"id\":\"freq-scale-is-factor\",\"severity\":\"error\"'; r=$?; \"$0\" doctor --gguf \"$1\" --engine llama.cpp --engine-args '--rope-freq-scale 8' >/dev/null 2>&1; test $? -eq 1 && test $r -eq 0"
                 ${ROPE_GGUF_CLI} ${ROPE_GGUF_FILE})
set_tests_properties(cli_doctor_error_exit_1 PROPERTIES LABELS cli)
add_test(NAME cli_doctor_clean_exit_0 COMMAND ${ROPE_GGUF_CLI} doctor --preset llama-3.1-8b --json)
set_tests_properties(cli_doctor_clean_exit_0 PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "^\\{\"findings\":\\[\\],\"errors\":0\\}\n$")
add_test(NAME cli_doctor_bad_engine
         COMMAND sh -c "\"$0\" doctor --preset llama-2-7b --engine vllm 2>&1 | grep -q 'engine must be hf or llama.cpp' && { \"$0\" doctor --preset llama-2-7b --engine vllm >/dev/null 2>&1; test $? -eq 2; }"
                 ${ROPE_GGUF_CLI})
set_tests_properties(cli_doctor_bad_engine PROPERTIES LABELS cli)

# compare across formats: the GGUF against its own config.json never drops below 0.99.
add_test(NAME cli_compare_gguf_vs_config
         COMMAND ${ROPE_GGUF_CLI} compare ${ROPE_GGUF_FILE} ${ROPE_GGUF_LLAMA} --context 4096)
set_tests_properties(cli_compare_gguf_vs_config PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "\\{\"context\":4096,\"first_below_0_99\":null,")

# Gemma 3's linear ×8: llama.cpp multiplies positions by --rope-freq-scale, so 1/8 = 0.125; its
# local layers' base 10000 has no flag and is named.
add_test(NAME cli_translate_linear_is_inverse
         COMMAND ${ROPE_GGUF_CLI} translate --preset gemma-3-4b --to llama.cpp --json)
set_tests_properties(cli_translate_linear_is_inverse PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\"command_line\":\"--rope-freq-base 1000000 --rope-scaling linear --rope-freq-scale 0.125\".*\"gemma3.rope.freq_base_swa\":\"10000\".*per-layer base 10000")

# The doctor in Chinese: titles, explanations and fixes are translated; ids and fields are not.
add_test(NAME cli_doctor_zh_CN
         COMMAND sh -c "out=$(\"$0\" --lang zh_CN doctor --preset llama-2-7b --context 8192); test $? -eq 1 && echo \"$out\" | grep -q 'context-beyond-trained' && echo \"$out\" | grep -q '超出训练长度' && echo \"$out\" | grep -q '修正'"
                 ${ROPE_GGUF_CLI})
set_tests_properties(cli_doctor_zh_CN PROPERTIES LABELS cli)
# translate in Chinese: the headings and the "not expressible" notes follow --lang; the flags and
# GGUF keys themselves do not.
add_test(NAME cli_translate_zh_CN
         COMMAND sh -c "out=$(\"$0\" --lang zh_CN translate --preset deepseek-v3 --to llama.cpp 2>/dev/null) && echo \"$out\" | grep -q '无法用参数表达' && echo \"$out\" | grep -q '没有对应的命令行参数' && echo \"$out\" | grep -q 'deepseek2.rope.scaling.yarn_log_multiplier'"
                 ${ROPE_GGUF_CLI})
set_tests_properties(cli_translate_zh_CN PROPERTIES LABELS cli)
# Σcos < 0 inside a local layer's window: a warning (exit 0) naming the layers and the distance.
add_test(NAME cli_doctor_sum_cos_negative
         COMMAND sh -c "\"$0\" doctor --config \"$1\" --json | grep -q '\"id\":\"sum-cos-negative\",\"severity\":\"warning\"'"
                 ${ROPE_GGUF_CLI} ${PROJECT_SOURCE_DIR}/tests/data/configs/doctor-sum-cos-negative.json)
set_tests_properties(cli_doctor_sum_cos_negative PROPERTIES LABELS cli)

# The model-family table (io/model_family.cpp) names each family's llama.cpp architecture: keys
# are under it, never llama.*; a model_type in no row exits 2 naming it (no silent "llama").
add_test(NAME cli_translate_arch_prefix_qwen3next
         COMMAND ${ROPE_GGUF_CLI} translate --preset qwen3-next-80b-a3b --to llama.cpp --json)
set_tests_properties(cli_translate_arch_prefix_qwen3next PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "\"gguf_keys\":\\{\"qwen3next\\.rope\\.freq_base\":\"10000000\""
    FAIL_REGULAR_EXPRESSION "\"llama\\.(rope|context)")
add_test(NAME cli_translate_unknown_family_exit_2
         COMMAND sh -c "\"$0\" translate --config \"$1\" --to llama.cpp 2>&1 >/dev/null | grep -q \"model_type 'example_pope' has no llama.cpp architecture\" && { \"$0\" translate --config \"$1\" --to llama.cpp >/dev/null 2>&1; test $? -eq 2; }"
                 ${ROPE_GGUF_CLI} ${PROJECT_SOURCE_DIR}/tests/data/configs/proportional-per-layer.json)
set_tests_properties(cli_translate_unknown_family_exit_2 PROPERTIES LABELS cli)
# Phi-3.5's LongRoPE as Phi3MiniModel writes it: attn_factor √(1 + ln 32 / ln 4096) and the
# original context, never rope.scaling.type.
add_test(NAME cli_translate_phi3_longrope_keys
         COMMAND ${ROPE_GGUF_CLI} translate --preset phi-3.5-mini-instruct --to llama.cpp --json)
set_tests_properties(cli_translate_phi3_longrope_keys PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "\"phi3\\.rope\\.scaling\\.attn_factor\":\"1\\.190238071[0-9]*\",\"phi3\\.rope\\.scaling\\.original_context_length\":\"4096\""
    FAIL_REGULAR_EXPRESSION "phi3\\.rope\\.scaling\\.type")

# GGUFs as convert_hf_to_gguf.py writes them (tests/io/reference/make_converter_gguf.py): where
# llama.cpp's defaults agree with transformers' config classes, `layers --gguf` prints what
# `layers --config` prints for the published config.json.
# (gpt-oss and Phi-3.5 differ on purpose: the converter drops truncate: false, and llama.cpp
# switches Phi's sliding window off; tst_gguf_families checks both against llama.cpp's rules.)
foreach(family command-r7b qwen3-next-80b-a3b glm-4.5 gemma-4-26b-a4b)
    add_test(NAME cli_gguf_layers_${family}_equals_config
             COMMAND sh -c "a=$(\"$0\" layers --gguf \"$1\" 2>/dev/null) && b=$(\"$0\" layers --config \"$2\" 2>/dev/null) && test -n \"$a\" && test \"$a\" = \"$b\""
                     ${ROPE_GGUF_CLI} ${PROJECT_SOURCE_DIR}/tests/data/gguf/${family}.gguf
                     ${PROJECT_SOURCE_DIR}/resources/presets/${family}.json)
    set_tests_properties(cli_gguf_layers_${family}_equals_config PROPERTIES LABELS cli)
endforeach()
add_test(NAME cli_gguf_layers_gemma-2-9b_equals_config
         COMMAND sh -c "a=$(\"$0\" layers --gguf \"$1\" 2>/dev/null) && b=$(\"$0\" layers --config \"$2\" 2>/dev/null) && test -n \"$a\" && test \"$a\" = \"$b\""
                 ${ROPE_GGUF_CLI} ${PROJECT_SOURCE_DIR}/tests/data/gguf/gemma-2-9b.gguf
                 ${PROJECT_SOURCE_DIR}/tests/data/configs/gemma-2-9b.json)
set_tests_properties(cli_gguf_layers_gemma-2-9b_equals_config PROPERTIES LABELS cli)
# Qwen3.5-27B: the qwen35 loader's linear-attention layers and the MTP block dropped, as
# transformers' layer_types say.
add_test(NAME cli_gguf_layers_qwen3.5-27b_equals_config
         COMMAND sh -c "a=$(\"$0\" layers --gguf \"$1\" 2>/dev/null) && b=$(\"$0\" layers --config \"$2\" 2>/dev/null) && test -n \"$a\" && test \"$a\" = \"$b\""
                 ${ROPE_GGUF_CLI} ${PROJECT_SOURCE_DIR}/tests/data/gguf/qwen3.5-27b.gguf
                 ${PROJECT_SOURCE_DIR}/tests/data/configs/qwen3.5-27b.json)
set_tests_properties(cli_gguf_layers_qwen3.5-27b_equals_config PROPERTIES LABELS cli)
# Phi-3.5's LongRoPE lives in the GGUF's factor tensors without rope.scaling.type; a YaRN flag on
# top of it is the doctor's stacked-scaling error (exit 1).
add_test(NAME cli_doctor_phi3_gguf_stacked_scaling
         COMMAND sh -c "\"$0\" doctor --gguf \"$1\" --engine llama.cpp --engine-args '--rope-scaling yarn --rope-scale 4' --json 2>/dev/null | grep -q '\"id\":\"stacked-scaling\",\"severity\":\"error\"'; r=$?; \"$0\" doctor --gguf \"$1\" --engine llama.cpp --engine-args '--rope-scaling yarn --rope-scale 4' >/dev/null 2>&1; test $? -eq 1 && test $r -eq 0"
                 ${ROPE_GGUF_CLI} ${PROJECT_SOURCE_DIR}/tests/data/gguf/phi-3.5-mini-instruct.gguf)
set_tests_properties(cli_doctor_phi3_gguf_stacked_scaling PROPERTIES LABELS cli)
# GGUF files llama.cpp refuses (NaN/Inf in a RoPE key, a NaN yarn_log_multiplier, duplicate tensor
# names, element counts and byte sizes beyond 64 bits, data beyond the file), written by a Python
# script from the specification: exit 2, one stderr line naming the key or tensor.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME cli_gguf_bad_input_exit_2
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_gguf_bad_input.py
                 ${ROPE_GGUF_CLI})
set_tests_properties(cli_gguf_bad_input_exit_2 PROPERTIES LABELS cli)

# engine-args with a flag llama.cpp does not have: exit 2 naming it (doctor and the doctor figure).
add_test(NAME cli_doctor_unknown_engine_flag
         COMMAND sh -c "err=$(\"$0\" doctor --gguf \"$1\" --engine llama.cpp --engine-args '--rope-freq-base 10000 --bogus' 2>&1 >/dev/null); r=$?; test $r -eq 2 && echo \"$err\" | grep -q \"unknown llama.cpp flag '--bogus'\""
                 ${ROPE_GGUF_CLI} ${ROPE_GGUF_FILE})
set_tests_properties(cli_doctor_unknown_engine_flag PROPERTIES LABELS cli)
add_test(NAME cli_figure_doctor_unknown_engine_flag
         COMMAND sh -c "err=$(\"$0\" figure --panel doctor --set engine=llama.cpp --set engine-args=--bogus --out \"$1/doctor-bogus.png\" 2>&1 >/dev/null); r=$?; test $r -eq 2 && echo \"$err\" | grep -q \"unknown llama.cpp flag '--bogus'\" && ! test -e \"$1/doctor-bogus.png\""
                 ${ROPE_GGUF_CLI} ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(cli_figure_doctor_unknown_engine_flag PROPERTIES LABELS cli)
# engine-args with the transformers engine (the default), which reads none: exit 2 naming the
# option, as `rope-cli doctor --engine-args` without --engine llama.cpp does.
add_test(NAME cli_figure_doctor_engine_args_need_llama_cpp
         COMMAND sh -c "err=$(\"$0\" figure --panel doctor --set engine-args=--bogus --out \"$1/doctor-hf-args.png\" 2>&1 >/dev/null); r=$?; test $r -eq 2 && echo \"$err\" | grep -q \"engine-args\" && echo \"$err\" | grep -q \"need engine llama.cpp\" && ! test -e \"$1/doctor-hf-args.png\""
                 ${ROPE_GGUF_CLI} ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(cli_figure_doctor_engine_args_need_llama_cpp PROPERTIES LABELS cli)

# engines: gpt-oss-20b's YaRN correction range (transformers unrounded, ggml floor/ceil) makes the
# scores part at Δ = 57 (tests/io/reference/engines_reference.py); Qwen2.5's YaRN agrees; a
# family llama.cpp has no architecture for and a bad --context exit 2 naming them.
add_test(NAME cli_engines_gpt_oss
         COMMAND ${ROPE_GGUF_CLI} engines --preset gpt-oss-20b --context 4096)
set_tests_properties(cli_engines_gpt_oss PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\"max_pair\":17,\"diverges_at\":57,\"diverges_layer\":0")
add_test(NAME cli_engines_qwen_agrees
         COMMAND ${ROPE_GGUF_CLI} engines --preset qwen2.5-7b-yarn --context 32768)
set_tests_properties(cli_engines_qwen_agrees PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION
    "\"max_rel_theta_diff\":0,\"max_layer\":null,\"max_pair\":null,\"diverges_at\":null,\"diverges_layer\":null,\"differences\":\\[\\]")
add_test(NAME cli_engines_refuses
         COMMAND sh -c "\"$0\" engines --preset deepseek-v3.2 2>&1 >/dev/null | grep -q \"model_type 'deepseek_v32'\" && { \"$0\" engines --preset deepseek-v3.2 >/dev/null 2>&1; test $? -eq 2; } && { \"$0\" engines --preset gpt-oss-20b --context 0 >/dev/null 2>&1; test $? -eq 2; }"
                 ${ROPE_GGUF_CLI})
set_tests_properties(cli_engines_refuses PROPERTIES LABELS cli)

# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue #24: attention spans per layer, the window-aware base check, the 2025-26 families and the
# M-RoPE time axis. Expected values come from the published configs (windows, chunks, contexts)
# and the closed forms in the comments. Errors exit 2 naming the flag.
set(ROPE_SPANS_CLI $<TARGET_FILE:rope-cli>)

function(rope_spans_expect name regex)
    add_test(NAME ${name} COMMAND ${ROPE_SPANS_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION "${regex}")
endfunction()

function(rope_spans_expect_error name regex)
    add_test(NAME ${name}
             COMMAND sh -c "\"$0\" \"$@\" 2>&1 >/dev/null | grep -Eq -e \"${regex}\" && { \"$0\" \"$@\" >/dev/null 2>&1; test $? -eq 2; }"
                     ${ROPE_SPANS_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()

# Gemma 3 4B: sliding_window 1024 → max distance 1023; layer 5 global over 131072 − 1.
rope_spans_expect(cli_spans_gemma3_local
    "\\{\"index\":0,\"type\":\"sliding_attention\",[^}]*\"attention\":\"sliding\",\"window\":1024,\"max_distance\":1023,\"first_negative_sum_cos\":(null|[0-9]+),\"verdict\":\"(ok|negative)\""
    layers --preset gemma-3-4b)
rope_spans_expect(cli_spans_gemma3_global
    "\\{\"index\":5,\"type\":\"full_attention\",[^}]*\"attention\":\"full\",\"window\":null,\"max_distance\":131071,"
    layers --preset gemma-3-4b)
# Llama 4 Scout: RoPE layers chunked_attention, attention_chunk_size 8192 → 8191; NoPE layer 3
# full over 10485760 − 1, no check.
rope_spans_expect(cli_spans_llama4_chunked
    "\\{\"index\":0,\"type\":\"chunked_attention\",[^}]*\"attention\":\"chunked\",\"window\":8192,\"max_distance\":8191,"
    layers --preset llama-4-scout)
rope_spans_expect(cli_spans_llama4_nope
    "\\{\"index\":3,\"type\":\"full_attention\",\"rope\":false,[^}]*\"query_temperature\":\\{[^}]*\\},\"attention\":\"full\",\"window\":null,\"max_distance\":10485759,\"first_negative_sum_cos\":null,\"verdict\":\"no_rope\",\"min_base\":null,\"min_base_status\":\"no_rope\""
    layers --preset llama-4-scout)
# Qwen3-Next: layer 0 is linear attention (no RoPE, unbounded span); layer 3 full, 64 rotary dims.
rope_spans_expect(cli_spans_qwen3_next
    "\\{\"index\":0,\"type\":\"linear_attention\",\"rope\":false,[^}]*\"attention\":\"linear\",\"window\":null,\"max_distance\":null,.*\\{\"index\":3,\"type\":\"full_attention\",\"rope\":true,\"rotary_dim\":64,"
    layers --preset qwen3-next-80b-a3b)
# gpt-oss-20b: window 128 → L = 128, d = 64; b*(128, 64) is computed (under the work cap) and
# a 128 k full layer is not: L·d/2 = 131072·32 = 4194304 > 2^21.
rope_spans_expect(cli_spans_min_base_and_cap
    "\\{\"index\":0,[^}]*\"max_distance\":127,[^}]*\"min_base_status\":\"computed\",.*\\{\"index\":1,[^}]*\"max_distance\":131071,[^}]*\"min_base\":null,\"min_base_status\":\"work_cap\",\"min_base_note\":\"not computed: L\\*d/2 = 131072\\*32 = 4194304 exceeds the work cap 2097152\""
    layers --preset gpt-oss-20b)
rope_spans_expect_error(cli_spans_bad_work "min-base-work must be in \\[0, 268435456\\]"
    layers --preset gpt-oss-20b --min-base-work -1)
# Ministral 3: every layer scales queries by 1 + 0.1·ln(1 + floor(p / 16384)).
rope_spans_expect(cli_spans_ministral3_query_scale
    "\"query_scale\":\\{\"beta\":0\\.10000000000000001,\"original_max_position_embeddings\":16384\\}"
    layers --preset ministral-3-8b)
# DeepSeek-V3.2: MLA interleaved, the indexer half.
rope_spans_expect(cli_spans_deepseek_v32_indexer "\"indexer_layout\":\"half\"\\}"
    layers --preset deepseek-v3.2)
# EXAONE 4: the global layer 3 does not rotate; the sliding layer 0 does (window 4096 → 4095).
rope_spans_expect(cli_spans_exaone4
    "\\{\"index\":0,\"type\":\"sliding_attention\",\"rope\":true,[^}]*\"max_distance\":4095,.*\\{\"index\":3,\"type\":\"full_attention\",\"rope\":false,"
    layers --preset exaone-4.0-32b)
# Hunyuan-7B: NTK-alpha, b = 1e4·1000^(128/126) = 11158839.925…, θ_1 = b^(-2/128) = 0.776034363…
rope_spans_expect(cli_spans_hunyuan_alpha "\\{\"inv_freq\":\\[1,0\\.77603436304697[0-9]*,"
    freqs --preset hunyuan-7b)
# Gemma 4 global layer 5: global_head_dim 512 → 256 pairs, 64 rotating: θ_1 = 1e6^(-2/512).
rope_spans_expect(cli_spans_gemma4_global "\\{\"inv_freq\":\\[1,0\\.9474635256553[0-9]*,"
    freqs --preset gemma-4-26b-a4b --layer 5)

# M-RoPE time axis (Qwen2.5-VL, tokens_per_second 2): video frames 0, 1, 2 at 0.5 s per grid get
# temporal ids floor(t·0.5·2) = 0, 1, 2 after the text token 0 → 1, 2, 3; next text at 4.
rope_spans_expect(cli_spans_qwen25vl_time
    "\"position_ids\":\\[\\[0,1,2,3,4\\],\\[0,1,1,1,4\\],\\[0,1,1,1,4\\]\\]"
    mrope --preset qwen2.5-vl-7b --tokens text:1,video:3x1x1,text:1 --seconds-per-grid 0.5)
# At 2 s per grid: 0, 4, 8 → 1, 5, 9; next at 1 + 8 + 1 = 10.
rope_spans_expect(cli_spans_qwen25vl_time_2s
    "\"position_ids\":\\[\\[0,1,5,9,10\\],"
    mrope --preset qwen2.5-vl-7b --tokens text:1,video:3x1x1,text:1 --seconds-per-grid 2)
rope_spans_expect_error(cli_spans_seconds_without_time "--seconds-per-grid needs a model with a time axis"
    mrope --preset qwen2-vl-7b --tokens text:1,video:2x1x1 --seconds-per-grid 1)
# Qwen3-VL: an image grid with T = 2 stays whole (t = 1, 1, 2, 2 for 2×1×2 at start 1), next at
# 1 + max(1, 0, 1) + 1 = 3.
rope_spans_expect(cli_spans_qwen3vl_image_whole
    "\"position_ids\":\\[\\[0,1,1,2,2,3\\],"
    mrope --preset qwen3-vl-8b --tokens text:1,image:2x1x2,text:1)

# Every preset: every layer has attention, window, max_distance, verdict and min_base_status.
add_test(NAME cli_spans_every_preset
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_layer_spans.py
                 ${ROPE_SPANS_CLI} ${PROJECT_SOURCE_DIR}/resources/presets)
set_tests_properties(cli_spans_every_preset PROPERTIES LABELS cli TIMEOUT 120)

# The base-bound panel's layer points (set by the window from the loaded model): a malformed
# entry is refused, naming the option.
rope_spans_expect_error(cli_spans_layer_points_bad "layer-points: 'x' is not L:b:d"
    figure --panel base-bound --set model-layers=true --set layer-points=x
    --out ${CMAKE_CURRENT_BINARY_DIR}/spans_layer_points_bad.png)

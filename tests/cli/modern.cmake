# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue #13 (RoPE of today's models): rope-cli freqs --method longrope|proportional, freqs --layer,
# layers, mrope, kv-cache. Expected output comes from closed forms worked out in the comments
# (θ_i = 10000^(-i/4) = 1, 0.1, 0.01, 0.001 for d = 8, exact in double), from the published
# configs of the presets, or from tests/core/reference/modern_reference.py. Errors exit 2 naming
# the flag. Helper defined locally (own name) so this file does not depend on include order.
set(ROPE_MODERN_CLI $<TARGET_FILE:rope-cli>)

function(rope_modern_expect_error name regex)
    add_test(NAME ${name}
             COMMAND sh -c "\"$0\" \"$@\" 2>&1 >/dev/null | grep -Eq -e \"${regex}\" && { \"$0\" \"$@\" >/dev/null 2>&1; test $? -eq 2; }"
                     ${ROPE_MODERN_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli)
endfunction()

function(rope_modern_expect name regex)
    add_test(NAME ${name} COMMAND ${ROPE_MODERN_CLI} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION "${regex}")
endfunction()

# LongRoPE, d=8: θ/short = 1/1, 0.1/2, 0.01/4, 0.001/8 (halvings are exact); s = 131072/4096 = 32,
# attention √(1 + ln 32 / ln 4096) = √(17/12) = 1.1902380714238083.
set(_longrope_args freqs --method longrope --dim 8 --base 10000 --short-factor 1,2,4,8
                   --long-factor 2,4,8,16 --original-context 4096 --max-context 131072)
rope_modern_expect(cli_modern_longrope_short
    "^\\{\"inv_freq\":\\[1,0\\.050000000000000003,0\\.0025000000000000001,0\\.000125\\],\"attention_factor\":1\\.19023807142380[0-9]*\\}\n$"
    ${_longrope_args})
# seq-len = L0 still uses the short factors; one token more switches to the long ones:
# 1/2, 0.1/4, 0.01/8, 0.001/16.
rope_modern_expect(cli_modern_longrope_at_l0 "\\[1,0\\.050000000000000003," ${_longrope_args} --seq-len 4096)
rope_modern_expect(cli_modern_longrope_long
    "^\\{\"inv_freq\":\\[0\\.5,0\\.025000000000000001,0\\.00125,6\\.2500000000000001e-05\\],\"attention_factor\":1\\.19023807142380[0-9]*\\}\n$"
    ${_longrope_args} --seq-len 4097)
rope_modern_expect_error(cli_modern_longrope_list_length "short-factor must hold one value per rotary pair \\(4\\), got 3"
    freqs --method longrope --dim 8 --short-factor 1,2,4 --long-factor 1,1,1,1 --original-context 4096 --max-context 8192)
rope_modern_expect_error(cli_modern_longrope_bad_item "--long-factor expects a finite number, got 'x'"
    freqs --method longrope --dim 8 --short-factor 1,1,1,1 --long-factor 1,x,1,1)
rope_modern_expect_error(cli_modern_longrope_factor_and_max "give --factor or --max-context, not both"
    freqs --method longrope --dim 8 --factor 2 --max-context 8192)
rope_modern_expect_error(cli_modern_longrope_max_below_l0 "max-context must be in \\[original-context = 4096, 67108864\\], got 100"
    freqs --method longrope --dim 8 --original-context 4096 --max-context 100)
# Phi-3.5 preset: s = 32 from 131072 / 4096 (no factor in the file), attention √(17/12).
rope_modern_expect(cli_modern_phi_preset "\"attention_factor\":1\\.19023807142380[0-9]*\\}" freqs --preset phi-3.5-mini-instruct)

# p-RoPE, head 8, rotary-dim 4: θ_0 = 1, θ_1 = 10000^(-2/8) = 0.1 (exponent over the whole head),
# the last two pairs 0.
rope_modern_expect(cli_modern_proportional
    "^\\{\"inv_freq\":\\[1,0\\.10000000000000001,0,0\\],\"attention_factor\":1\\}\n$"
    freqs --method proportional --dim 8 --base 10000 --rotary-dim 4)
rope_modern_expect(cli_modern_proportional_factor
    "^\\{\"inv_freq\":\\[0\\.5,0\\.050000000000000003,0,0\\],\"attention_factor\":1\\}\n$"
    freqs --method proportional --dim 8 --base 10000 --rotary-dim 4 --factor 2)
rope_modern_expect(cli_modern_help_lists_new_methods "longrope .*proportional .*Options:" freqs --help)

# layers: Command R7B, pattern 4 → layer 3 is global and has no RoPE (Cohere2).
rope_modern_expect(cli_modern_layers_cohere2_nope
    "^\\{\"num_layers\":32,\"layers\":\\[\\{\"index\":0,\"type\":\"sliding_attention\",\"rope\":true,\"rotary_dim\":128,\"inv_freq\":\\[1,.*\\{\"index\":3,\"type\":\"full_attention\",\"rope\":false,\"rotary_dim\":0,\"inv_freq\":\\[\\],\"attention_factor\":1,\"softmax_scale_multiplier\":1,\"query_temperature\":null,"
    layers --preset command-r7b)
# Gemma 3 4B: layer 5 global, base 1e6 with linear ×8 → θ_0 = 1/8; layer 0 local, θ_0 = 1.
rope_modern_expect(cli_modern_layers_gemma3
    "\\{\"index\":0,\"type\":\"sliding_attention\",\"rope\":true,\"rotary_dim\":256,\"inv_freq\":\\[1,.*\\{\"index\":5,\"type\":\"full_attention\",\"rope\":true,\"rotary_dim\":256,\"inv_freq\":\\[0\\.125,"
    layers --preset gemma-3-4b)
# DeepSeek-V3: softmax × (0.1·ln 40 + 1)² = 1.8738542070926265 (modern_reference.py), attention 1.
rope_modern_expect(cli_modern_layers_deepseek
    "\"num_layers\":61,.*\"rotary_dim\":64,.*\"attention_factor\":1,\"softmax_scale_multiplier\":1\\.873854207092626[0-9]*,"
    layers --preset deepseek-v3)
# Llama 4 Scout: layer 3 NoPE with the query temperature of the config.
rope_modern_expect(cli_modern_layers_llama4
    "\\{\"index\":3,\"type\":\"full_attention\",\"rope\":false,\"rotary_dim\":0,\"inv_freq\":\\[\\],\"attention_factor\":1,\"softmax_scale_multiplier\":1,\"query_temperature\":\\{\"floor_scale\":8192,\"attn_scale\":0\\.10000000000000001\\},"
    layers --preset llama-4-scout)
rope_modern_expect_error(cli_modern_layers_needs_model "missing required option --config" layers)
rope_modern_expect_error(cli_modern_layers_no_count "no num_hidden_layers"
    layers --config ${PROJECT_SOURCE_DIR}/tests/data/configs/per-layer-type.json)
rope_modern_expect_error(cli_modern_layers_bad_no_rope "no_rope_layers: has 3 entries but num_hidden_layers is 4"
    layers --config ${PROJECT_SOURCE_DIR}/tests/data/configs/no-rope-layers-wrong-length.json)

# freqs --layer: a NoPE layer has no frequencies; the global Gemma layer is θ/8.
rope_modern_expect(cli_modern_freqs_layer_nope "^\\{\"inv_freq\":\\[\\],\"attention_factor\":1\\}\n$"
    freqs --preset command-r7b --layer 3)
# (Import warnings about Gemma3TextConfig defaults go to stderr, which ctest reads too.)
rope_modern_expect(cli_modern_freqs_layer_global "\\{\"inv_freq\":\\[0\\.125," freqs --preset gemma-3-4b --layer 5)
rope_modern_expect_error(cli_modern_freqs_layer_range "--layer must be in \\[0, 33\\], got 34"
    freqs --preset gemma-3-4b --layer 34)
rope_modern_expect_error(cli_modern_freqs_layer_mixed "--dim cannot be combined with it"
    freqs --preset gemma-3-4b --layer 5 --dim 8)
rope_modern_expect_error(cli_modern_freqs_layer_needs_model "--layer needs --config FILE or --preset ID"
    freqs --layer 0)

# mrope, Qwen2-VL [16, 24, 24]: pairs 0-15 temporal, 16-39 height, 40-63 width. Tokens
# text:2 → 0, 1; image 1×2×3 starts at 2: t = 2, h = 2 + row, w = 2 + column; the next text
# starts at 2 + max(0, 1, 2) + 1 = 5 (get_rope_index).
string(REPEAT "0," 16 _t)
string(REPEAT "1," 24 _h)
string(REPEAT "2," 23 _w)
rope_modern_expect(cli_modern_mrope_qwen2vl
    "\\{\"axis_of_pair\":\\[${_t}${_h}${_w}2\\],\"position_ids\":\\[\\[0,1,2,2,2,2,2,2,5\\],\\[0,1,2,2,2,3,3,3,5\\],\\[0,1,2,3,4,2,3,4,5\\]\\]\\}"
    mrope --preset qwen2-vl-7b --tokens text:2,image:1x2x3,text:1)
# Qwen3-VL [24, 20, 20] interleaved: t,h,w repeated 20 times, then 4 temporal pairs. A 2-frame
# video 1×2 per frame is read frame by frame: frame 0 at 0 (w 0, 1), frame 1 at 0 + 1 + 1 = 2.
string(REPEAT "0,1,2," 20 _thw)
rope_modern_expect(cli_modern_mrope_qwen3vl
    "\\{\"axis_of_pair\":\\[${_thw}0,0,0,0\\],\"position_ids\":\\[\\[0,0,2,2\\],\\[0,0,2,2\\],\\[0,1,2,3\\]\\]\\}"
    mrope --preset qwen3-vl-8b --tokens video:2x1x2)
# Same video under Qwen2-VL: one 3-D grid, frame index 0, 1.
rope_modern_expect(cli_modern_mrope_qwen2vl_video
    "\"position_ids\":\\[\\[0,0,1,1\\],\\[0,0,0,0\\],\\[0,1,0,1\\]\\]\\}"
    mrope --preset qwen2-vl-7b --tokens video:2x1x2)
rope_modern_expect_error(cli_modern_mrope_not_multimodal "no mrope_section" mrope --preset llama-2-7b --tokens text:3)
rope_modern_expect_error(cli_modern_mrope_bad_kind "unknown kind 'audio'" mrope --preset qwen2-vl-7b --tokens audio:3)
rope_modern_expect_error(cli_modern_mrope_needs_tokens "missing required option --tokens" mrope --preset qwen2-vl-7b)
# The printout is bounded (2^22 tokens) before anything is computed: 2^26 text tokens, inside the
# core's limit, took 30 s and 6.8 GB when the JSON was built whole.
rope_modern_expect_error(cli_modern_mrope_print_bound
    "--tokens describes 67108864 tokens; rope-cli mrope prints position ids for at most 4194304 tokens"
    mrope --preset qwen2-vl-7b --tokens text:67108864)
# A config whose mrope_section sums past d_rot/2 (16+24+32 = 72 pairs; head_dim 3584/28 = 128 has
# 64) is refused by every command that reads it, naming the field (it was accepted silently).
rope_modern_expect_error(cli_modern_freqs_mrope_section_too_long
    "rope_scaling\\.mrope_section: \\[16, 24, 32\\] sums to 72 rotary pairs, but the head has 64 \\(rotary dimension 128 / 2\\)"
    freqs --config ${PROJECT_SOURCE_DIR}/tests/data/configs/mrope-section-too-long.json)
rope_modern_expect_error(cli_modern_layers_mrope_section_too_long
    "rope_scaling\\.mrope_section: \\[16, 24, 32\\] sums to 72"
    layers --config ${PROJECT_SOURCE_DIR}/tests/data/configs/mrope-section-too-long.json)

# kv-cache: same position and a cache as long as the sequence: every pair contributes
# (2/8)·cos 0, so both scores are exactly 1.
rope_modern_expect(cli_modern_kv_cache_identity "^\\{\"score_consistent\":1,\"score_cached_key\":1\\}\n$"
    kv-cache --dim 8 --base 10000 --factor 2 --original-context 16 --cached-len 64 --seq-len 64 --q-pos 10 --k-pos 10)
# d=128, s=4, L0=4096, key cached at 4096, query at 16000 of 16384, key at 100
# (modern_reference.py: 0.20240152499701616 and 0.19115893242631776). Ten digits: the sum of 64
# cosines of angles up to 1.6e4 rad agrees with NumPy to ~1e-13 (tst_modern_rope checks 1e-9).
rope_modern_expect(cli_modern_kv_cache_reference
    "^\\{\"score_consistent\":0\\.2024015249[0-9]*,\"score_cached_key\":0\\.1911589324[0-9]*\\}\n$"
    kv-cache --dim 128 --base 10000 --factor 4 --original-context 4096 --cached-len 4096 --seq-len 16384 --q-pos 16000 --k-pos 100)
rope_modern_expect_error(cli_modern_kv_cache_key_not_cached "k-pos must be in \\[0, cached-len = 4096\\), got 5000"
    kv-cache --factor 4 --original-context 4096 --cached-len 4096 --seq-len 16384 --q-pos 16000 --k-pos 5000)
rope_modern_expect_error(cli_modern_kv_cache_missing_factor "missing required option --factor"
    kv-cache --original-context 4096 --cached-len 4096 --seq-len 16384 --q-pos 16000 --k-pos 5)
rope_modern_expect_error(cli_modern_kv_cache_odd_dim "dim must be an even integer in \\[4, 8192\\], got 7"
    kv-cache --dim 7 --factor 4 --original-context 4096 --cached-len 4096 --seq-len 16384 --q-pos 16000 --k-pos 5)

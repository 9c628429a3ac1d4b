// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/model_family.h"

#include <QCoreApplication>

#include <algorithm>

namespace rope::io {

namespace {

// Why the probe reads no projections of some families (IoText::tr translates them).
// Qwen3-Next and Qwen3.5 gate each attention head's output: q_proj holds, per head, the query and
// then its gate (twice the rows of the query alone), and three layers in four are linear
// attention with no q_proj at all.
const char* const kGatedQuery = QT_TRANSLATE_NOOP(
    "Io", "q_proj holds each head's query followed by its output gate, and the linear-"
              "attention layers have no q_proj, a layout the probe does not read yet");
// Multi-head latent attention: the rotated part of the keys is one shared head
// (kv_a_proj_with_mqa's last qk_rope_head_dim rows), the queries come through q_b_proj.
const char* const kLatentAttention = QT_TRANSLATE_NOOP(
    "Io", "multi-head latent attention has no per-head query and key projections to read");

QStringList types(std::initializer_list<const char*> names) {
    QStringList out;
    for (const char* n : names) {
        out << QString::fromLatin1(n);
    }
    return out;
}

// Built once. Each llama.cpp column cites the branch of load_hparams (or the graph builder) it
// comes from; transformers' pair layout is the rotate_half its modeling file uses.
std::vector<ModelFamily> buildFamilies() {
    const QString sw = QStringLiteral("sliding_window");
    std::vector<ModelFamily> f;
    // llama.cpp rotates adjacent pairs (NORM) because convert_hf_to_gguf.py's LlamaModel permutes
    // the q/k rows; the published weights rotate by halves.
    f.push_back({.id = QStringLiteral("llama"),
                 .hfModelTypes = types({"llama"}),
                 .llamaCppArch = QStringLiteral("llama"),
                 .llamaRope = LlamaRopeType::Norm,
                 .note = QStringLiteral("llama.cpp's NORM pairs act on q/k rows the converter "
                                        "permuted; on the published weights that is rotate-half")});
    f.push_back({.id = QStringLiteral("mistral"),
                 .hfModelTypes = types({"mistral", "mixtral"}),
                 .llamaCppArch = QStringLiteral("llama"),
                 .llamaRope = LlamaRopeType::Norm,
                 .slidingWindowKey = sw,
                 .note = QStringLiteral("converted as the llama architecture")});
    f.push_back({.id = QStringLiteral("ministral-3"),
                 .hfModelTypes = types({"ministral3", "mistral3"}),
                 .llamaCppArch = QStringLiteral("mistral3"),
                 .llamaRope = LlamaRopeType::Norm,
                 .slidingWindowKey = sw,
                 .note = QStringLiteral("mistral3 is newer than the llama.cpp commit read; its "
                                        "rope type is taken to be the llama builder's")});
    f.push_back({.id = QStringLiteral("qwen2"),
                 .hfModelTypes = types({"qwen2"}),
                 .llamaCppArch = QStringLiteral("qwen2"),
                 .slidingWindowKey = sw});
    f.push_back({.id = QStringLiteral("qwen2-moe"),
                 .hfModelTypes = types({"qwen2_moe"}),
                 .llamaCppArch = QStringLiteral("qwen2moe"),
                 .slidingWindowKey = sw});
    f.push_back({.id = QStringLiteral("qwen3"),
                 .hfModelTypes = types({"qwen3"}),
                 .llamaCppArch = QStringLiteral("qwen3"),
                 .slidingWindowKey = sw});
    f.push_back({.id = QStringLiteral("qwen3-moe"),
                 .hfModelTypes = types({"qwen3_moe"}),
                 .llamaCppArch = QStringLiteral("qwen3moe"),
                 .slidingWindowKey = sw});
    // load_hparams, LLM_ARCH_QWEN3NEXT: recurrent_layer_arr[i] = (i + 1) % 4 != 0 ("TODO:
    // extract the magic 4 from full_attention_interval"); only the attention layers rotate.
    f.push_back({.id = QStringLiteral("qwen3-next"),
                 .hfModelTypes = types({"qwen3_next"}),
                 .llamaCppArch = QStringLiteral("qwen3next"),
                 .llamaCpp = {.recurrentPeriod = 4},
                 .projections = ProjectionNaming::NotRead,
                 .projectionsNotRead = kGatedQuery,
                 .note = QStringLiteral("the converter writes full_attention_interval; llama.cpp "
                                        "at the commit read ignores it and uses 4")});
    // qwen35 / qwen35moe (newer than the commit read: src/models/qwen35.cpp and the QWEN35
    // branch of load_hparams, ggml-org/llama.cpp of early 2026): llama_model_rope_type lists them
    // with qwen3vl as IMROPE, and the loader requires rope.dimension_sections; layer il is linear
    // attention (Gated DeltaNet, no RoPE) iff (il + 1) mod full_attention_interval ≠ 0, the key
    // read with default 4; the graph runs only the main layers. conversion/qwen.py's
    // Qwen3_5TextModel (_Qwen35MtpMixin) writes block_count = num_hidden_layers +
    // mtp_num_hidden_layers and nextn_predict_layers, rope.dimension_count =
    // int(head_dim · partial_rotary_factor (0.25)) and the sections [11, 11, 10, 0] when the
    // config has none.
    f.push_back({.id = QStringLiteral("qwen3.5"),
                 .hfModelTypes = types({"qwen3_5_text", "qwen3_5"}),
                 .llamaCppArch = QStringLiteral("qwen35"),
                 .llamaRope = LlamaRopeType::Imrope,
                 .llamaCpp = {.recurrentPeriod = 4,
                              .recurrentPeriodFromKey = true,
                              .blockCountIncludesNextn = true},
                 .projections = ProjectionNaming::NotRead,
                 .projectionsNotRead = kGatedQuery,
                 .note = QStringLiteral("qwen35 is newer than the llama.cpp commit read; its row "
                                        "follows src/models/qwen35.cpp and the converter's "
                                        "Qwen3_5TextModel")});
    f.push_back({.id = QStringLiteral("qwen3.5-moe"),
                 .hfModelTypes = types({"qwen3_5_moe_text", "qwen3_5_moe"}),
                 .llamaCppArch = QStringLiteral("qwen35moe"),
                 .llamaRope = LlamaRopeType::Imrope,
                 .llamaCpp = {.recurrentPeriod = 4,
                              .recurrentPeriodFromKey = true,
                              .blockCountIncludesNextn = true},
                 .projections = ProjectionNaming::NotRead,
                 .projectionsNotRead = kGatedQuery,
                 .note = QStringLiteral("qwen35moe is newer than the llama.cpp commit read; its "
                                        "row follows the qwen35 loader it shares and the "
                                        "converter's Qwen3_5MoeTextModel")});
    f.push_back({.id = QStringLiteral("qwen2-vl"),
                 // transformers 5 nests the text model as qwen2_vl_text / qwen2_5_vl_text.
                 .hfModelTypes =
                     types({"qwen2_vl", "qwen2_5_vl", "qwen2_vl_text", "qwen2_5_vl_text"}),
                 .llamaCppArch = QStringLiteral("qwen2vl"),
                 .llamaRope = LlamaRopeType::Mrope});
    f.push_back({.id = QStringLiteral("qwen3-vl"),
                 .hfModelTypes = types({"qwen3_vl", "qwen3_vl_text", "qwen3_vl_moe"}),
                 .llamaCppArch = QStringLiteral("qwen3vl"),
                 .llamaRope = LlamaRopeType::Imrope,
                 .note = QStringLiteral("qwen3vl (IMROPE) is newer than the llama.cpp commit "
                                        "read")});
    f.push_back({.id = QStringLiteral("gemma"),
                 .hfModelTypes = types({"gemma"}),
                 .llamaCppArch = QStringLiteral("gemma")});
    // LLM_ARCH_GEMMA2: swa_type STANDARD, n_swa = 4096 ("default value of gemma 2"),
    // set_swa_pattern(2); sliding_window read only if present.
    f.push_back(
        {.id = QStringLiteral("gemma-2"),
         .hfModelTypes = types({"gemma2"}),
         .llamaCppArch = QStringLiteral("gemma2"),
         .llamaCpp = {.swaType = LlamaSwaType::Standard, .swaPeriod = 2, .defaultWindow = 4096},
         .slidingWindowKey = sw});
    // LLM_ARCH_GEMMA3: set_swa_pattern(6), sliding layers at base 10000 unscaled, window required.
    f.push_back({.id = QStringLiteral("gemma-3"),
                 .hfModelTypes = types({"gemma3_text", "gemma3"}),
                 .llamaCppArch = QStringLiteral("gemma3"),
                 .llamaCpp = {.swaType = LlamaSwaType::Standard, .swaPeriod = 6},
                 .slidingWindowKey = sw});
    // LLM_ARCH_GEMMA3N: set_swa_pattern(5) (layers il mod 5 < 4 slide, as transformers'
    // Gemma3nTextConfig derives without layer_types), sliding layers at base 10000 unscaled,
    // window required.
    f.push_back({.id = QStringLiteral("gemma-3n"),
                 .hfModelTypes = types({"gemma3n_text", "gemma3n"}),
                 .llamaCppArch = QStringLiteral("gemma3n"),
                 .llamaCpp = {.swaType = LlamaSwaType::Standard, .swaPeriod = 5},
                 .slidingWindowKey = sw});
    // convert_hf_to_gguf.py's Gemma4Model writes the layer pattern, per-layer head_count_kv,
    // key_length (global_head_dim) and key_length_swa (head_dim), rope.dimension_count
    // (global_head_dim: "proportional" is done by rope_freqs) and rope.dimension_count_swa, and
    // rope_freqs = [1] × rotated pairs + [1e30] × the rest, used by the full layers only.
    f.push_back({.id = QStringLiteral("gemma-4"),
                 .hfModelTypes = types({"gemma4_text", "gemma4"}),
                 .llamaCppArch = QStringLiteral("gemma4"),
                 .llamaCpp = {.perLayerTypeRope = true},
                 .slidingWindowKey = sw,
                 .note = QStringLiteral("gemma4 is newer than the llama.cpp commit read; its "
                                        "row follows the converter's Gemma4Model")});
    // LLM_ARCH_PHI3: a positive sliding_window logs "Phi SWA is currently disabled" and sets
    // swa_type NONE (PR 13676).
    f.push_back({.id = QStringLiteral("phi-3"),
                 .hfModelTypes = types({"phi3"}),
                 .llamaCppArch = QStringLiteral("phi3"),
                 .llamaCpp = {.swaDisabled = true},
                 .slidingWindowKey = sw,
                 .projections = ProjectionNaming::QkvProj});
    f.push_back({.id = QStringLiteral("gpt-neox"),
                 .hfModelTypes = types({"gpt_neox"}),
                 .llamaCppArch = QStringLiteral("gptneox"),
                 .projections = ProjectionNaming::NeoxQueryKeyValue});
    // LLM_ARCH_FALCON: llama_model_rope_type lists it among the architectures whose pairs are
    // n_rot/2 apart (NEOX), as transformers' Falcon rotates halves.
    f.push_back({.id = QStringLiteral("falcon"),
                 .hfModelTypes = types({"falcon"}),
                 .llamaCppArch = QStringLiteral("falcon"),
                 .projections = ProjectionNaming::FalconQueryKeyValue});
    f.push_back({.id = QStringLiteral("gpt-j"),
                 .hfModelTypes = types({"gptj"}),
                 .llamaCppArch = QStringLiteral("gptj"),
                 .llamaRope = LlamaRopeType::None,
                 .pairLayout = Layout::Interleaved,
                 .projections = ProjectionNaming::NotRead,
                 .projectionsNotRead = QT_TRANSLATE_NOOP(
                     "Io", "its projections are named h.<i>.attn.q_proj.weight and "
                               "k_proj.weight, a naming the probe does not read yet"),
                 .note = QStringLiteral("llama_model_rope_type lists gptj among the "
                                        "architectures without RoPE (no graph builder)")});
    f.push_back({.id = QStringLiteral("deepseek-v2"),
                 .hfModelTypes = types({"deepseek_v2", "deepseek_v3"}),
                 .llamaCppArch = QStringLiteral("deepseek2"),
                 .llamaRope = LlamaRopeType::Norm,
                 .pairLayout = Layout::Interleaved,
                 .projections = ProjectionNaming::NotRead,
                 .projectionsNotRead = kLatentAttention});
    f.push_back({.id = QStringLiteral("deepseek-v3.2"),
                 .hfModelTypes = types({"deepseek_v32"}),
                 .llamaRope = LlamaRopeType::Norm,
                 .pairLayout = Layout::Interleaved,
                 .projections = ProjectionNaming::NotRead,
                 .projectionsNotRead = kLatentAttention,
                 .note = QStringLiteral("no llama.cpp architecture at the commit read")});
    f.push_back({.id = QStringLiteral("command-r"),
                 .hfModelTypes = types({"cohere"}),
                 .llamaCppArch = QStringLiteral("command-r"),
                 .llamaRope = LlamaRopeType::Norm,
                 .pairLayout = Layout::Interleaved});
    // LLM_ARCH_COHERE2: swa_type STANDARD, set_swa_pattern(4), sliding_window required;
    // llm_build_cohere2_iswa applies RoPE only where is_swa(il).
    f.push_back({.id = QStringLiteral("command-r7b"),
                 .hfModelTypes = types({"cohere2"}),
                 .llamaCppArch = QStringLiteral("cohere2"),
                 .llamaRope = LlamaRopeType::Norm,
                 .pairLayout = Layout::Interleaved,
                 .llamaCpp = {.swaType = LlamaSwaType::Standard,
                              .swaPeriod = 4,
                              .ropeOnlySlidingLayers = true},
                 .slidingWindowKey = sw});
    // LLM_ARCH_LLAMA4: swa_type CHUNKED, n_swa 8192, set_swa_pattern(4) unless sliding_window
    // is written as 0; n_no_rope_layer_step keeps its default 4 (every 4th layer NoPE).
    f.push_back({.id = QStringLiteral("llama-4"),
                 .hfModelTypes = types({"llama4_text", "llama4"}),
                 .llamaCppArch = QStringLiteral("llama4"),
                 .llamaRope = LlamaRopeType::Norm,
                 .pairLayout = Layout::Interleaved,
                 .llamaCpp = {.swaType = LlamaSwaType::Chunked,
                              .swaPeriod = 4,
                              .defaultWindow = 8192,
                              .noRopeLayerStep = 4},
                 .chunkKey = QStringLiteral("attention_chunk_size")});
    // LLM_ARCH_SMOLLM3: n_no_rope_layer_step = 4.
    f.push_back({.id = QStringLiteral("smollm3"),
                 .hfModelTypes = types({"smollm3"}),
                 .llamaCppArch = QStringLiteral("smollm3"),
                 .llamaRope = LlamaRopeType::Norm,
                 .llamaCpp = {.noRopeLayerStep = 4},
                 .slidingWindowKey = sw});
    // LLM_ARCH_OPENAI_MOE: sliding_window required, swa_type STANDARD, set_swa_pattern(2).
    f.push_back({.id = QStringLiteral("gpt-oss"),
                 .hfModelTypes = types({"gpt_oss"}),
                 .llamaCppArch = QStringLiteral("gpt-oss"),
                 .llamaCpp = {.swaType = LlamaSwaType::Standard, .swaPeriod = 2},
                 .slidingWindowKey = sw});
    f.push_back({.id = QStringLiteral("starcoder2"),
                 .hfModelTypes = types({"starcoder2"}),
                 .llamaCppArch = QStringLiteral("starcoder2"),
                 .slidingWindowKey = sw});
    // LLM_ARCH_OLMO2: set_swa_pattern(4) only when a positive sliding_window is written.
    f.push_back({.id = QStringLiteral("olmo2"),
                 .hfModelTypes = types({"olmo2"}),
                 .llamaCppArch = QStringLiteral("olmo2"),
                 .llamaCpp = {.swaType = LlamaSwaType::Standard,
                              .swaPeriod = 4,
                              .swaOnlyWithWindowKey = true},
                 .slidingWindowKey = sw});
    // LLM_ARCH_EXAONE4: for 64 layers (32B) swa_type STANDARD, n_swa 4096, set_swa_pattern(4);
    // llm_build_exaone4 then rotates only the sliding layers.
    f.push_back({.id = QStringLiteral("exaone-4"),
                 .hfModelTypes = types({"exaone4"}),
                 .llamaCppArch = QStringLiteral("exaone4"),
                 .llamaCpp = {.swaType = LlamaSwaType::Standard,
                              .swaPeriod = 4,
                              .defaultWindow = 4096,
                              .swaOnlyForBlockCount = 64,
                              .ropeOnlySlidingLayers = true},
                 .slidingWindowKey = sw});
    // transformers' modeling_glm4.py rotates interleaved pairs of the first half of the head.
    f.push_back({.id = QStringLiteral("glm-4"),
                 .hfModelTypes = types({"glm4"}),
                 .llamaCppArch = QStringLiteral("glm4"),
                 .llamaRope = LlamaRopeType::Norm,
                 .pairLayout = Layout::Interleaved});
    // LLM_ARCH_GLM4_MOE: n_layer_kv_from_start = n_layer − nextn_predict_layers; the converter's
    // block_count = num_hidden_layers + num_nextn_predict_layers.
    f.push_back({.id = QStringLiteral("glm-4.5"),
                 .hfModelTypes = types({"glm4_moe"}),
                 .llamaCppArch = QStringLiteral("glm4moe"),
                 .llamaCpp = {.blockCountIncludesNextn = true}});
    f.push_back({.id = QStringLiteral("hunyuan-dense"),
                 .hfModelTypes = types({"hunyuan_v1_dense"}),
                 .llamaCppArch = QStringLiteral("hunyuan-dense")});
    f.push_back({.id = QStringLiteral("minimax-m2"),
                 .hfModelTypes = types({"minimax_m2"}),
                 .llamaCppArch = QStringLiteral("minimax-m2"),
                 .note = QStringLiteral("minimax-m2 is newer than the llama.cpp commit read")});
    return f;
}

} // namespace

const std::vector<ModelFamily>& modelFamilies() {
    static const std::vector<ModelFamily> families = buildFamilies();
    return families;
}

const ModelFamily* familyOfModelType(const QString& modelType) {
    for (const ModelFamily& f : modelFamilies()) {
        if (f.hfModelTypes.contains(modelType)) {
            return &f;
        }
    }
    return nullptr;
}

bool isFamily(const QString& modelType, std::initializer_list<const char*> ids) {
    const ModelFamily* family = familyOfModelType(modelType);
    return family != nullptr && std::any_of(ids.begin(), ids.end(), [family](const char* id) {
               return family->id == QLatin1String(id);
           });
}

const ModelFamily* familyOfLlamaCppArch(const QString& arch) {
    if (arch.isEmpty()) {
        return nullptr;
    }
    for (const ModelFamily& f : modelFamilies()) {
        if (f.llamaCppArch == arch) {
            return &f;
        }
    }
    return nullptr;
}

QString knownLlamaCppArchs() {
    QStringList names;
    for (const ModelFamily& f : modelFamilies()) {
        if (!f.llamaCppArch.isEmpty() && !names.contains(f.llamaCppArch)) {
            names << f.llamaCppArch;
        }
    }
    return names.join(QStringLiteral(", "));
}

QString llamaRopeTypeName(LlamaRopeType type) {
    switch (type) {
    case LlamaRopeType::None:
        return QStringLiteral("NONE");
    case LlamaRopeType::Norm:
        return QStringLiteral("NORM");
    case LlamaRopeType::Neox:
        return QStringLiteral("NEOX");
    case LlamaRopeType::Mrope:
        return QStringLiteral("MROPE");
    case LlamaRopeType::Imrope:
        return QStringLiteral("IMROPE");
    case LlamaRopeType::Vision:
        return QStringLiteral("VISION");
    }
    return QString();
}

std::vector<bool> llamaCppSwaLayers(int layers, int period) {
    std::vector<bool> swa(static_cast<std::size_t>(std::max(layers, 0)), false);
    for (int il = 0; il < layers && period > 0; ++il) {
        // set_swa_pattern(n, dense_first = false): il mod n < n − 1 is sliding.
        swa[static_cast<std::size_t>(il)] = il % period < period - 1;
    }
    return swa;
}

} // namespace rope::io
